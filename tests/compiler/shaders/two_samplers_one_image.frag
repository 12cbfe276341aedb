#version 450
// One image with two samplers: virgl has one sampler state per view slot.
layout(set = 0, binding = 2) uniform texture2D u_a;
layout(set = 0, binding = 4) uniform sampler u_near;
layout(set = 0, binding = 5) uniform sampler u_lin;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = texture(sampler2D(u_a, u_near), v_uv) + texture(sampler2D(u_a, u_lin), v_uv);
}
