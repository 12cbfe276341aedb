#version 300 es
precision mediump float;
uniform sampler2D t2;
uniform mediump sampler2DShadow sh;
uniform mediump samplerCube cube;
uniform mediump isampler2D it;
in vec3 uv;
out vec4 o;
void main() {
	vec4 c = texture(t2, uv.xy) + textureProj(t2, uv) + textureLod(t2, uv.xy, 1.0);
	c += textureOffset(t2, uv.xy, ivec2(1, -1), 0.5) + texture(cube, uv);
	c.x += texture(sh, uv) + textureProj(sh, vec4(uv, 2.0));
	c += vec4(texelFetch(it, ivec2(uv.xy), 0)) + vec4(textureSize(t2, 0), 0.0, 0.0);
	float ip;
	c.y += modf(uv.z, ip) + ip;
	c.zw = mix(c.zw, uv.xy, bvec2(true, false));
	o = c;
}
