#version 450
// Per-instance offset and colour (input rate INSTANCE), plus a shift by
// gl_InstanceIndex, which counts from firstInstance in Vulkan.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec2 i_offset;
layout(location = 2) in vec3 i_color;
layout(location = 0) out vec3 v_color;
void main()
{
	v_color = i_color;
	gl_Position = vec4(a_pos + i_offset + vec2(0.0, 0.5 * float(gl_InstanceIndex)), 0.0, 1.0);
}
