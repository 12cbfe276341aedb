#!/bin/bash
# bench/gles/run.sh: the GL-level benchmarks (issue #5) on Mesa's virgl driver
# and on virtgl in the same run, with ratios virtgl / Mesa per row.
#
#   bench/gles/run.sh [SECTION...]      (from the build tree after `make`)
#
# Sections (default: all, in this order):
#   draw       drawoverhead_es: draws/s of tiny draws per state-change row,
#              and the client's own CPU ns per draw
#   overlap    the same rows, one process of 1 x N and one of 5 x N draws
#              (N = GLES_BENCH_OVERLAP_N, each N + glFinish): the server's CPU per draw (its utime + stime, from the
#              wrapper it runs under), the client's, and the overlap
#              (client CPU + server CPU) / wall: 1.0 = one after the other,
#              up to 2.0 = both busy all the time; all three are differences
#              of the two runs, so start-up and EGL setup cancel out
#   bytes      virgl stream bytes per draw on the same rows, from VTEST_SAVE
#              captures at N and 2N draws (setup cancels out)
#   readback   readback_es: draw sampling a texture, then map for reading a
#              buffer the GPU never wrote; virtgl normal, virtgl with
#              VIRTGL_DEBUG=syncreads (forced flush + wait), Mesa
#   progbuild  progbuild_es: compile + link + first draw per shader of the
#              real-shader corpus; median / p90 and the ratio (goal <= 0.33)
#   demo       peak RSS of tools/virtgl-demo on both peers (if built)
# Peak RSS of every benchmark process on every peer is tabled at the end.
#
# Peers: Mesa = GALLIUM_DRIVER=virpipe over a private virgl_test_server;
# virtgl = its EGL vendor JSON through libglvnd, VIRTGL_TRANSPORT=vtest on
# the same kind of private server (see common.sh). A row virtgl cannot run
# yet prints "virtgl: not available (<reason>)"; a row whose check fails
# (wrong pixel, wrong buffer contents) prints BAD instead of a figure.
#
# Environment:
#   GLES_BENCH_CPUS=0        taskset -c for client and server ("" = no pinning)
#   GLES_BENCH_N=2000        draws per timed repetition (draw)
#   GLES_BENCH_ROUNDS=1      draw, overlap: run every (row, peer) process this many
#                            times, peers interleaved, and report the median
#                            (draw: and the spread, (max - min) / 2 / median)
#   GLES_BENCH_OVERLAP_N=20000  overlap: the fewest draws per glFinish (short run: 1 x N,
#                            long: 5 x N)
#   GLES_BENCH_OVERLAP_MS=200   overlap: after the draw section, N grows per row to this many
#                            ms of the faster peer's draws: at 20000 draws the server's
#                            start-up noise (tens of ms) swamped the fast rows' difference
#   GLES_BENCH_REPS=5        repetitions per row (draw, readback), median used
#   GLES_BENCH_BYTES_N=500   draws of the small capture (the large is 2N)
#   GLES_BENCH_READ_N=200    iterations per repetition (readback)
#   GLES_BENCH_PROG_ITERS=5  builds per shader (progbuild)
#   GLES_BENCH_PROG_MAX=     first MAX shaders of the corpus only
#   GLES_BENCH_ROWS=         drawoverhead rows to run (default: all, drawoverhead_es -l)
#   GLES_BENCH_READ_ROWS=    readback rows to run (default: all, readback_es -l)
#   GLES_BENCH_TARGET=pbuffer  render target of every program (GB_TARGET: pbuffer,
#                            texture, renderbuffer or auto; see gles_common.h)
#   GLES_BENCH_LLVMPIPE=     non-empty: add Mesa llvmpipe as a reference column
#   GB_MESA_DIRECT=          non-empty: Mesa's server listens on /tmp/.virgl_test itself
#                            (machines where unshare -m is not allowed; see common.sh)
#   GLES_BENCH_DEMO=         the demo (default BUILD/tools/virtgl-demo)
#   GLES_BENCH_DEMO_ARGS="-n 30 -s 256x256"  its arguments (-o DIR is added: frames
#                            go to the work folder)
#   VIRTGL_EGL_JSON=         virtgl's vendor JSON (default: found under BUILD/gl)
#   GLES_BENCH_OUT           results folder (default BUILD/bench/results)
#   CORPUS_DIR               real-shader corpus (default SRC/tests/corpus/real-shaders)
# Output: tables on stdout, saved to OUT/gles-summary.txt; every program's raw
# KEY=VALUE output to OUT/gles-raw.txt. Needs root (unshare -m for Mesa).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$(cd "${top_builddir:-.}" && pwd)
out=${GLES_BENCH_OUT:-$build/bench/results}
cpus=${GLES_BENCH_CPUS-0}
n_draw=${GLES_BENCH_N:-2000}
rounds=${GLES_BENCH_ROUNDS:-1}
reps=${GLES_BENCH_REPS:-5}
n_bytes=${GLES_BENCH_BYTES_N:-500}
n_read=${GLES_BENCH_READ_N:-200}
prog_iters=${GLES_BENCH_PROG_ITERS:-5}
prog_max=${GLES_BENCH_PROG_MAX:-}
corpus=${CORPUS_DIR:-$src/tests/corpus/real-shaders}
demo=${GLES_BENCH_DEMO:-$build/tools/virtgl-demo}
demo_args=${GLES_BENCH_DEMO_ARGS:--n 30 -s 256x256}
n_ov=${GLES_BENCH_OVERLAP_N:-20000}
ms_ov=${GLES_BENCH_OVERLAP_MS:-200}
sections=${*:-draw overlap bytes readback progbuild demo}
# Both peers render to the same kind of target: a 64x64 pbuffer by default
# (virtgl has no FBOs yet); texture|renderbuffer|auto pick an FBO instead.
export GB_TARGET=${GLES_BENCH_TARGET:-pbuffer}

