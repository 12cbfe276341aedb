#version 300 es
// Store-to-load forwarding: partial stores, branches that agree, a loop
// that changes a variable (which then stays a variable).
in vec4 pos;
in float k;
out vec4 v;
out float w;
void main()
{
	vec4 p = pos;
	p.y = 2.0;
	float x = 0.0;
	if (k > 0.0)
		x = 1.0;
	else
		x = 1.0;
	float acc = 0.0;
	for (int i = 0; i < int(k); i++)
		acc += p.x;
	v = p * x;
	w = acc;
	gl_Position = pos;
	gl_Position.z = 0.5;
}
