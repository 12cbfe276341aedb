#version 300 es
// Dead code: unused locals and the work feeding them; with the fragment
// shader reading location 1 only, output 0 and what computes it go too.
in vec4 pos;
uniform mat4 m;
out vec4 unused;
out vec4 used;
void main()
{
	vec4 t = m * pos;
	vec4 never = t * 3.0;
	unused = t + never;
	used = pos;
	gl_Position = t;
}