. "$here/common.sh"

command -v virgl_test_server >/dev/null || gb_die "virgl_test_server not found (Debian package virgl-server)"
command -v python3 >/dev/null || gb_die "python3 not found"
command -v unshare >/dev/null || gb_die "unshare not found"
[ "$(id -u)" = 0 ] || gb_die "needs root: the Mesa peer runs in a private mount namespace"

work=$(mktemp -d /var/tmp/gles_bench.XXXXXX)
trap 'gb_cleanup; rm -rf "$work"' EXIT
gb_init "$work" "$cpus"
mkdir -p "$out"
summary=$work/summary.txt
raw=$work/raw.txt
: >"$summary"
: >"$raw"
say() { echo "$*" | tee -a "$summary"; }

# ---- programs: the build tree's, else built here --------------------------
bin() { # NAME SOURCES...
	local name=$1
	shift
	if [ -x "$build/bench/gles/$name" ]; then
		echo "$build/bench/gles/$name"
		return
	fi
	gcc -O2 -std=gnu11 -o "$work/$name" "$@" "$here/gles_common.c" \
		$(pkg-config --cflags --libs egl glesv2) >&2 || gb_die "cannot build $name"
	echo "$work/$name"
}
draw_bin=$(bin drawoverhead_es "$here/drawoverhead_es.c")
read_bin=$(bin readback_es "$here/readback_es.c")
prog_bin=$(bin progbuild_es "$here/progbuild_es.c" "$src/tests/compiler/corpus.c")

# ---- which peers ----------------------------------------------------------
GB_VIRTGL_JSON=$(gb_virtgl_json "$build" "$src")
virtgl_why=
if [ -z "$GB_VIRTGL_JSON" ]; then
	virtgl_why="no EGL vendor JSON under $build/gl (set VIRTGL_EGL_JSON): virtgl's EGL library is not built"
else
	gb_run virtgl 120 "$work/probe.out" "" -- "$draw_bin" -n 10 -r 1 -w 1 none
	rc=$?
	if ! grep -q '^renderer=' "$work/probe.out"; then
		virtgl_why="EGL/GL setup failed: $(gb_failure virtgl "$work/probe.out" $rc)"
	else
		virtgl_why=$(gb_peer_check virtgl "$work/probe.out")
	fi
	{ echo "### virtgl probe (exit $rc)"; cat "$work/probe.out" "$work/probe.out.err"; } >>"$raw"
fi
export GB_VIRTGL_JSON
peers=(mesa virtgl)
[ -n "${GLES_BENCH_LLVMPIPE:-}" ] && peers+=(llvmpipe)

