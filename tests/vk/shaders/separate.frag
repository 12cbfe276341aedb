#version 450
// A sampled image and a separate sampler, combined in the shader.
layout(set = 0, binding = 0) uniform texture2D u_tex;
layout(set = 0, binding = 1) uniform sampler u_smp;
layout(location = 0) in vec2 v_uv;
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = texture(sampler2D(u_tex, u_smp), v_uv);
}
