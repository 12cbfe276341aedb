#version 450
// Each point becomes a 0.5 x 0.5 quad around it, in the point's colour; a
// second invocation (gl_InvocationID 1) draws the same quad shifted right by
// 1.0 in blue. Two triangle strips, split by EndPrimitive.
layout(points, invocations = 2) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) out vec3 g_color;
void main()
{
	vec2 c = gl_in[0].gl_Position.xy + vec2(float(gl_InvocationID), 0.0);
	for (int i = 0; i < 4; i++) {
		g_color = gl_InvocationID == 0 ? v_color[0] : vec3(0.0, 0.0, 1.0);
		gl_Position = vec4(c + vec2(i & 1, i >> 1) * 0.5 - 0.25, 0.0, 1.0);
		EmitVertex();
	}
	EndPrimitive();
}
