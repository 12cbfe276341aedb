#version 300 es
precision mediump float;
in vec2 p;
out vec4 o;
float sq(float v) { return v * v; }
void split(in vec2 v, out float a, inout float b) { a = v.x; b += v.y; }
float firstPositive(vec4 v) {
	for (int i = 0; i < 4; i++)
		if (v[i] > 0.0)
			return v[i];
	return -1.0;
}
void main() {
	float a, b = 1.0;
	split(p, a, b);
	o = vec4(sq(a), b, firstPositive(vec4(p, -p)), 1.0);
}
