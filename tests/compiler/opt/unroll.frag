#version 300 es
// Loops with a constant trip count become straight code, and a uniform array
// indexed by the counter is read at constant indices.
precision highp float;
uniform vec4 u[16];
out vec4 color;
void main()
{
	vec4 acc = vec4(0.0);
	for (int k = 0; k < 16; k++)        // for: the test first
		acc += u[k];
	int j = 12;
	do {                                 // do-while: the test last
		acc -= u[j];
		j -= 4;
	} while (j >= 0);
	for (int a = 0; a < 2; a++)          // a nest: the inner loop first
		for (int b = 0; b < 2; b++)
			acc *= u[a * 2 + b];
	for (uint n = 5u; n < 3u; n++)      // never entered
		acc = vec4(1.0);
	color = acc;
}
