#version 450
// The quad between the four control points; red is gl_TessCoord.x squared.
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec3 t_color[];
layout(location = 1) patch in float p_blue;
layout(location = 0) out vec3 v_color;
void main()
{
	vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
	vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
	gl_Position = mix(a, b, gl_TessCoord.y);
	v_color = vec3(gl_TessCoord.x * gl_TessCoord.x, t_color[1].g, p_blue);
}
