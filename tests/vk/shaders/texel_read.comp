#version 450
// out[i] = texelFetch(uniform texel buffer, i): an RGBA8 view read as vec4.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform samplerBuffer u_texels;
layout(set = 0, binding = 1) buffer Out { vec4 v[]; } o;
void main()
{
	uint i = gl_GlobalInvocationID.x;
	o.v[i] = texelFetch(u_texels, int(i));
}
