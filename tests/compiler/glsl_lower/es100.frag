precision mediump float;
varying vec2 v_uv;
varying vec4 v_col;
uniform sampler2D tex;
uniform vec4 tint;
uniform vec2 offs[3];
void main() {
	vec4 acc = vec4(0.0);
	for (int i = 0; i < 3; i++)
		acc += texture2D(tex, v_uv + offs[i] * 0.01);
	gl_FragColor = acc / 3.0 * tint * v_col + vec4(gl_FragCoord.xy, gl_DepthRange.near, 0.0);
}
