#version 450
// One separate sampler with two images: red/green from one, blue/alpha from the other.
layout(set = 0, binding = 0) uniform texture2D u_a;
layout(set = 0, binding = 1) uniform sampler u_smp;
layout(set = 0, binding = 2) uniform texture2D u_b;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = vec4(texture(sampler2D(u_a, u_smp), v_uv).rg,
		       texture(sampler2D(u_b, u_smp), v_uv).ba);
}
