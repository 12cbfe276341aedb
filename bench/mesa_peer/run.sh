#!/bin/bash
# bench/mesa_peer/run.sh: what Mesa's own virgl driver (virpipe, Mesa 22.3.6)
# sends per draw for the five loops of gles_loops.c, read from the captures
# of a private virgl_test_server, plus its wall time per draw.
#
#   bench/mesa_peer/run.sh
#
# Environment:
#   MESA_PEER_N=1000          draws of the small capture (the large one is 2N)
#   MESA_PEER_TIMING_REPS=5   timing runs per loop (no capture), median reported
#   MESA_PEER_CPUS=           e.g. "0": taskset -c for server and client
#   MESA_PEER_KEEP=           non-empty: keep the captures under bench/results/mesa_peer/
#   MESA_PEER_OUT             output folder (default: $top_builddir or the source tree, bench/results)
#
# Output: KEY=VALUE lines, one block per loop, also saved to
# bench/results/mesa_peer.txt. Needs root (apt-get if anything is missing,
# unshare -m and mount for the socket redirect below).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
out=${MESA_PEER_OUT:-${top_builddir:-$src}/bench/results}
n1=${MESA_PEER_N:-1000}
n2=$((2 * n1))
reps=${MESA_PEER_TIMING_REPS:-5}
loops="none texture ubo_offset program vbo"
pin=()
[ -n "${MESA_PEER_CPUS:-}" ] && pin=(taskset -c "$MESA_PEER_CPUS")

die() { echo "mesa_peer: $*" >&2; exit 1; }

# ---- dependencies ----------------------------------------------------------
need_install=
command -v gcc >/dev/null || need_install=1
command -v pkg-config >/dev/null && pkg-config --exists egl glesv2 || need_install=1
command -v virgl_test_server >/dev/null || need_install=1
ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1 || need_install=1
if [ -n "$need_install" ]; then
	echo "mesa_peer: installing build and runtime packages" >&2
	apt-get update -qq || true
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc pkg-config libegl-dev \
		libgles-dev libegl-mesa0 libgl1-mesa-dri virgl-server >&2
fi
command -v python3 >/dev/null || die "python3 not found"
command -v unshare >/dev/null || die "unshare not found"

