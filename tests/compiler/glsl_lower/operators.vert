#version 300 es
in vec4 a;
in ivec2 n;
uniform mat3 m;
uniform uint u;
out vec4 o;
flat out ivec2 oi;
void main() {
	vec3 v = m * a.xyz;
	v = v * m;
	mat3 m2 = m * m + m / 2.0;
	v.zx += vec2(1.0);
	vec4 t = a;
	t[n.x] = 3.0;
	bool same = m2 == m && v != a.xyz;
	ivec2 k = n << 1 | n & ivec2(3) ^ ~n;
	k %= 3;
	uint w = u >> 2u;
	o = same ? t : -t;
	o.w = float(w) + (a.x > 0.0 || a.y < 0.0 ? 1.0 : 0.0);
	oi = k++ + --k;
	gl_Position = vec4(v, 1.0);
}
