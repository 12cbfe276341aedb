#version 310 es
precision highp float;
precision highp int;
layout(location = 0) in vec4 v_color;
layout(location = 1) flat in int v_count;
layout(location = 0) out vec4 o_color;
layout(push_constant) uniform PC { int mode; float threshold; } pc;

float weight(int i)
{
	if (i == 3)
		return 0.5;
	for (int k = 0; k < i; k++) {
		if (k * k > 10)
			return float(k);
	}
	return 1.0 / float(i + 1);
}

void main()
{
	vec4 c = v_color;
	float acc = 0.0;
	for (int i = 0; i < v_count; i++) {
		if (i == 2)
			continue;
		if (acc > 10.0)
			break;
		acc += weight(i);
	}
	int j = 0;
	while (j < 4) {
		acc *= 0.9;
		j++;
	}
	do {
		acc += 0.1;
	} while (acc < 1.0);
	switch (pc.mode) {
	case 0:
		c.r = acc;
		break;
	case 1:
	case 2:
		c.g = acc;
		break;
	default:
		c.b = acc;
		break;
	}
	if (c.a < pc.threshold)
		discard;
	o_color = c.x > 0.5 ? c : vec4(acc);
}
