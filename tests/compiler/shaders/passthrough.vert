#version 310 es
layout(location = 0) in vec4 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 0) out vec2 v_uv;
layout(location = 1) out vec3 v_normal;
layout(push_constant) uniform PC { mat4 mvp; } pc;
void main()
{
	v_uv = a_uv;
	v_normal = a_normal;
	gl_Position = pc.mvp * a_pos;
}
