#version 450
// GLSL ES 3.00 built-ins without a TGSI opcode, on inputs from a buffer (so
// that glslang cannot fold them): packing, inverse, determinant, modf,
// frexp, ldexp. test_vk_builtins.c knows the layout of both blocks.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer In { vec4 v[16]; uvec4 u; } i;
layout(set = 0, binding = 1, std430) buffer Out { uvec4 packs[2]; ivec4 e; vec4 r[16]; } o;
void main()
{
	mat4 m4 = mat4(i.v[2], i.v[3], i.v[4], i.v[5]);
	mat3 m3 = mat3(i.v[6].xyz, i.v[7].xyz, i.v[8].xyz);
	mat2 m2 = mat2(i.v[9].xy, i.v[9].zw);
	mat4 i4 = inverse(m4);
	mat3 i3 = inverse(m3);
	mat2 i2 = inverse(m2);
	vec4 whole;
	ivec4 e;

	o.packs[0] = uvec4(packHalf2x16(i.v[0].xy), packHalf2x16(i.v[0].zw),
			   packUnorm2x16(i.v[1].xy), packUnorm2x16(i.v[1].zw));
	o.packs[1] = uvec4(packSnorm2x16(i.v[1].xy), packSnorm2x16(i.v[1].zw),
			   packHalf2x16(i.v[10].xy), packHalf2x16(i.v[10].zw));
	o.r[0] = vec4(unpackHalf2x16(i.u.x), unpackHalf2x16(i.u.y));
	o.r[1] = vec4(unpackUnorm2x16(i.u.z), unpackSnorm2x16(i.u.w));
	o.r[2] = i4[0];
	o.r[3] = i4[1];
	o.r[4] = i4[2];
	o.r[5] = i4[3];
	o.r[6] = vec4(i3[0], 0.0);
	o.r[7] = vec4(i3[1], 0.0);
	o.r[8] = vec4(i3[2], 0.0);
	o.r[9] = vec4(i2[0], i2[1]);
	o.r[10] = vec4(determinant(m4), determinant(m3), determinant(m2), 0.0);
	o.r[11] = modf(i.v[11], whole);
	o.r[12] = whole;
	o.r[13] = frexp(i.v[12], e);
	o.e = e;
	o.r[14] = ldexp(i.v[12], ivec4(1, 2, -1, 3));
}
