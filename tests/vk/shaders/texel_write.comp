#version 450
// Storage texel buffer (R32_UINT view): element i = 3i + 1.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, r32ui) uniform writeonly uimageBuffer u_img;
void main()
{
	uint i = gl_GlobalInvocationID.x;
	imageStore(u_img, int(i), uvec4(i * 3u + 1u));
}
