#version 300 es
in vec4 a;
in int i;
out vec4 o;
out mat2 om;
struct S { float f; vec2 v; };
void main() {
	mat3 m3 = mat3(2.0);
	mat2 m2 = mat2(m3);
	mat4 m4 = mat4(m2);
	mat2 c = mat2(a.xy, a.zw);
	mat2 d = mat2(a);
	S s = S(a.x, a.yz);
	float arr[3] = float[3](1.0, 2.0, a.w);
	bvec2 b = bvec2(a.xy);
	ivec3 iv = ivec3(a.xyz);
	o = vec4(s.v, arr[i], float(b.x)) + vec4(iv, i) + m4[3] + vec4(c[1], d[0]);
	om = matrixCompMult(c, d) * m2;
}
