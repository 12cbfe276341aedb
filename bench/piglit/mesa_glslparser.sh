#!/bin/bash
# Mesa (llvmpipe, through glvnd on EGL surfaceless) on the same GLES
# glslparsertest list that tests/compiler/test_glsl_piglit runs on virtgl's
# compiler: piglit's own binary decides pass / fail / skip with Mesa's
# versions and extensions. Prints one "result path" line per case, then totals.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=${PIGLIT_DIR:-/usr/lib/x86_64-linux-gnu/piglit}
export PIGLIT_PLATFORM=surfaceless_egl PIGLIT_NO_WINDOW=1 EGL_PLATFORM=surfaceless \
	GALLIUM_DRIVER=${GALLIUM_DRIVER:-llvmpipe} MESA_SHADER_CACHE_DISABLE=true
cd "$root"
python3 "$here/../../tests/compiler/piglit_glslparser_list.py" "$root" |
while IFS=$'\t' read -r path expect version exts link; do
	args=("$path" "$expect" "$version")
	[ "$link" = 1 ] && args+=(--check-link)
	[ "$exts" != - ] && IFS=, read -ra e <<< "$exts" && args+=("${e[@]}")
	r=$(timeout 30 bin/glslparsertest_gles2 "${args[@]}" 2>/dev/null | sed -n 's/.*"result": "\([a-z]*\)".*/\1/p' | tail -1)
	echo "${r:-crash} ${path#$root/}"
done > "${MESA_GLSLPARSER_OUT:-/dev/stdout}"
