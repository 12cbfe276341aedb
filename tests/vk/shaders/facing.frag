#version 450
// Green for front faces, red for back faces.
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = gl_FrontFacing ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
}
