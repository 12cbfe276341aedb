#version 450
// Writes (x, y) into a storage image, one invocation per texel.
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba8) uniform writeonly image2D u_img;
void main()
{
	ivec2 p = ivec2(gl_GlobalInvocationID.xy);
	imageStore(u_img, p, vec4(float(p.x) / 255.0, float(p.y) / 255.0, 0.0, 1.0));
}
