#version 450
// Reverses each workgroup's 64 elements through shared memory.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } src;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } dst;
shared uint tmp[64];
void main()
{
	uint l = gl_LocalInvocationID.x;
	tmp[l] = src.v[gl_GlobalInvocationID.x];
	barrier();
	dst.v[gl_GlobalInvocationID.x] = tmp[63u - l];
}
