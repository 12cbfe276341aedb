#version 310 es
// Samples the bound texture and multiplies by the UBO colour.
precision mediump float;
layout(set = 0, binding = 0) uniform Params {
	vec4 offset;
	vec4 color;
} params;
layout(set = 0, binding = 1) uniform sampler2D tex;
layout(location = 0) out vec4 frag;
void main()
{
	frag = texture(tex, vec2(0.5)) * params.color;
}
