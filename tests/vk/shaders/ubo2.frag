#version 450
// Two sets: the sum of a UBO in set 0 and one in set 1 (slots concatenate).
layout(set = 0, binding = 1) uniform A { vec4 color; } a;
layout(set = 1, binding = 0) uniform B { vec4 pad; vec4 color; } b;
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = a.color + b.color;
}
