#!/bin/sh
# test_piglit.sh: Debian's piglit on virtgl (through libglvnd, EGL surfaceless,
# a private virgl_test_server) on the GLES 2.0 + EGL tests of piglit's core
# GLES list (tests/gl/piglit/gles2-egl.txt), compared with the checked-in
# expectation tests/gl/piglit/virtgl-expected.txt.
#
# Fails on a regression: a test that passed and now fails, crashes, times out
# or skips, a failing test that now crashes or times out, or an expected test
# that did not run. Improvements are printed (update the expectation file with
# the command they print). Fails, never skips, when piglit is not installed.
#
# Environment: VIRTGL_PIGLIT_LIST, VIRTGL_PIGLIT_EXPECTED (another list and
# its expectation), VIRTGL_PIGLIT_TIMEOUT (per test, default 30 s).
# Results stay in $top_builddir/tests/gl/piglit/results/test_piglit/
# (results.json has every test's command, stdout and stderr).
set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$here/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
export top_srcdir top_builddir
pdir=$top_srcdir/tests/gl/piglit
list=${VIRTGL_PIGLIT_LIST:-$pdir/gles2-egl.txt}
expected=${VIRTGL_PIGLIT_EXPECTED:-$pdir/virtgl-expected.txt}
out=$top_builddir/tests/gl/piglit/results

if ! command -v piglit >/dev/null 2>&1; then
	echo "test_piglit: FAIL: piglit is not installed (Debian package piglit)"
	exit 1
fi

start=$(date +%s)
# the whole run is bounded: 129 tests take ~30 s on 2 cores
if ! timeout 270 "$pdir/run.sh" -l "$list" -n test_piglit -o "$out" -j 2 \
	-t "${VIRTGL_PIGLIT_TIMEOUT:-30}" virtgl; then
	echo "test_piglit: FAIL: tests/gl/piglit/run.sh virtgl failed"
	exit 1
fi
end=$(date +%s)
cat "$out/test_piglit/wall.txt"
"${PYTHON:-python3}" "$pdir/results.py" check "$expected" "$out/test_piglit/results.json"
rc=$?
echo "test_piglit: $((end - start)) s; results in $out/test_piglit"
if [ $rc -ne 0 ]; then
	echo "test_piglit: FAIL (details: $pdir/results.py show $out/test_piglit)"
	exit 1
fi
echo "test_piglit: PASS"
