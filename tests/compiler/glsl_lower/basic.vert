#version 300 es
layout(location = 0) in vec4 pos;
in vec2 uv;
out vec2 v_uv;
uniform mat4 mvp;
void main() {
	v_uv = uv;
	gl_Position = mvp * pos;
}
