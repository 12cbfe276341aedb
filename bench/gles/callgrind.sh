#!/bin/bash
# bench/gles/callgrind.sh: callgrind instructions per draw of drawoverhead_es
# rows (issue #15), on Mesa's virgl and on virtgl in the same run.
#
#   bench/gles/callgrind.sh [ROW...]      (from the build tree after `make`)
#
# Each (row, peer) runs twice, at N1 and N2 draws (-r 1 -w 0): the
# instructions per draw are (Ir(N2) - Ir(N1)) / (N2 - N1), so start-up,
# EGL setup, shader builds and exit cancel out. The client runs under
# valgrind --tool=callgrind; with GB_CG_SERVER=1 the private
# virgl_test_server does too (its own N1/N2 below: the host renders with
# llvmpipe, which callgrind slows much more than the client), giving
# the server's instructions per draw for the commands each peer sends.
# Peers and servers are set up as in run.sh (common.sh): Mesa's client in
# unshare -m with the private socket bind-mounted over /tmp/.virgl_test.
#
# Environment:
#   GB_CG_N1=10000 GB_CG_N2=30000   client draw counts
#   GB_CG_SERVER=                    non-empty: profile the server instead
#   GB_CG_SN1=1000 GB_CG_SN2=3000    draw counts when profiling the server
#   GB_CG_PEERS="mesa virtgl"
#   GB_CG_KEEP=DIR                   keep the callgrind.out files there (for
#                                    callgrind_annotate); default: discarded
#   GLES_BENCH_TARGET=pbuffer        render target, as in run.sh
#   GLES_BENCH_CPUS=                 taskset -c for client and server
#   VIRTGL_EGL_JSON=                 as in run.sh
# Output: one line per row, "ROW  mesa  virtgl  virtgl/mesa". Needs root
# (unshare -m for Mesa) and valgrind.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$(cd "${top_builddir:-.}" && pwd)
server=${GB_CG_SERVER:-}
if [ -n "$server" ]; then
	n1=${GB_CG_SN1:-1000} n2=${GB_CG_SN2:-3000}
else
	n1=${GB_CG_N1:-10000} n2=${GB_CG_N2:-30000}
fi
peers=(${GB_CG_PEERS:-mesa virtgl})
keep=${GB_CG_KEEP:-}
# the render target of run.sh: a 64x64 pbuffer unless GLES_BENCH_TARGET says
export GB_TARGET=${GLES_BENCH_TARGET:-pbuffer}

. "$here/common.sh"

command -v valgrind >/dev/null || gb_die "valgrind not found"
command -v virgl_test_server >/dev/null || gb_die "virgl_test_server not found"
[ "$(id -u)" = 0 ] || gb_die "needs root: the Mesa peer runs in a private mount namespace"
[ "$n2" -gt "$n1" ] || gb_die "N2 must be larger than N1"

work=$(mktemp -d /var/tmp/gles_cg.XXXXXX)
trap 'gb_cleanup; rm -rf "$work"' EXIT
gb_init "$work" "${GLES_BENCH_CPUS:-}"
[ -z "$keep" ] || mkdir -p "$keep"

draw_bin=$build/bench/gles/drawoverhead_es
if [ ! -x "$draw_bin" ]; then
	draw_bin=$work/drawoverhead_es
	gcc -O2 -std=gnu11 -o "$draw_bin" "$here/drawoverhead_es.c" "$here/gles_common.c" \
		$(pkg-config --cflags --libs egl glesv2) || gb_die "cannot build drawoverhead_es"
fi
GB_VIRTGL_JSON=$(gb_virtgl_json "$build" "$src")
[ -n "$GB_VIRTGL_JSON" ] || gb_die "no virtgl EGL vendor JSON (set VIRTGL_EGL_JSON)"
export GB_VIRTGL_JSON

cg=(valgrind --tool=callgrind --dump-instr=no --collect-atstart=yes)
if [ -n "$server" ]; then
	# the server runs under callgrind; it writes its profile when its one
	# client has gone, which takes longer than common.sh's stop waits
	GB_SERVER_PREFIX="${cg[*]} --callgrind-out-file=$work/server.cg"
	GB_SERVER_STOP_WAIT=600
	# virtgl gives a host that does not answer in time up (eglInitialize
	# fails, draws raise GL_OUT_OF_MEMORY): callgrind's host is that slow
	VIRTGL_HOST_TIMEOUT_MS=${VIRTGL_HOST_TIMEOUT_MS:-600000}
	export GB_SERVER_PREFIX GB_SERVER_STOP_WAIT VIRTGL_HOST_TIMEOUT_MS
fi

# total_ir FILE: the summary Ir of a callgrind.out file
total_ir() { sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$1" | head -n 1; }

# one PEER ROW N: Ir of one run (client or server), "" on failure
one() {
	local peer=$1 row=$2 n=$3 out=$work/$1.$2.$3 prof
	if [ -n "$server" ]; then
		prof=$work/server.cg
		rm -f "$prof"
		gb_run "$peer" 1200 "$out" "" -- "$draw_bin" -n "$n" -r 1 -w 0 "$row" >/dev/null
	else
		prof=$work/client.cg
		rm -f "$prof"
		gb_run "$peer" 1200 "$out" "" -- "${cg[@]}" --callgrind-out-file="$prof" \
			"$draw_bin" -n "$n" -r 1 -w 0 "$row" >/dev/null
	fi
	if ! grep -q '^status=ok' "$out" || [ ! -s "$prof" ]; then
		echo "callgrind.sh: $peer $row $n failed: $(gb_failure "$peer" "$out" 1)" >&2
		return
	fi
	[ -z "$keep" ] || cp "$prof" "$keep/${server:+server.}$peer.$row.$n.cg"
	total_ir "$prof"
}

rows=("$@")
[ ${#rows[@]} -gt 0 ] || rows=(none depth stencil blend ubo1 uniform_many tex1 scissor program)
printf '# callgrind Ir per draw of the %s, (Ir(%d) - Ir(%d)) / %d\n' \
	"${server:+server}${server:-client}" "$n2" "$n1" $((n2 - n1))
head=$(printf '%-14s' row)
for peer in "${peers[@]}"; do head+=$(printf ' %10s' "$peer"); done
[ ${#peers[@]} != 2 ] || head+=$(printf ' %8s' "${peers[1]}/${peers[0]}")
echo "$head"
for row in "${rows[@]}"; do
	declare -A per=()
	for peer in "${peers[@]}"; do
		a=$(one "$peer" "$row" "$n1")
		b=$(one "$peer" "$row" "$n2")
		if [ -n "$a" ] && [ -n "$b" ]; then
			per[$peer]=$(((b - a) / (n2 - n1)))
		else
			per[$peer]=-
		fi
	done
	r=-
	if [ ${#peers[@]} = 2 ] && [ "${per[${peers[0]}]}" != - ] && [ "${per[${peers[1]}]}" != - ]; then
		r=$(awk -v a="${per[${peers[1]}]}" -v b="${per[${peers[0]}]}" 'BEGIN { printf "%.2f", a / b }')
	fi
	line=$(printf '%-14s' "$row")
	for peer in "${peers[@]}"; do line+=$(printf ' %10s' "${per[$peer]}"); done
	[ ${#peers[@]} != 2 ] || line+=$(printf ' %8s' "$r")
	echo "$line"
	unset per
done
