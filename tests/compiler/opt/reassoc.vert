#version 300 es
// Matrix products reassociated: (p * mv) * pos becomes p * (mv * pos); a
// matrix product with another use (m) stays.
uniform mat4 p;
uniform mat4 mv;
uniform mat3 n3;
in vec4 pos;
in vec3 nrm;
out vec3 vn;
out vec3 vm;
void main()
{
	gl_Position = p * mv * pos;
	mat3 m = n3 * mat3(mv);
	vn = m * nrm;
	vm = m[1];
}
