#version 300 es
// Common subexpressions: one multiply and one uniform load each, also
// inside a branch (dominated); a branch's own values do not leak out.
precision highp float;
uniform vec4 u;
in vec4 a;
out vec4 color;
void main()
{
	vec4 s = a * u + a * u;
	if (a.x > 0.0)
		s += a * u;
	color = s + u;
}
