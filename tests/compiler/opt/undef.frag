#version 300 es
// Linked with a vertex shader that writes only location 1 (g): f is
// undefined, so is a vector made of it, and the output store of it goes;
// a vector of g and f takes g's channels where f's were (no TEMP for f).
precision highp float;
in vec4 f;
in vec2 g;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 other;
void main()
{
	color = vec4(f.x, f.y, f.z, f.w);
	other = vec4(g, f.x, 1.0);
}
