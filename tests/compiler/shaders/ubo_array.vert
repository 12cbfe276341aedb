#version 310 es
// An array of uniform blocks: element i at the binding's slot + i
layout(location = 0) in vec4 a_pos;
layout(location = 0) out vec4 v_color;
layout(set = 0, binding = 0, std140) uniform Light { vec4 color; vec4 dir; } lights[3];
layout(set = 0, binding = 4, std140) uniform Tint { vec4 tint; } u;
void main()
{
	v_color = lights[0].color + lights[2].color * lights[1].dir.x + u.tint;
	gl_Position = a_pos;
}
