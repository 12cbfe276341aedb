#version 450
// Two colour outputs: the varying and its complement.
layout(location = 0) in vec3 v_color;
layout(location = 0) out vec4 o_color0;
layout(location = 1) out vec4 o_color1;
void main()
{
	o_color0 = vec4(v_color, 1.0);
	o_color1 = vec4(1.0 - v_color, 1.0);
}
