#extension GL_OES_standard_derivatives : enable
#extension GL_EXT_shader_texture_lod : require
#extension GL_EXT_frag_depth : warn
precision mediump float;
varying vec2 v_uv;
uniform sampler2D tex;
uniform samplerCube cube;
void main() {
	vec2 dx = dFdx(v_uv), dy = dFdy(v_uv);
	gl_FragDepthEXT = fwidth(v_uv.x);
	gl_FragColor = texture2DGradEXT(tex, v_uv, dx, dy) + texture2DProjGradEXT(tex, v_uv.xyx, dx, dy)
		+ texture2DLodEXT(tex, v_uv, 2.0) + texture2DProjLodEXT(tex, vec4(v_uv, 0.0, 2.0), 1.0)
		+ textureCubeLodEXT(cube, v_uv.xyx, 0.5) + textureCubeGradEXT(cube, v_uv.xxy, dx.xyx, dy.xyx);
}
