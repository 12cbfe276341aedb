#version 310 es
// The vertex shader of every bench_vk_draw loop: a position attribute moved
// by a UBO offset (the same shape as bench/mesa_peer/gles_loops.c).
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 0) uniform Params {
	vec4 offset;
	vec4 color;
} params;
void main()
{
	gl_Position = vec4(pos + params.offset.xy, 0.0, 1.0);
}
