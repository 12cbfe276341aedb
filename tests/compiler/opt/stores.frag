#version 300 es
// A whole store to a local that a later one overwrites before anything reads
// the local goes (unrolled loops leave one per iteration); a loop that reads
// it in between keeps it.
precision highp float;
uniform int n;
in float a;
out vec4 color;
void main()
{
	float x = a;            // overwritten: goes
	x = a * 2.0;            // read by the loop: stays
	for (int i = 0; i < n; i++)
		x += 1.0;
	x = a * 3.0;            // read by the loop: stays
	for (int i = 0; i < n; i++)
		x *= 0.5;
	color = vec4(x);
}
