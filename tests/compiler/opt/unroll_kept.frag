#version 300 es
// Loops that stay: a bound from a uniform, more than 32 iterations, a break
// in the body, a counter stored twice per iteration.
precision highp float;
uniform vec4 u[40];
uniform int n;
out vec4 color;
void main()
{
	vec4 acc = vec4(0.0);
	for (int k = 0; k < n; k++)
		acc += u[k];
	for (int k = 0; k < 33; k++)
		acc += u[k];
	for (int k = 0; k < 4; k++) {
		if (acc.x > 1.0)
			break;
		acc += u[k];
	}
	for (int k = 0; k < 4; k++) {
		if (acc.y > 1.0)
			k++;
		acc += u[k];
	}
	color = acc;
}
