#version 450
// Colour from push constants (CONST[0]) times a dynamic UBO (set 0, binding 0).
layout(push_constant) uniform Push { vec4 tint; } pc;
layout(set = 0, binding = 0) uniform Block { vec4 color; } ubo;
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = pc.tint * ubo.color;
}
