#version 300 es
precision mediump float;
flat in int sel;
out vec4 o;
void main() {
	float r = 0.0;
	for (int k = 0; k < 3; k++) {
		switch (sel + k) {
		case 0:
			r += 1.0;
		case 1:
			r += 2.0;
			break;
		case 5:
			continue;
		default:
			r -= 1.0;
		}
	}
	o = vec4(r);
}
