#version 300 es
// Identities: x*1, x+0, x-0, 1*x, -(-x), !!b, select on a constant. x*0 stays
// (an Inf or NaN input must not become 0).
precision highp float;
uniform vec4 u;
uniform bool b;
uniform int n;
out vec4 color;
void main()
{
	vec4 x = u * 1.0 + vec4(0.0) - 0.0;
	float y = -(-u.x);
	bool c = !(!b);
	int m = (n + 0) * 1;
	float z = u.y * 0.0;
	color = c ? x * float(m) : vec4(y, z, 1.0, 1.0);
}
