#version 450
// Every invocation writes f(its global id) into its own element.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint data[]; } o;
void main()
{
	uint i = gl_GlobalInvocationID.x;
	o.data[i] = i * 3u + 1u;
}
