#!/bin/bash
# bench/gpu-host/tests.sh: the gl/ and vk/ check suites of the bundle
# (bench/gpu-host/bundle.sh) on a GPU machine, each against its own
# virgl_test_server on NVIDIA's EGL: the same assertions (pixels read back,
# counters) with a real GPU behind the protocol. Prints one line per suite
# and each failing check's message; exits 1 if any suite fails.
set -uo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
b=$src/.gpuhost
# go.sh's environment, without running the benchmark
GPUHOST_ENV_ONLY=1 . "$src/bench/gpu-host/go.sh"
rm -rf "$b/build/tests" && tar -C "$b/build" -xJf "$b/build/tests.tar.xz" || exit 1
export top_builddir=$b/build top_srcdir=$src VIRTGL_TRANSPORT=vtest \
	VIRTGL_VK_SHADER_DIR=$b/build/tests/vk/shaders VIRTGL_EGL_JSON=$b/build/gl/virtgl_egl.json
fail=0
for t in "$b"/build/tests/gl/test_gl_* "$b"/build/tests/vk/test_vk_*; do
	out=$(timeout 300 "$t" 2>&1)
	rc=$?
	echo "$(basename "$t"): exit $rc, $(echo "$out" | grep -E '^[0-9]+%: Checks' | tail -1)"
	[ $rc = 0 ] || { fail=1; echo "$out" | grep -E ':[EF]:|Assertion|failed' | head -20; }
done
exit $fail
