#!/bin/sh
# test_deqp.sh: the CI sample of dEQP (tests/conformance/deqp/ci-gles2.txt,
# ci-gles3.txt, ci-gles31.txt: every 40th case of the project's GLES2 list,
# every 80th of its GLES3 list and every 50th of its GLES31 list, the last on
# ES 3.2 contexts: VIRTGL_ES_UPGRADE=1 answers dEQP's 3.1 request with 3.2,
# as Mesa does) on virtgl through libglvnd and a private virgl_test_server,
# compared with the expectations tests/conformance/deqp/expected-<module>.txt
# (the cases that do not pass, each with its cause).
#
# Under VIRTGL_CHECK_SHORT=1 (make distcheck: Makefile.am) every 4th case of
# each sample runs.
#
# Fails on a regression: a case that passed and now fails, crashes or times
# out, or one that failed and now crashes or times out. Improvements are
# printed (update the expectation file with the command they print).
#
# dEQP is not packaged by Debian: VIRTGL_DEQP names a build (see
# tests/conformance/README.md); .ci/run sets it. Without it this test fails
# under CI=true and skips (77, visibly) elsewhere.
set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$here/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
export top_srcdir top_builddir
out=$top_builddir/tests/conformance/results

if [ -z "${VIRTGL_DEQP:-}" ]; then
	echo "test_deqp: VIRTGL_DEQP is not set: no dEQP build to run (tests/conformance/README.md)"
	[ "${CI:-}" = true ] && { echo "test_deqp: FAIL: CI must run dEQP"; exit 1; }
	exit 77
fi

rc=0
for module in gles2 gles3 gles31; do
	list=$here/deqp/ci-$module.txt
	# make distcheck's short run (Makefile.am): every 4th case of the sample
	if [ "${VIRTGL_CHECK_SHORT:-}" = 1 ]; then
		mkdir -p "$out" && awk '!/^#/ && NF && n++ % 4 == 0' "$list" >"$out/short-$module.txt" || exit 99
		list=$out/short-$module.txt
	fi
	# dEQP-GLES31 asks for "ES 3": the highest version answers it, as Mesa does
	if [ "$module" = gles31 ]; then export VIRTGL_ES_UPGRADE=1; else unset VIRTGL_ES_UPGRADE; fi
	rm -rf "$out/ci-$module"
	start=$(date +%s)
	if ! timeout 900 "$here/deqp/run.sh" -o "$out" -n "ci-$module" -t 60 virtgl "$module" "$list"; then
		echo "test_deqp: FAIL: tests/conformance/deqp/run.sh virtgl $module failed"
		rc=1
		continue
	fi
	echo "test_deqp: $module: $(($(date +%s) - start)) s; results in $out/ci-$module"
	"${PYTHON:-python3}" "$here/deqp/results.py" check "$here/deqp/expected-$module.txt" \
		"$out/ci-$module" "$list" || rc=1
done
[ $rc -eq 0 ] && echo "test_deqp: PASS" || echo "test_deqp: FAIL"
exit $rc
