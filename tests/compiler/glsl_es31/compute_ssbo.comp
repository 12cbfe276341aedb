#version 310 es
// compute: local size, built-ins, shared memory, barriers, SSBOs (std430
// and std140), an unsized last member and its length(), atomics
layout(local_size_x = 8, local_size_y = 4) in;
struct Item { vec4 pos; uint flags; float weight; bool live; };
layout(std430, binding = 2) buffer Data { uint counter; int signed_total; float scale; Item items[]; } data;
layout(std140, binding = 0) readonly buffer Src { uvec4 header; float values[64]; } src;
layout(std430) coherent buffer Extra { mat3 m; vec3 v; uint tail[]; };
shared float tile[gl_WorkGroupSize.x * gl_WorkGroupSize.y];
shared uint total;
void main()
{
	uint idx = gl_LocalInvocationIndex;
	uint gid = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * 8u;
	if (idx == 0u)
		total = 0u;
	tile[idx] = src.values[gid % 64u] * data.scale;
	memoryBarrierShared();
	barrier();
	float sum = 0.0;
	for (uint i = 0u; i < 32u; i++)
		sum += tile[(idx + i) % 32u];
	atomicAdd(total, 1u);
	uint slot = atomicAdd(data.counter, 1u);
	atomicMax(data.items[slot].flags, gl_WorkGroupID.x);
	atomicMin(data.signed_total, -3);
	atomicCompSwap(tail[0], 1u, 2u);
	atomicExchange(data.signed_total, atomicOr(data.signed_total, 4));
	data.items[gid].pos = vec4(sum, float(gl_LocalInvocationID.y), float(src.header.x), 1.0);
	data.items[gid].weight = float(data.items.length() + tail.length());
	data.items[gid].live = sum > 0.5;
	data.items[gid].pos.yz = (m * v).xy * vec2(gl_WorkGroupSize.xy);
	memoryBarrierBuffer();
	groupMemoryBarrier();
	memoryBarrier();
	barrier();
	if (idx == 0u)
		data.items[0] = Item(vec4(1.0), total, 0.5, true);
}
