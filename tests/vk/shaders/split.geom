#version 450
// A triangle's first vertex alone becomes a strip of two triangles: a quad
// [x, x + 0.5] x [y, y + 0.5], then EndPrimitive and a second quad 1.0 below
// whose colour is gl_PrimitiveIDIn as green (1 / 4 per primitive).
layout(triangles) in;
layout(triangle_strip, max_vertices = 8) out;
layout(location = 0) in vec3 v_color[];
layout(location = 0) out vec3 g_color;
void quad(vec2 o, vec3 color)
{
	for (int i = 0; i < 4; i++) {
		g_color = color;
		gl_Position = vec4(o + vec2(i & 1, i >> 1) * 0.5, 0.0, 1.0);
		EmitVertex();
	}
	EndPrimitive();
}
void main()
{
	vec2 o = gl_in[0].gl_Position.xy;
	quad(o, v_color[0]);
	quad(o + vec2(0.0, 1.0), vec3(0.0, float(gl_PrimitiveIDIn) * 0.25, 0.0));
}
