#version 450
// NDC position in, texture coordinate out: (-1,-1) -> (0,0), (1,1) -> (1,1).
layout(location = 0) in vec2 a_pos;
layout(location = 0) out vec2 v_uv;
void main()
{
	v_uv = a_pos * 0.5 + 0.5;
	gl_Position = vec4(a_pos, 0.0, 1.0);
}
