#version 310 es
layout(location = 0) in vec4 a_pos;
layout(location = 1) in ivec2 a_ivec;
layout(location = 2) in uvec4 a_uvec;
layout(location = 0) flat out int v_int;
layout(location = 1) flat out uvec2 v_uint;
layout(location = 2) out vec4 v_misc;
void main()
{
	int a = a_ivec.x * 7 + a_ivec.y / 3 - (a_ivec.x % 5);
	uint b = a_uvec.x >> 2u | a_uvec.y << 3u;
	b ^= a_uvec.z & 0xffu;
	b = b / 3u + b % 7u;
	int c = abs(a) + sign(a) + min(a, 4) + max(a, -4) + clamp(a, -2, 2);
	uint d = min(b, 9u) + max(b, 1u) + clamp(b, 2u, 8u) + uint(~a);
	v_int = c + gl_VertexIndex + gl_InstanceIndex + (a >> 1) + bitCount(a) + findLSB(a) + findMSB(c);
	v_uint = uvec2(d, bitfieldExtract(b, 2, 3)) + uvec2(bitfieldInsert(b, d, 4, 4), bitfieldReverse(b));
	v_misc = vec4(float(a), float(b), float(a < 3 && b > 2u), float(uint(a_pos.x) + uint(int(a_pos.y))));
	gl_Position = a_pos;
	gl_PointSize = 2.0;
}
