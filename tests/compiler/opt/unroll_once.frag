#version 300 es
// Loops that run once (an inlined function that returns early, a switch)
// become their bodies, the breaks turned into branches.
precision highp float;
in vec4 a;
uniform int mode;
out vec4 color;
vec4 pick(vec4 v)
{
	if (v.w == 0.0)
		return v;
	if (v.z == 0.0)
		return -v;
	return v / v.w;
}
void main()
{
	vec4 c = pick(a);
	switch (mode) {
	case 0:
		c.x = 1.0;
		break;
	case 1:
		c.y = 1.0;
		break;
	default:
		c.z = 1.0;
		break;
	}
	color = c;
}
