#!/bin/bash
# tests/gl/piglit/run.sh: runs Debian's piglit on a test list against one
# GLES driver, through libglvnd on EGL surfaceless, and writes the results
# under the build tree.
#
#   tests/gl/piglit/run.sh [-l LIST] [-n NAME] [-o DIR] [-j JOBS] [-t SECONDS] DRIVER
#
# DRIVER:
#   virtgl    the build tree's vendor library (gl/virtgl_egl.json's
#             gl/.libs/libEGL_virtgl.so.0, run from a private copy so that a
#             rebuild during the run cannot mix two builds), VIRTGL_TRANSPORT=vtest against a
#             private virgl_test_server started here (the server is started
#             before the vendor list is set: it renders with the host's Mesa).
#             VIRTGL_VTEST_SOCKET from the caller is used instead if set;
#             VIRTGL_PIGLIT_SPAWN=1 leaves the server to virtgl itself (each
#             test process then spawns its own, as an application would).
#   virpipe   Mesa's virgl (GALLIUM_DRIVER=virpipe) against a private
#             virgl_test_server. Mesa 22.3 always connects to /tmp/.virgl_test,
#             so piglit runs in a private mount namespace (unshare -m, needs
#             root) with a tmpfs on /tmp and the private socket bind-mounted on
#             /tmp/.virgl_test (as bench/mesa_peer/run.sh does).
#   llvmpipe  Mesa's llvmpipe (GALLIUM_DRIVER=llvmpipe).
# Both Mesa drivers get __EGL_VENDOR_LIBRARY_FILENAMES=Mesa's 50_mesa.json, so
# an installed virtgl vendor cannot answer for them.
#
# Options:
#   -l LIST   test list (default: tests/gl/piglit/gles2-egl.txt); lines as
#             piglit's --test-list reads them ('#' comments)
#   -n NAME   results name (default: <list basename>-<driver>)
#   -o DIR    results parent folder (default: $top_builddir/tests/gl/piglit/results)
#   -j JOBS   piglit -j (default 2; at most 2)
#   -t SECS   piglit --timeout per test (default 60)
#
# Output in DIR/NAME/: results.json (piglit's, uncompressed: stdout, stderr,
# command and result of each test), summary.txt (piglit summary console),
# results.tsv ("test<TAB>result", sorted), counts.txt, wall.txt, and for
# virtgl server.log. Exit status: 0 when piglit ran (whatever the tests gave),
# 1 on setup errors.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$here/../../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
list=$here/gles2-egl.txt
name=
outdir=$top_builddir/tests/gl/piglit/results
jobs=2
timeout=60

usage() { sed -n '2,/^set -e/s/^# \{0,1\}//p' "$0" >&2; exit 1; }
die() { echo "piglit/run.sh: $*" >&2; exit 1; }

while getopts l:n:o:j:t:h opt; do
	case $opt in
	l) list=$OPTARG ;;
	n) name=$OPTARG ;;
	o) outdir=$OPTARG ;;
	j) jobs=$OPTARG ;;
	t) timeout=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
driver=$1
case $driver in virtgl | virpipe | llvmpipe) ;; *) die "unknown driver '$driver' (virtgl, virpipe, llvmpipe)" ;; esac
[ "$jobs" -ge 1 ] && [ "$jobs" -le 2 ] || die "-j must be 1 or 2"
[ -r "$list" ] || die "no test list $list"
list=$(cd "$(dirname "$list")" && pwd)/$(basename "$list")
command -v piglit >/dev/null || die "piglit not found: install the Debian package piglit"
command -v wflinfo >/dev/null || die "wflinfo not found: install the Debian package waffle-utils"
: "${name:=$(basename "$list" .txt)-$driver}"
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
res=$outdir/$name

export PIGLIT_PLATFORM=surfaceless_egl PIGLIT_NO_WINDOW=1 PIGLIT_COMPRESSION=none
# shellcheck source=../../conformance/peers.sh
. "$top_srcdir/tests/conformance/peers.sh"

work=$(mktemp -d /var/tmp/virtgl-piglit.XXXXXX)
piglit_pid=
cleanup() {
	if [ -n "$piglit_pid" ]; then
		kill -TERM -- "-$piglit_pid" 2>/dev/null || true
		wait "$piglit_pid" 2>/dev/null || true
	fi
	peer_cleanup
	[ -f "$work/server.log" ] && [ -d "$res" ] && cp "$work/server.log" "$res/server.log"
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# piglit reads the list from, and writes the results to, the work folder:
# virpipe's private /tmp would hide anything under the real /tmp
cp "$list" "$work/list.txt"
piglit_cmd=(piglit run all -p surfaceless_egl --test-list "$work/list.txt" -j "$jobs"
	--timeout "$timeout" -l dummy -o -n "$name" "$work/results")
[ -z "${VIRTGL_PIGLIT_SPAWN:-}" ] || export PEER_SPAWN=1
peer_setup "$driver" "$work"
[ "$driver" != virtgl ] || lib_sum=$(md5sum <"$work/libEGL_virtgl.so.0" | cut -d' ' -f1)
prefix=("${peer_prefix[@]}")
peer_check_renderer "$driver" "$work/wflinfo.txt"
renderer=$(sed -n 's/^OpenGL renderer string: //p' "$work/wflinfo.txt")
version=$(sed -n 's/^OpenGL version string: //p' "$work/wflinfo.txt")

ntests=$(sed 's/#.*//; /^[[:space:]]*$/d' "$list" | wc -l)
echo "piglit/run.sh: $driver: $ntests tests of $(basename "$list") -> $res" >&2
start=$(date +%s.%N)
rc=0
# its own process group, so that an interrupted run (INT, TERM, the CI
# check's timeout) takes piglit and its running tests down with it
setsid "${prefix[@]}" "${piglit_cmd[@]}" >"$work/piglit.log" 2>&1 &
piglit_pid=$!
wait "$piglit_pid" || rc=$?
piglit_pid=
end=$(date +%s.%N)
if [ $rc -ne 0 ] || [ ! -f "$work/results/results.json" ]; then
	cat "$work/piglit.log" >&2
	die "piglit run failed (status $rc)"
fi
rm -rf "$res"
mkdir -p "$res"
cp "$work/results/results.json" "$res/"
cp "$work/piglit.log" "$res/piglit.log"
piglit summary console "$res" >"$res/summary.txt" 2>&1 || true
python3 "$here/results.py" tsv "$res/results.json" >"$res/results.tsv"
python3 "$here/results.py" counts "$res/results.json" >"$res/counts.txt"
{
	echo "driver=$driver"
	echo "renderer=$renderer"
	echo "gles2_version=$version"
	[ -z "${lib_sum:-}" ] || echo "virtgl_lib_md5=$lib_sum (run from a copy)"
	echo "list=$list"
	echo "tests=$ntests"
	echo "wall_s=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
	echo "jobs=$jobs"
	echo "timeout_s=$timeout"
	echo "loadavg_end=$(cut -d' ' -f1-3 /proc/loadavg)"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$res/wall.txt"
echo "piglit/run.sh: $driver: $(cat "$res/counts.txt") in $(sed -n 's/^wall_s=//p' "$res/wall.txt") s" >&2
