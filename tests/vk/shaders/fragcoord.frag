#version 450
// The pixel's own integer coordinates: Vulkan's gl_FragCoord has its origin
// at the top-left, pixel centres at .5.
layout(location = 0) out vec4 o_color;
void main()
{
	o_color = vec4(floor(gl_FragCoord.xy) / 255.0, 0.0, 1.0);
}
