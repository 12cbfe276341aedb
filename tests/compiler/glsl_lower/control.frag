#version 300 es
precision highp float;
in float x;
out vec4 o;
void main() {
	float acc = 0.0;
	int i = 0;
	while (true) {
		if (i > 10) break;
		i++;
		if (x < float(i)) continue;
		acc += 1.0;
	}
	do {
		acc *= 0.5;
	} while (acc > 1.0);
	if (x < 0.0)
		discard;
	o = vec4(acc);
}
