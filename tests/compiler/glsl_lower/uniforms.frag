#version 300 es
precision mediump float;
struct Light { vec3 dir; float power; };
uniform Light lights[2];
uniform bool enabled;
uniform int count;
layout(std140) uniform Material { vec4 albedo; bool lit; };
in vec3 normal;
out vec4 color;
void main() {
	vec3 c = vec3(0.0);
	for (int i = 0; i < count; i++)
		c += max(dot(normal, lights[i].dir), 0.0) * lights[i].power * albedo.rgb;
	color = enabled && lit ? vec4(c, 1.0) : albedo;
}
