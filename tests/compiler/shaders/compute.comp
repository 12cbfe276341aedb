#version 310 es
#extension GL_OES_shader_image_atomic : require
layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;
struct Item { vec4 pos; uint flags; float weight; };
layout(std430, set = 0, binding = 0) buffer Data { uint counter; float scale; Item items[]; } data;
layout(std430, set = 0, binding = 1) readonly buffer Src { uvec4 header; float values[]; } src;
layout(set = 0, binding = 2, rgba8) uniform writeonly highp image2D img;
layout(set = 0, binding = 3, r32ui) uniform highp uimage2D counters;
shared float tile[32];
shared uint total;
void main()
{
	uint idx = gl_LocalInvocationIndex;
	uint gid = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * 8u;
	if (idx == 0u)
		total = 0u;
	tile[idx] = src.values[gid] * data.scale;
	memoryBarrierShared();
	barrier();
	float sum = 0.0;
	for (uint i = 0u; i < 32u; i++)
		sum += tile[(idx + i) % 32u];
	atomicAdd(total, 1u);
	uint slot = atomicAdd(data.counter, 1u);
	atomicMax(data.items[slot].flags, gl_WorkGroupID.x);
	data.items[gid].pos = vec4(sum, float(gl_LocalInvocationID.y), float(src.header.x), 1.0);
	data.items[gid].weight = float(data.items.length());
	imageStore(img, ivec2(gl_GlobalInvocationID.xy), vec4(sum / 32.0));
	imageAtomicAdd(counters, ivec2(gl_WorkGroupID.xy), 1u);
	barrier();
	if (idx == 0u)
		data.items[0].flags = total;
}
