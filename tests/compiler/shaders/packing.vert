#version 310 es
// GLSL ES 3.00 packing built-ins, one of each (tests/compiler goldens)
layout(location = 0) in vec4 a_v;
layout(location = 1) in uvec2 a_u;
layout(location = 0) flat out uvec4 v_packed;
layout(location = 1) out vec4 v_unpacked;
layout(location = 2) out vec2 v_half;
void main()
{
	v_packed = uvec4(packSnorm2x16(a_v.xy), packUnorm2x16(a_v.zw), packHalf2x16(a_v.xw), 0u);
	v_unpacked = vec4(unpackSnorm2x16(a_u.x), unpackUnorm2x16(a_u.y));
	v_half = unpackHalf2x16(a_u.x);
	gl_Position = a_v;
}
