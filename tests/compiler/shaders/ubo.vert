#version 310 es
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec4 a_color;
layout(location = 0) out vec4 v_color;
layout(set = 0, binding = 0, std140) uniform Matrices { mat4 model; mat4 view_proj; vec4 tint; } u;
void main()
{
	v_color = a_color * u.tint;
	gl_Position = u.view_proj * (u.model * vec4(a_pos, 1.0));
	gl_PointSize = 1.0;
}
