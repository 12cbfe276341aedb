#version 450
// Position straight through: location 0 is vertex element 0 (IN[0]).
layout(location = 0) in vec4 a_pos;
void main()
{
	gl_Position = a_pos;
}
