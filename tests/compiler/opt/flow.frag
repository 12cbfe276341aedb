#version 300 es
// Branches on constants go; code after a discard goes.
precision highp float;
const bool debug = false;
in vec4 a;
out vec4 color;
void main()
{
	color = a;
	if (debug)
		color = vec4(1.0, 0.0, 0.0, 1.0);
	if (!debug && a.x > 2.0) {
		discard;
		color = vec4(0.0);
	}
}
