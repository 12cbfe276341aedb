#version 450
// Four control points pass through; the levels are 4, and the patch
// colour is (gl_PrimitiveID + 1) / 2 in blue, written by invocation 0 only.
layout(vertices = 4) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) out vec3 t_color[];
layout(location = 1) patch out float p_blue;
void main()
{
	gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
	t_color[gl_InvocationID] = v_color[gl_InvocationID];
	if (gl_InvocationID == 0) {
		for (int i = 0; i < 4; i++)
			gl_TessLevelOuter[i] = 4.0;
		gl_TessLevelInner[0] = 4.0;
		gl_TessLevelInner[1] = 4.0;
		p_blue = float(gl_PrimitiveID + 1) * 0.5;
	}
}