# ---- work area -------------------------------------------------------------
# Not under /tmp: the client's namespace puts a tmpfs over /tmp (below).
work=$(mktemp -d /var/tmp/mesa_peer.XXXXXX)
sock=$work/vt.sock
server_pid=
cleanup() {
	if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$out"

gcc -O2 -Wall -Wextra -std=gnu11 -o "$work/gles_loops" "$here/gles_loops.c" \
	$(pkg-config --cflags --libs egl glesv2)

# One server per client run: --no-loop-or-fork serves this one client and
# exits when it disconnects, which also closes the VTEST_SAVE file.
start_server() { # $1: capture file, or empty for none
	rm -f "$sock"
	if [ -n "$1" ]; then
		VTEST_SAVE=$1 "${pin[@]}" virgl_test_server --use-egl-surfaceless --no-loop-or-fork \
			--socket-path="$sock" >"$work/server.log" 2>&1 &
	else
		"${pin[@]}" virgl_test_server --use-egl-surfaceless --no-loop-or-fork \
			--socket-path="$sock" >"$work/server.log" 2>&1 &
	fi
	server_pid=$!
	for _ in $(seq 100); do
		[ -S "$sock" ] && return 0
		kill -0 "$server_pid" 2>/dev/null || break
		sleep 0.05
	done
	cat "$work/server.log" >&2
	die "virgl_test_server did not come up"
}

stop_server() {
	for _ in $(seq 100); do
		kill -0 "$server_pid" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$server_pid" 2>/dev/null; then
		echo "mesa_peer: server $server_pid still running, killing it" >&2
		kill "$server_pid" 2>/dev/null || true
	fi
	wait "$server_pid" 2>/dev/null || true
	server_pid=
}

# Mesa 22.3's vtest winsys always connects to /tmp/.virgl_test. In a private
# mount namespace a tmpfs goes over /tmp (so nothing is created in the real
# one) and the private socket is bind-mounted on /tmp/.virgl_test.
run_client() { # $1 loop, $2 N, $3 result file
	if ! unshare -m --propagation private sh -c '
		exec 3<"${1%/*}" # the socket may lie under /tmp, which the tmpfs hides
		mount -t tmpfs -o size=1m mesa_peer /tmp && : >/tmp/.virgl_test &&
		mount --no-canonicalize --bind "/proc/self/fd/3/${1##*/}" /tmp/.virgl_test ||
		exit 99
		exec 3<&-
		shift
		exec env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=virpipe \
			EGL_PLATFORM=surfaceless MESA_SHADER_CACHE_DISABLE=true "$@"' \
		sh "$sock" "${pin[@]}" "$work/gles_loops" "$1" "$2" >"$3" 2>"$3.err"; then
		cat "$3" "$3.err" >&2
		die "gles_loops $1 $2 failed"
	fi
	grep -q '^renderer=.*virgl' "$3" ||
		die "GL_RENDERER is not virgl: $(grep '^renderer=' "$3" || echo none) - not Mesa's virpipe"
	grep -q '^check=ok' "$3" || die "gles_loops $1 $2: wrong pixel"
}

one_run() { # $1 loop, $2 N, $3 capture file or empty, $4 result file
	start_server "$3"
	run_client "$1" "$2" "$4"
	stop_server
}

key() { sed -n "s/^$1=//p" "$2"; }

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END {
	if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# ---- runs ------------------------------------------------------------------
res=$work/mesa_peer.txt
{
	echo "# Mesa virgl (virpipe) over vtest: per-draw cost of five GLES draw loops"
	echo "# bytes: (SUBMIT_CMD payload bytes at N=$n2 - at N=$n1) / $n1"
	echo "# ns: wall time of N=$n2 draws + glFinish / N (encode_ns: without the glFinish), median of $reps runs without capture"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "cpus=$(nproc)"
	echo "pinned_cpus=${MESA_PEER_CPUS:-none}"
	echo "loadavg_start=$(cut -d' ' -f1-3 /proc/loadavg)"
	echo "mesa=$(dpkg-query -W -f='${Version}' libgl1-mesa-dri 2>/dev/null || echo unknown)"
	echo "virglrenderer=$(dpkg-query -W -f='${Version}' virgl-server 2>/dev/null || echo unknown)"
	echo "n_small=$n1"
	echo "n_large=$n2"
} >"$res"

first=1
for loop in $loops; do
	echo "mesa_peer: $loop" >&2
	one_run "$loop" "$n1" "$work/$loop-$n1.cap" "$work/$loop-$n1.out"
	one_run "$loop" "$n2" "$work/$loop-$n2.cap" "$work/$loop-$n2.out"
	times= enc=
	for _ in $(seq "$reps"); do
		one_run "$loop" "$n2" "" "$work/$loop-time.out"
		times="$times $(key ns_per_draw "$work/$loop-time.out")"
		enc="$enc $(key encode_ns_per_draw "$work/$loop-time.out")"
	done
	if [ -n "$first" ]; then
		echo "renderer=$(key renderer "$work/$loop-$n2.out")" >>"$res"
		echo "gl_version=$(key gl_version "$work/$loop-$n2.out")" >>"$res"
		echo "ubo_offset_alignment=$(key ubo_align "$work/$loop-$n2.out")" >>"$res"
		first=
	fi
	{
		echo
		echo "loop=$loop"
		echo "mesa_ns_per_draw=$(echo "$times" | median)"
		echo "mesa_ns_per_draw_runs=$(echo $times | tr ' ' ',')"
		echo "mesa_encode_ns_per_draw=$(echo "$enc" | median)"
		echo "mesa_encode_ns_per_draw_runs=$(echo $enc | tr ' ' ',')"
		echo "mesa_ns_per_draw_captured_n$n2=$(key ns_per_draw "$work/$loop-$n2.out")"
		python3 "$here/vtest_bytes.py" "$work/$loop-$n1.cap" "$n1" "$work/$loop-$n2.cap" "$n2"
	} >>"$res"
	if [ -n "${MESA_PEER_KEEP:-}" ]; then
		mkdir -p "$out/mesa_peer"
		cp "$work/$loop-$n1.cap" "$work/$loop-$n2.cap" "$out/mesa_peer/"
	fi
done
echo "loadavg_end=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$res"

cp "$res" "$out/mesa_peer.txt"
cat "$res"
