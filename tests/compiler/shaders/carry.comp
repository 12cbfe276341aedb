#version 310 es
// glslang writes these as OpIAddCarry, OpISubBorrow, OpUMulExtended and
// OpSMulExtended, each a struct the reader takes apart
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { uvec2 a; ivec2 i; uvec2 s, c, d, b, hi, lo; ivec2 ih, il; };
void main()
{
	s = uaddCarry(a, a.yx, c);
	d = usubBorrow(a, a.yx, b);
	umulExtended(a, a.yx, hi, lo);
	imulExtended(i, i.yx, ih, il);
}
