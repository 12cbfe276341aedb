#version 450
// Colour from a uniform buffer at set 0 binding 0 (dynamic or not).
layout(set = 0, binding = 0) uniform Block { vec4 color; } ubo;
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = ubo.color;
}
