#version 310 es
precision highp float;
layout(location = 0) in vec4 v_a;
layout(location = 1) in vec4 v_b;
layout(location = 0) out vec4 o_color;
layout(set = 0, binding = 0, std140) uniform U { mat3 m3; mat2 m2; vec4 arr[4]; int idx; bool flag; } u;
void main()
{
	vec4 r = atan(v_a, v_b) + atan(v_a) + asin(v_a * 0.5) + acos(v_b * 0.5);
	r += sinh(v_a) + cosh(v_a) + tanh(v_a) + asinh(v_a) + acosh(v_b + 2.0) + atanh(v_a * 0.1);
	r += pow(abs(v_a), v_b) + exp(v_a) + log(abs(v_b) + 1.0) + exp2(v_a) + log2(abs(v_b) + 1.0);
	r += sqrt(abs(v_a)) + inversesqrt(abs(v_b) + 1.0) + sin(v_a) + cos(v_b) + tan(v_a);
	r += mix(v_a, v_b, 0.3) + smoothstep(0.0, 1.0, v_a) + step(0.5, v_b) + clamp(v_a, 0.0, 1.0);
	r += mod(v_a, 3.0) + fract(v_b) + floor(v_a) + ceil(v_b) + trunc(v_a) + round(v_b) + roundEven(v_a);
	r += sign(v_a) + radians(v_a) + degrees(v_b) + min(v_a, v_b) + max(v_a, v_b);
	r.xyz += cross(v_a.xyz, v_b.xyz) + reflect(v_a.xyz, normalize(v_b.xyz)) +
		 refract(v_a.xyz, normalize(v_b.xyz), 0.7) + faceforward(v_a.xyz, v_b.xyz, v_a.xyz);
	r.x += length(v_a) + distance(v_a, v_b) + dot(v_a, v_b) + determinant(u.m3) + determinant(u.m2);
	r.xyz += transpose(u.m3) * v_a.xyz + v_b.xyz * u.m3 + (u.m3 * u.m3)[1] + outerProduct(v_a.xyz, v_b.xyz)[2];
	r += u.arr[u.idx] + u.arr[2] + fwidth(v_a) + ldexp(v_a, ivec4(2));
	bvec4 n = isnan(v_a);
	bvec4 inf = isinf(v_b);
	if (any(n) || all(inf) || u.flag)
		r = vec4(0.0);
	float local[4] = float[4](1.0, 2.0, 3.0, 4.0);
	local[u.idx & 3] = v_a.x;
	r.w += local[int(v_b.x) & 3];
	vec4 v = v_a;
	v[u.idx & 3] = 2.0;
	r += v + vec4(v_b[u.idx & 3]);
	o_color = r;
}
