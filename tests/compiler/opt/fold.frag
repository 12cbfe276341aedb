#version 300 es
// Constant folding through locals: the output is one constant.
precision highp float;
out vec4 color;
void main()
{
	float a = 2.0;
	float b = a * 3.0 + 1.0;
	int i = 5;
	int j = (i << 2) - 3;
	uint u = uint(j) / 4u;
	bool t = b > 6.0 && j == 17 && !(u != 4u);
	vec2 s = vec2(0.1, 0.2);
	color = t ? vec4(b, float(j), s.x + s.y, floor(-1.5)) : vec4(0.0);
}
