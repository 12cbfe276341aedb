#version 310 es
// inverse, determinant, modf, frexp: the built-ins TGSI has no opcode for
layout(location = 0) in vec4 a_v;
layout(location = 0) out vec4 v_r;
layout(location = 1) flat out ivec4 v_e;
layout(set = 0, binding = 0, std140) uniform M { mat2 m2; mat3 m3; mat4 m4; } u;
void main()
{
	vec4 whole;
	ivec4 e;
	vec4 r = inverse(u.m4) * a_v;
	r.xyz += inverse(u.m3) * a_v.xyz;
	r.xy += inverse(u.m2) * a_v.zw;
	r.x += determinant(u.m4);
	r += modf(a_v, whole) + whole;
	r += frexp(a_v, e);
	v_r = r;
	v_e = e;
	gl_Position = a_v;
}
