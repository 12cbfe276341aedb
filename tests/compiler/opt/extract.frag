// Folding extracts components of constants into new constants: the module's
// word array grows while the source constant's words are read from it
// (dEQP-GLES2.functional.uniform_api.value.initial.render.basic_array.vec4_fragment
// read a freed block there and sent a garbage immediate to the host).
varying mediump float v_vtxOut;

uniform mediump vec4 u_var[3];

mediump float compare_float    (mediump float a, mediump float b)  { return abs(a - b) < 0.05 ? 1.0 : 0.0; }
mediump float compare_vec4     (mediump vec4 a, mediump vec4 b)    { return compare_float(a.x, b.x)*compare_float(a.y, b.y)*compare_float(a.z, b.z)*compare_float(a.w, b.w); }

void main (void)
{
    mediump float result = v_vtxOut;
	result *= compare_vec4(u_var[0], vec4(0.00, 0.00, 0.00, 0.00));
	result *= compare_vec4(u_var[1], vec4(0.00, 0.00, 0.00, 0.00));
	result *= compare_vec4(u_var[2], vec4(0.00, 0.00, 0.00, 0.00));
    gl_FragColor = vec4(result, result, result, 1.0);
}