say "# virtgl GL-level benchmarks (bench/gles), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
say "# host: $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), pinned to CPU(s): ${cpus:-none}"
say "# Mesa $(dpkg-query -W -f='${Version}' libgl1-mesa-dri 2>/dev/null || echo ?), virglrenderer $(dpkg-query -W -f='${Version}' virgl-server 2>/dev/null || echo ?)"
say "# virtgl vendor JSON: ${GB_VIRTGL_JSON:-none}; render target: $GB_TARGET (64x64)"
if [ -n "$virtgl_why" ]; then
	say "# virtgl: not available ($virtgl_why)"
else
	say "# virtgl: $(gb_key renderer "$work/probe.out") / $(gb_key gl_version "$work/probe.out") ($(gb_key egl_setup "$work/probe.out"))"
fi

CAP=
declare -A V     # V[section,row,peer,key]
declare -A WHY   # WHY[section,row,peer]: why no figure
declare -A RSS   # RSS[bench,peer]: max child_peak_rss_kb

note_rss() { # BENCH PEER FILE
	local k
	k=$(gb_key child_peak_rss_kb "$3")
	[ -n "$k" ] || return 0
	if [ -z "${RSS[$1,$2]:-}" ] || [ "$k" -gt "${RSS[$1,$2]}" ]; then RSS[$1,$2]=$k; fi
}

# run_row SECTION ROW PEER TIMEOUT FILE -- CMD...: runs it, checks it, and
# sets WHY[] when it gave no usable figure. 0 when the row's status is ok.
run_row() {
	local sec=$1 row=$2 peer=$3 tmo=$4 f=$5 rc st block
	shift 6
	if [ "${peer%-sync}" = virtgl ] && [ -n "$virtgl_why" ]; then
		WHY[$sec,$row,$peer]="not available ($virtgl_why)"
		return 1
	fi
	gb_run "$peer" "$tmo" "$f" "${CAP:-}" -- "$@"
	rc=$?
	{ echo "### $sec $row $peer (exit $rc): $*"; cat "$f"; sed 's/^/stderr: /' "$f.err"; } >>"$raw"
	note_rss "$sec" "$peer" "$f"
	local wrong
	wrong=$(gb_peer_check "$peer" "$f")
	if [ -n "$wrong" ]; then
		WHY[$sec,$row,$peer]="not available ($wrong)"
		return 1
	fi
	block=$(gb_row_block "$row" "$f")
	st=$(echo "$block" | sed -n 's/^status=//p' | head -n 1)
	case $st in
	ok) return 0 ;;
	bad) WHY[$sec,$row,$peer]="BAD ($(echo "$block" | sed -n 's/^reason=//p' | head -n 1))" ;;
	fail) WHY[$sec,$row,$peer]="not available ($(echo "$block" | sed -n 's/^reason=//p' | head -n 1))" ;;
	*) WHY[$sec,$row,$peer]="not available ($(gb_failure "$peer" "$f" $rc))" ;;
	esac
	return 1
}

