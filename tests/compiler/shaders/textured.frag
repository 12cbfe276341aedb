#version 310 es
precision mediump float;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o_color;
layout(set = 0, binding = 1) uniform sampler2D u_tex;
layout(push_constant) uniform PC { layout(offset = 64) vec4 color; } pc;
void main()
{
	o_color = texture(u_tex, v_uv) * pc.color;
}
