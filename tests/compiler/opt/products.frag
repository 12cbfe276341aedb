#version 300 es
// Multiply-adds: a * u + v is one FFMA, and so is t + t * u; t, used
// twice, stays a multiply, and so does a * a, added only inside a branch.
// Subtractions with a constant to negate: u * u - 2.0 is FFMA(u, u, -2.0),
// 1.0 - 3.0 * a is FFMA(-3.0, a, 1.0); v - u * v stays (nothing to negate).
precision highp float;
uniform vec4 u;
uniform vec4 v;
in vec4 a;
out vec4 color;
void main()
{
	vec4 s = a * u + v;
	vec4 t = a * v;
	s += t + t * u;
	vec4 w = a * a;
	if (a.x > 0.0)
		s += w;
	color = s + (u * u - 2.0) * (1.0 - 3.0 * a) * (v - u * v);
}
