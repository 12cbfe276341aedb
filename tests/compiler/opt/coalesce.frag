#version 300 es
// regalloc (TGSI): vec4(f(c.rgb), c.a) computes f into the result's xyz
// instead of copying it there; the INSERT's copy of the vector it changes
// goes where that vector dies at the copy.
precision highp float;
uniform vec4 u;
in vec4 c;
out vec4 color;
void main()
{
	vec4 t = c * u;
	t = vec4(t.rgb * u.w + u.rgb, t.a);
	t.y = t.x * 3.0 + 1.0;
	color = t * t;
}
