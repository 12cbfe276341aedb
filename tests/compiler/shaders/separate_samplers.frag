#version 450
// Separate sampled images and samplers: one sampler shared by two images,
// an element of a sampler array. SAMP/SVIEW take the images' slots.
layout(set = 0, binding = 2) uniform texture2D u_a;
layout(set = 0, binding = 3) uniform texture2D u_b;
layout(set = 0, binding = 5) uniform sampler u_smp[2];
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = texture(sampler2D(u_a, u_smp[1]), v_uv) +
		  texture(sampler2D(u_b, u_smp[1]), v_uv) +
		  texture(sampler2D(u_a, u_smp[1]), v_uv * 2.0);
}
