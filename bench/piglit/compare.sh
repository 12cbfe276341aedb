#!/bin/bash
# bench/piglit/compare.sh: piglit (Debian, EGL surfaceless through libglvnd)
# on virtgl, Mesa's virgl (virpipe over a private virgl_test_server) and
# llvmpipe, back to back on the same lists, and a side-by-side table:
# counts per driver (pass/fail/skip/crash/timeout) and every test whose
# result differs between drivers.
#
#   bench/piglit/compare.sh            run all three on both lists, write the table
#   bench/piglit/compare.sh --no-run   only tabulate the results already there
#
# Lists: tests/gl/piglit/gles2-egl.txt (the GLES 2.0 + EGL tests that
# tests/gl/test_piglit.sh checks) and tests/corpus/piglit-core.txt (all
# 321 core GLES tests; PIGLIT_CORE_LIST= to point elsewhere, empty to skip).
# Runs go through tests/gl/piglit/run.sh (-j 2); results under
# $top_builddir/tests/gl/piglit/results/<list>-<driver>/. The table goes to
# bench/results/piglit-core.txt (PIGLIT_COMPARE_OUT to change) and stdout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
: "${top_builddir:=$src}"
export top_builddir top_srcdir="$src"
pdir=$src/tests/gl/piglit
results=$top_builddir/tests/gl/piglit/results
out=${PIGLIT_COMPARE_OUT:-$src/bench/results/piglit-core.txt}
core=${PIGLIT_CORE_LIST-$src/tests/corpus/piglit-core.txt}
drivers="virtgl virpipe llvmpipe"
run=1
[ "${1:-}" = --no-run ] && run=

lists=("$pdir/gles2-egl.txt")
[ -n "$core" ] && [ -r "$core" ] && lists+=("$core")

if [ -n "$run" ]; then
	for l in "${lists[@]}"; do
		for d in $drivers; do
			"$pdir/run.sh" -l "$l" -j 2 -t 180 "$d"
		done
	done
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
	echo "# piglit GLES on virtgl vs Mesa's virgl (virpipe) vs llvmpipe"
	echo "# tabulated by bench/piglit/compare.sh on $(date -u +%Y-%m-%dT%H:%M:%SZ) (run times below), $(nproc) CPUs"
	echo "# piglit $(dpkg-query -W -f='${Version}' piglit 2>/dev/null || echo ?)," \
		"Mesa $(dpkg-query -W -f='${Version}' libgl1-mesa-dri 2>/dev/null || echo ?)," \
		"virglrenderer $(dpkg-query -W -f='${Version}' virgl-server 2>/dev/null || echo ?)," \
		"virtgl $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo ?) + working tree"
	echo "# All three through libglvnd on EGL surfaceless (PIGLIT_PLATFORM=surfaceless_egl,"
	echo "# PIGLIT_NO_WINDOW=1, EGL_PLATFORM=surfaceless), piglit run -j 2; virtgl and"
	echo "# virpipe each against a private virgl_test_server (host: Mesa llvmpipe)."
	echo "# A test's result is piglit's (the worst of its subtests). virtgl's failures and"
	echo "# skips are triaged in tests/gl/piglit/TRIAGE.md; the CI check on the gles2-egl list"
	echo "# is tests/gl/test_piglit.sh (expectation: tests/gl/piglit/virtgl-expected.txt)."
	for l in "${lists[@]}"; do
		name=$(basename "$l" .txt)
		echo
		echo "## $name ($(sed 's/#.*//; /^[[:space:]]*$/d' "$l" | wc -l) tests, ${l#"$src"/})"
		echo
		args=()
		for d in $drivers; do
			r=$results/$name-$d
			[ -f "$r/results.json" ] || { echo "(no results for $d: $r)"; continue; }
			args+=("$d=$r/results.json")
		done
		echo "Renderer and wall time (piglit run, seconds, load average at the end):"
		echo
		for d in $drivers; do
			w=$results/$name-$d/wall.txt
			[ -f "$w" ] || continue
			printf '* %s: %s; %s s; load %s; run %s\n' "$d" \
				"$(sed -n 's/^renderer=//p' "$w") / $(sed -n 's/^gles2_version=//p' "$w")" \
				"$(sed -n 's/^wall_s=//p' "$w")" "$(sed -n 's/^loadavg_end=//p' "$w")" \
				"$(sed -n 's/^date=//p' "$w")"
		done
		echo
		python3 "$pdir/results.py" table "${args[@]}"
	done
} >"$tmp"
mkdir -p "$(dirname "$out")"
cp "$tmp" "$out"
cat "$out"
