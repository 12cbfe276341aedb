#version 450
// Push constants shared by both stages: the VS offsets, the FS colours.
layout(push_constant) uniform Push { vec2 offset; vec4 color; } pc;
layout(location = 0) in vec2 a_pos;
void main()
{
	gl_Position = vec4(a_pos + pc.offset, 0.0, 1.0);
}
