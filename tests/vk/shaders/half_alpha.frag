#version 450
// The vertex colour with alpha 0.5: alpha-to-coverage keeps about half the samples.
layout(location = 0) in vec3 v_color;
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = vec4(v_color, 0.5);
}
