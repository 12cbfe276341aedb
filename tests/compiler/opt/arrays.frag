#version 300 es
// A local array of structs without initialiser, written member by member,
// is forwarded as a value: the reads at constant indices become the values
// written (s[0].b is the constant, s[1].a the uniform).
precision highp float;
uniform vec4 p;
out vec4 color;
struct S { vec4 a; vec4 b; };
S s[2];
void main()
{
	s[0] = S(vec4(1.0), vec4(2.0));
	s[1].a = p;
	color = s[0].b + s[1].a;
}