median() { # [FORMAT of the mean of the middle two, default %.1f]
	tr ' ' '\n' | sed '/^$/d' | sort -g | awk -v f="${1:-%.1f}" '{ v[NR] = $1 } END {
	if (NR % 2) print v[(NR + 1) / 2]; else printf f "\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

spread() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END {
	if (NR < 2) { print "-"; exit }
	m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	if (m > 0) printf "%.0f%%\n", 50 * (v[NR] - v[1]) / m; else print "-" }'; }

ratio() { # A B: A/B with 2 decimals, "-" when either is missing
	if [ -n "$1" ] && [ -n "$2" ]; then
		awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'
	else echo "-"; fi
}

cell() { # SECTION ROW PEER KEY: the figure or why not
	local v=${V[$1,$2,$3,$4]:-}
	if [ -n "$v" ]; then echo "$v"; else echo "${WHY[$1,$2,$3]:-not run}"; fi
}

# Rows where a peer has no figure get one line per such peer below the table.
print_whys() { # SECTION ROWS...
	local sec=$1 row p all=
	shift
	for row in "$@"; do
		for p in "${peers[@]}" ${EXTRA_PEERS:-}; do
			if [ -n "$virtgl_why" ] && [ "${WHY[$sec,$row,$p]:-}" = "not available ($virtgl_why)" ]; then
				all=1
			elif [ -n "${WHY[$sec,$row,$p]:-}" ]; then
				say "  $row: $p: ${WHY[$sec,$row,$p]}"
			fi
		done
	done
	[ -z "$all" ] || say "  all rows: virtgl: not available ($virtgl_why)"
}

# ---- draw -----------------------------------------------------------------
draw_rows=${GLES_BENCH_ROWS:-$("$draw_bin" -l | cut -f1)}
if [[ " $sections " == *" draw "* ]]; then
	echo "gles-bench: draw" >&2
	declare -A RUNS
	for round in $(seq "$rounds"); do
		for row in $draw_rows; do
			for p in "${peers[@]}"; do
				f=$work/draw-$row-$p-$round.out
				if run_row draw "$row" "$p" 300 "$f" -- "$draw_bin" -n "$n_draw" -r "$reps" "$row"; then
					b=$(gb_row_block "$row" "$f")
					RUNS[$row,$p,dps]="${RUNS[$row,$p,dps]:-} $(echo "$b" | sed -n 's/^draws_per_s=//p')"
					RUNS[$row,$p,cpu]="${RUNS[$row,$p,cpu]:-} $(echo "$b" | sed -n 's/^client_cpu_ns_per_draw=//p')"
				elif [ "$round" -gt 1 ]; then
					RUNS[$row,$p,dps]= RUNS[$row,$p,cpu]=
				fi
			done
		done
	done
	# a row that failed in any round has no figure
	for row in $draw_rows; do
		for p in "${peers[@]}"; do
			[ -z "${WHY[draw,$row,$p]:-}" ] || continue
			[ -n "${RUNS[$row,$p,dps]:-}" ] || continue
			V[draw,$row,$p,dps]=$(echo "${RUNS[$row,$p,dps]}" | median)
			V[draw,$row,$p,spread]=$(echo "${RUNS[$row,$p,dps]}" | spread)
			V[draw,$row,$p,cpu]=$(echo "${RUNS[$row,$p,cpu]}" | median)
		done
	done
	say ""
	say "== drawoverhead_es: draws/s (median of $reps x $n_draw draws + glFinish, median of $rounds round(s); higher is better), client CPU ns/draw (lower is better)"
	hdr=$(printf "%-13s %12s %12s %7s %10s %10s %7s %6s %6s" row "mesa d/s" "virtgl d/s" "v/m" "mesa cpu" "virtgl cpu" "v/m" "±mesa" "±virtgl")
	[ -n "${GLES_BENCH_LLVMPIPE:-}" ] && hdr="$hdr $(printf "%12s" "llvmpipe d/s")"
	say "$hdr"
	for row in $draw_rows; do
		md=${V[draw,$row,mesa,dps]:-} vd=${V[draw,$row,virtgl,dps]:-}
		mc=${V[draw,$row,mesa,cpu]:-} vc=${V[draw,$row,virtgl,cpu]:-}
		line=$(printf "%-13s %12s %12s %7s %10s %10s %7s %6s %6s" "$row" "${md:-n/a}" "${vd:-n/a}" \
			"$(ratio "$vd" "$md")" "${mc:-n/a}" "${vc:-n/a}" "$(ratio "$vc" "$mc")" \
			"${V[draw,$row,mesa,spread]:--}" "${V[draw,$row,virtgl,spread]:--}")
		[ -n "${GLES_BENCH_LLVMPIPE:-}" ] && line="$line $(printf "%12s" "${V[draw,$row,llvmpipe,dps]:-n/a}")"
		say "$line"
	done
	say "   (±: spread of draws/s over the rounds, (max - min) / 2 / median)"
	print_whys draw $draw_rows
fi

# ---- overlap --------------------------------------------------------------
# overlap_run ROW PEER ROUND: the row as 1 x n_ov and 5 x n_ov draws; appends
# to OV[] the server's CPU per draw (difference of the two processes: its
# start-up cancels), the client's CPU and wall per draw (the long run's own
# timed figures: the wall of whole processes is too noisy on a shared host).
# overlap_n ROW: draws per glFinish for ROW: GLES_BENCH_OVERLAP_MS of the
# faster peer's draws as the draw section measured them, at least n_ov.
overlap_n() {
	local dps
	dps=$(printf '%s\n' "${V[draw,$1,mesa,dps]:-0}" "${V[draw,$1,virtgl,dps]:-0}" | sort -n | tail -n 1)
	awk -v d="${dps:-0}" -v ms="$ms_ov" -v lo="$n_ov" \
		'BEGIN { n = int(d * ms / 1000); print (n > lo ? n : lo) }'
}

overlap_run() {
	local row=$1 p=$2 f1=$work/ov-$1-$2-$3-1.out f2=$work/ov-$1-$2-$3-2.out d b n
	n=$(overlap_n "$row")
	OV[$row,n]=$n
	run_row overlap "$row" "$p" 600 "$f1" -- "$draw_bin" -n "$n" -r 1 -w 16 "$row" || return
	run_row overlap "$row" "$p" 600 "$f2" -- "$draw_bin" -n "$n" -r 5 -w 16 "$row" || return
	b=$(gb_row_block "$row" "$f2")
	d=$(echo "$(gb_key server_cpu_ns "$f1") $(gb_key server_cpu_ns "$f2")" \
		"$(echo "$b" | sed -n 's/^client_cpu_ns_per_draw=//p') $(echo "$b" | sed -n 's/^ns_per_draw=//p')" |
		awk -v n="$((4 * n))" 'NF == 4 && $4 > 0 { s = ($2 - $1) / n
			printf "%.1f %s %s %.3f", s, $3, $4, (s + $3) / $4 }')
	if [ -z "$d" ]; then
		WHY[overlap,$row,$p]="not available (no server CPU or timed figures from the runs)"
		return
	fi
	read -r srv cli wall ov <<<"$d"
	OV[$row,$p,srv]="${OV[$row,$p,srv]:-} $srv" OV[$row,$p,cli]="${OV[$row,$p,cli]:-} $cli"
	OV[$row,$p,wall]="${OV[$row,$p,wall]:-} $wall" OV[$row,$p,ov]="${OV[$row,$p,ov]:-} $ov"
}

if [[ " $sections " == *" overlap "* ]]; then
	echo "gles-bench: overlap" >&2
	declare -A OV
	for round in $(seq "$rounds"); do
		for row in $draw_rows; do
			for p in mesa virtgl; do overlap_run "$row" "$p" "$round"; done
		done
	done
	say ""
	say "== overlap, per draw, median of $rounds round(s): server CPU ns = (process of 5 x N draws - process of 1 x N) / (4 x N),"
	say "   N per row (column N): ${ms_ov} ms of the faster peer's draws, at least $n_ov;"
	say "   client CPU ns and wall ns: the 5 x N process's medians (each N draws + glFinish);"
	say "   overlap = (client + server CPU) / wall (1.0: one after the other; up to 2.0 on 2 CPUs: both at work at once)"
	say "$(printf "%-13s %9s %9s %9s %9s %9s %9s %6s %6s %8s" row "mesa srv" "virtgl srv" "mesa cli" "virtgl cli" "mesa wall" "virtgl wall" "m ovl" "v ovl" N)"
	for row in $draw_rows; do
		cells=()
		for k in srv cli wall ov; do
			for p in mesa virtgl; do
				if [ -n "${WHY[overlap,$row,$p]:-}" ]; then cells+=(n/a); continue; fi
				v=$(echo "${OV[$row,$p,$k]:-}" | median %.3f)
				cells+=("${v:-n/a}")
			done
		done
		say "$(printf "%-13s %9s %9s %9s %9s %9s %9s %6s %6s %8s" "$row" "${cells[@]}" "${OV[$row,n]:-n/a}")"
	done
	print_whys overlap $draw_rows
fi

# ---- bytes ----------------------------------------------------------------
if [[ " $sections " == *" bytes "* ]]; then
	echo "gles-bench: bytes" >&2
	n2=$((2 * n_bytes))
	for row in $draw_rows; do
		for p in mesa virtgl; do
			ok=1
			for n in "$n_bytes" "$n2"; do
				CAP=$work/bytes-$row-$p-$n.cap
				run_row bytes "$row" "$p" 300 "$work/bytes-$row-$p-$n.out" -- \
					"$draw_bin" -n "$n" -r 1 -w 16 "$row" || ok=
			done
			CAP=
			[ -n "$ok" ] || continue
			python3 "$here/gles_bytes.py" "$work/bytes-$row-$p-$n_bytes.cap" "$n_bytes" \
				"$work/bytes-$row-$p-$n2.cap" "$n2" --draws >"$work/bytes-$row-$p.txt" 2>&1
			{ echo "### bytes $row $p"; cat "$work/bytes-$row-$p.txt"; } >>"$raw"
			V[bytes,$row,$p,stream]=$(gb_key stream_bytes_per_unit "$work/bytes-$row-$p.txt")
			V[bytes,$row,$p,total]=$(gb_key total_bytes_per_unit "$work/bytes-$row-$p.txt")
			V[bytes,$row,$p,wire]=$(gb_key wire_bytes_per_unit "$work/bytes-$row-$p.txt")
			V[bytes,$row,$p,submits]=$(awk -F= '/^msg.SUBMIT_CMD2?=/ { s += $2 } END { printf "%.3f", s }' "$work/bytes-$row-$p.txt")
			e=$(gb_key bytes_error "$work/bytes-$row-$p.txt")
			if [ -n "$e" ] || [ -z "${V[bytes,$row,$p,stream]}" ]; then
				V[bytes,$row,$p,stream]= V[bytes,$row,$p,total]=
				WHY[bytes,$row,$p]="BAD (${e:-capture unreadable: $(tail -n 1 "$work/bytes-$row-$p.txt")})"
			fi
		done
	done
	say ""
	say "== bytes per draw: virgl stream (SUBMIT_CMD/SUBMIT_CMD2 payload), (capture(${n2}) - capture(${n_bytes})) / $n_bytes; lower is better"
	say "   total = stream + data of TRANSFER_PUT/TRANSFER_PUT2 (PUT2's data goes through shared memory, not the socket)"
	say "$(printf "%-13s %10s %10s %7s %10s %10s %7s %9s %9s" row "mesa strm" "virtgl strm" "v/m" "mesa tot" "virtgl tot" "v/m" "mesa sub" "virtgl sub")"
	for row in $draw_rows; do
		ms=${V[bytes,$row,mesa,stream]:-} vs=${V[bytes,$row,virtgl,stream]:-}
		mt=${V[bytes,$row,mesa,total]:-} vt=${V[bytes,$row,virtgl,total]:-}
		say "$(printf "%-13s %10s %10s %7s %10s %10s %7s %9s %9s" "$row" "${ms:-n/a}" "${vs:-n/a}" \
			"$(ratio "$vs" "$ms")" "${mt:-n/a}" "${vt:-n/a}" "$(ratio "$vt" "$mt")" \
			"${V[bytes,$row,mesa,submits]:-n/a}" "${V[bytes,$row,virtgl,submits]:-n/a}")"
	done
	say "   (sub = submits per draw)"
	print_whys bytes $draw_rows
fi

# ---- readback -------------------------------------------------------------
if [[ " $sections " == *" readback "* ]]; then
	echo "gles-bench: readback" >&2
	read_rows=${GLES_BENCH_READ_ROWS:-$("$read_bin" -l | cut -f1)}
	rpeers=(mesa virtgl virtgl-sync)
	[ -n "${GLES_BENCH_LLVMPIPE:-}" ] && rpeers+=(llvmpipe)
	n_rb=$((n_read / 2))
	for row in $read_rows; do
		for p in "${rpeers[@]}"; do
			f=$work/read-$row-$p.out
			if run_row readback "$row" "$p" 300 "$f" -- "$read_bin" -n "$n_read" -r "$reps" "$row"; then
				b=$(gb_row_block "$row" "$f")
				V[readback,$row,$p,us]=$(echo "$b" | sed -n 's/^us_per_iter=//p')
				V[readback,$row,$p,cpu]=$(echo "$b" | sed -n 's/^client_cpu_us_per_iter=//p')
			fi
			# vtest messages per iteration: submits and waits show a flush + wait
			[ "$p" = llvmpipe ] && continue
			[ -n "${V[readback,$row,$p,us]:-}" ] || continue
			ok=1
			for n in "$n_rb" "$n_read"; do
				CAP=$work/rbytes-$row-$p-$n.cap
				run_row readback-msgs "$row" "$p" 300 "$work/rbytes-$row-$p-$n.out" -- \
					"$read_bin" -n "$n" -r 1 "$row" || ok=
			done
			CAP=
			[ -n "$ok" ] || continue
			python3 "$here/gles_bytes.py" "$work/rbytes-$row-$p-$n_rb.cap" "$n_rb" \
				"$work/rbytes-$row-$p-$n_read.cap" "$n_read" >"$work/rbytes-$row-$p.txt" 2>&1
			{ echo "### readback messages $row $p"; cat "$work/rbytes-$row-$p.txt"; } >>"$raw"
			V[readback,$row,$p,msgs]=$(awk -F= '
				/^submits_per_unit=/ { s = $2 } /^roundtrips_per_unit=/ { r = $2 }
				/^transfers_per_unit=/ { x = $2 }
				END { printf "%.2f/%.2f/%.2f", s, r, x }' "$work/rbytes-$row-$p.txt")
		done
	done
	say ""
	say "== readback_es: us per iteration (median of $reps x $n_read; lower is better); virtgl-sync = VIRTGL_DEBUG=syncreads (assumed switch)"
	lib=$(sed -n 's/.*"library_path" *: *"\([^"]*\)".*/\1/p' "$GB_VIRTGL_JSON" 2>/dev/null)
	if [ -n "$lib" ] && [ -f "$lib" ] && ! grep -q syncreads "$lib"; then
		say "   NOTE: $lib has no 'syncreads' string: the switch is not implemented, so v-sync runs virtgl's normal mode"
	fi
	say "$(printf "%-15s %9s %9s %9s %7s %7s   %-14s %-14s %-14s" row mesa virtgl v-sync "v/m" "v/sync" "mesa s/rt/x" "virtgl s/rt/x" "v-sync s/rt/x")"
	for row in $read_rows; do
		m=${V[readback,$row,mesa,us]:-} v=${V[readback,$row,virtgl,us]:-} vs=${V[readback,$row,virtgl-sync,us]:-}
		say "$(printf "%-15s %9s %9s %9s %7s %7s   %-14s %-14s %-14s" "$row" "${m:-n/a}" "${v:-n/a}" \
			"${vs:-n/a}" "$(ratio "$v" "$m")" "$(ratio "$v" "$vs")" \
			"${V[readback,$row,mesa,msgs]:-n/a}" "${V[readback,$row,virtgl,msgs]:-n/a}" \
			"${V[readback,$row,virtgl-sync,msgs]:-n/a}")"
		[ -n "${GLES_BENCH_LLVMPIPE:-}" ] && say "$(printf "%-15s llvmpipe %s us" "" "${V[readback,$row,llvmpipe,us]:-n/a}")"
	done
	say "   (s/rt/x per iteration, from VTEST_SAVE captures: vtest SUBMITs / round trips (messages with a reply:"
	say "    RESOURCE_BUSY_WAIT, SYNC_READ, SYNC_WAIT, PING, ...) / TRANSFER_PUT|GET messages)"
	EXTRA_PEERS=virtgl-sync print_whys readback $read_rows
	EXTRA_PEERS=virtgl-sync print_whys readback-msgs $read_rows
fi

# ---- progbuild ------------------------------------------------------------
if [[ " $sections " == *" progbuild "* ]]; then
	echo "gles-bench: progbuild" >&2
	pargs=(-k "$prog_iters")
	[ -n "$prog_max" ] && pargs+=(-m "$prog_max")
	for p in "${peers[@]}"; do
		f=$work/prog-$p.out
		if [ "$p" = virtgl ] && [ -n "$virtgl_why" ]; then
			WHY[progbuild,all,$p]="not available ($virtgl_why)"
			continue
		fi
		# One process for the corpus; if it dies (crash, timeout) on a
		# shader, that shader is marked failed and a new process goes on
		# after it.
		: >"$f"
		skip=0
		stuck=0
		while :; do
			gb_run "$p" 900 "$f.part" "" -- "$prog_bin" "${pargs[@]}" -s "$skip" "$corpus"
			rc=$?
			{ echo "### progbuild $p -s $skip (exit $rc)"; cat "$f.part"; sed 's/^/stderr: /' "$f.part.err"; } >>"$raw"
			note_rss progbuild "$p" "$f.part"
			cat "$f.part" >>"$f"
			total=$(gb_key shaders "$f.part")
			if grep -q '^shaders_ok=' "$f.part" || [ -z "$total" ] ||
				! grep -q '^renderer=' "$f.part" || [ -n "$(gb_peer_check "$p" "$f.part")" ]; then
				break
			fi
			done_n=$(grep -c '^shader=' "$f.part")
			skip=$((skip + done_n))
			[ "$skip" -lt "$total" ] || break
			# three deaths in a row before any shader: not one shader's fault
			if [ "$done_n" = 0 ]; then stuck=$((stuck + 1)); else stuck=0; fi
			if [ "$stuck" -ge 3 ]; then
				echo "progbuild_stopped=after 3 processes in a row died before finishing a shader ($(gb_failure "$p" "$f.part" $rc))" >>"$f"
				break
			fi
			name=$(grep -v '^$' "$corpus/TIMING_LIST.txt" | sed -n "$((skip + 1))p")
			echo "shader=$name status=fail reason=the process died here ($(gb_failure "$p" "$f.part" $rc))" >>"$f"
			skip=$((skip + 1))
			[ "$skip" -lt "$total" ] || break
		done
		wrong=$(gb_peer_check "$p" "$f")
		if [ -n "$wrong" ]; then
			WHY[progbuild,all,$p]="not available ($wrong)"
		elif ! grep -q '^shader=.*status=ok' "$f"; then
			WHY[progbuild,all,$p]="not available ($(gb_failure "$p" "$f.part" $rc))"
		fi
	done
	say ""
	say "== progbuild_es: compile + link + first draw + glFinish per shader, us (median over shaders of per-shader medians of $prog_iters builds)"
	args=()
	for p in "${peers[@]}"; do
		[ -z "${WHY[progbuild,all,$p]:-}" ] && args+=("$p=$work/prog-$p.out")
	done
	if [ ${#args[@]} -gt 0 ]; then
		python3 "$here/progbuild_table.py" "${args[@]}" | tee -a "$summary"
	fi
	for p in "${peers[@]}"; do
		[ -n "${WHY[progbuild,all,$p]:-}" ] && say "  $p: ${WHY[progbuild,all,$p]}"
		stopped=$(gb_key progbuild_stopped "$work/prog-$p.out" 2>/dev/null)
		[ -n "$stopped" ] && say "  $p: incomplete: stopped $stopped"
		died=$(grep -c 'reason=the process died here' "$work/prog-$p.out" 2>/dev/null)
		[ "${died:-0}" -gt 0 ] && say "  $p: the process died on $died shader(s) (see gles-raw.txt)"
	done
fi

# ---- demo -----------------------------------------------------------------
if [[ " $sections " == *" demo "* ]]; then
	say ""
	say "== demo peak RSS ($demo -o DIR $demo_args)"
	if [ ! -x "$demo" ]; then
		say "  demo: not available ($demo is not built)"
	else
		for p in "${peers[@]}"; do
			if [ "$p" = virtgl ] && [ -n "$virtgl_why" ]; then
				say "  $p: not available ($virtgl_why)"
				continue
			fi
			f=$work/demo-$p.out
			mkdir -p "$work/demo-$p"
			# shellcheck disable=SC2086
			gb_run "$p" 300 "$f" "" -- "$demo" -o "$work/demo-$p" $demo_args
			rc=$?
			{ echo "### demo $p (exit $rc)"; cat "$f"; sed 's/^/stderr: /' "$f.err"; } >>"$raw"
			note_rss demo "$p" "$f"
			if [ "$rc" = 0 ]; then
				say "  $p: peak RSS ${RSS[demo,$p]:-?} KiB"
			else
				say "  $p: exit status $rc ($(gb_failure "$p" "$f" $rc)); peak RSS ${RSS[demo,$p]:-?} KiB"
			fi
		done
	fi
fi

# ---- peak RSS -------------------------------------------------------------
say ""
say "== peak RSS per benchmark process, KiB (max over its runs; client process only, servers excluded)"
say "$(printf "%-14s %10s %10s %10s %7s" benchmark mesa virtgl virtgl-sync "v/m")"
for b in draw bytes readback progbuild demo; do
	m=${RSS[$b,mesa]:-} v=${RSS[$b,virtgl]:-} s=${RSS[$b,virtgl-sync]:-}
	[ -n "$m$v$s" ] || continue
	say "$(printf "%-14s %10s %10s %10s %7s" "$b" "${m:-n/a}" "${v:-n/a}" "${s:-n/a}" "$(ratio "$v" "$m")")"
done
say ""
say "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

cp "$summary" "$out/gles-summary.txt"
cp "$raw" "$out/gles-raw.txt"
echo "gles-bench: saved $out/gles-summary.txt and $out/gles-raw.txt" >&2
