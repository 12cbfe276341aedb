#!/bin/bash
# bench/gles/host_profile.sh: where the host (virgl_test_server ->
# virglrenderer -> host GL = Mesa llvmpipe) spends its time per draw on one
# drawoverhead_es row, for one peer.
#
#   sudo bench/gles/host_profile.sh ROW PEER      (PEER: mesa | virtgl)
#
# The server of bench/gles/common.sh is started under `perf record` (software
# event cpu-clock, one sample per HP_PERIOD_US of server CPU time, all of its
# threads; pinned to one CPU, llvmpipe starts no rasterizer threads), client and server pinned to
# GLES_BENCH_CPUS (default 0) as in run.sh. A calibration run sizes the row so
# that its timed part lasts about HP_SECONDS; recording starts HP_DELAY_MS
# after the server starts, which skips EGL setup and the first draw's shader
# compiles.
#
# Prints: the row's draws/s and client CPU/draw, the server's time per draw
# (wall per draw - client CPU per draw), and per-thread, per-DSO and top-symbol
# tables with each share converted to us per draw. Debian ships no symbols for
# libvirglrenderer / swrast_dri (Mesa's internals are hidden), so most entries
# are DSO+address; llvmpipe's JIT code is [unknown]/anon ([JIT] below).
#
# Environment:
#   GLES_BENCH_CPUS=0   taskset for client and server ("" = no pinning)
#   HP_SECONDS=3        length of the timed part of the recorded run
#   HP_DELAY_MS=2000    recording starts this long after the server
#   HP_PERIOD_US=50     one sample per this much server CPU time
#   HP_CALLGRAPH=fp     perf's --call-graph (fp, dwarf, lbr) or "none"
#   HP_TOP=25           symbols listed
#   HP_KEEP=DIR         keep perf.data and the outputs in DIR
#   HP_CALLERS=1        also print caller chains (with HP_CALLGRAPH != none)
#   HP_BENCH=1          no profile: the row's draws/s only (-n GLES_BENCH_N=2000
#                       -r GLES_BENCH_REPS=5, as run.sh), e.g. with HP_INJECT_MB
#   HP_STAT=1           no profile: server event counts per draw (perf stat;
#                       HP_STAT_EVENTS, HP_STAT_N=4000: runs at N and 3N draws;
#                       HP_STAT_MALLOC=1 adds mallocs >= 32 KiB, by a uprobe)
#   HP_SERVER_ENV=      extra VAR=VALUE words for the server's environment, e.g.
#                       GLIBC_TUNABLES=glibc.malloc.trim_threshold=268435456
#   HP_INJECT_MB=       experiment: a proxy between client and server sends one
#                       extra SUBMIT_CMD before the client's first submit: MB MiB
#                       of NOP commands (vtest mallocs and frees the buffer), or,
#                       with HP_INJECT_MB=tokens:N, a trivial FS whose header says
#                       N TGSI tokens (vrend callocs and frees (N+10) x 4 bytes;
#                       N=8000000 is 32 MB) and its DESTROY_OBJECT. Freeing an
#                       mmapped block raises glibc's dynamic mmap threshold to its
#                       size and the trim threshold to twice that (at most 32/64
#                       MiB) in the server -- what a driver could do once per
#                       context (see bench/results/host-profile.md)
#   VIRTGL_EGL_JSON     virtgl's vendor JSON (default BUILD/gl/virtgl_egl.json)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$(cd "${top_builddir:-.}" && pwd)
row=${1:?usage: host_profile.sh ROW mesa|virtgl}
peer=${2:?usage: host_profile.sh ROW mesa|virtgl}
cpus=${GLES_BENCH_CPUS-0}
secs=${HP_SECONDS:-3}
delay=${HP_DELAY_MS:-2000}
period=${HP_PERIOD_US:-50}
cg=${HP_CALLGRAPH:-fp}
top=${HP_TOP:-25}
export GB_TARGET=${GLES_BENCH_TARGET:-pbuffer}

. "$here/common.sh"
[ "$(id -u)" = 0 ] || gb_die "needs root (the mesa peer runs in unshare -m; perf on the server)"
command -v perf >/dev/null || gb_die "perf not found (apt-get install linux-perf)"
case $peer in mesa | virtgl) ;; *) gb_die "peer must be mesa or virtgl" ;; esac
draw_bin=$build/bench/gles/drawoverhead_es
[ -x "$draw_bin" ] || draw_bin=$src/bench/gles/drawoverhead_es
[ -x "$draw_bin" ] || gb_die "drawoverhead_es not built"
"$draw_bin" -l | cut -f1 | grep -qx "$row" || gb_die "unknown row $row ($draw_bin -l)"
GB_VIRTGL_JSON=$(gb_virtgl_json "$build" "$src")
export GB_VIRTGL_JSON

work=${HP_KEEP:-}
if [ -n "$work" ]; then mkdir -p "$work"; else work=$(mktemp -d /var/tmp/host_profile.XXXXXX); fi
HP_PROXY_PID= HP_PROBE_MADE=
hp_cleanup() {
	gb_cleanup
	if [ -n "$HP_PROXY_PID" ] && kill -0 "$HP_PROXY_PID" 2>/dev/null; then kill "$HP_PROXY_PID"; fi
	[ -z "$HP_PROBE_MADE" ] || perf probe -q -d probe_libc:hp_malloc 2>/dev/null
	[ -n "${HP_KEEP:-}" ] || rm -rf "$work"
}
trap hp_cleanup EXIT
gb_init "$work" "$cpus"
HP_PERF=
# The HP_INJECT_MB proxy (one client connection; forwards the server's fds).
HP_PROXY_PY='import array, os, socket, struct, sys, threading
sys.path.insert(0, sys.argv[4])
import vtest_bytes as vb
lp, up, how = sys.argv[1], sys.argv[2], sys.argv[3]
ls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); ls.bind(lp); ls.listen(1)
cli, _ = ls.accept(); srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); srv.connect(up)
def nops(nbytes):
    words = []
    left = int(nbytes) // 4
    while left > 1:
        n = min(left - 1, 0xffff); words.append(n << 16); words.extend([0] * n); left -= n + 1
    return struct.pack("<II", len(words), 6) + struct.pack("<%dI" % len(words), *words)
def shader(tokens):
    # CREATE_OBJECT/SHADER with num_tokens = TOKENS: vrend callocs (TOKENS + 10) x 4
    # bytes for the TGSI, translates a trivial FS and frees the block at once;
    # then DESTROY_OBJECT. Handle 0xfffff0 is far above any client handle.
    text = b"FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {0.0, 0.0, 0.0, 1.0}\n  0: MOV OUT[0], IMM[0]\n  1: END\n\0"
    text += b"\0" * (-len(text) % 4)
    tw = list(struct.unpack("<%dI" % (len(text) // 4), text))
    words = [1 | (4 << 8) | ((5 + len(tw)) << 16), 0xfffff0, 1, len(text), tokens, 0] + tw
    words += [3 | (4 << 8) | (1 << 16), 0xfffff0]
    return struct.pack("<II", len(words), 6) + struct.pack("<%dI" % len(words), *words)
def inject():
    if how.startswith("tokens:"): return shader(int(how[7:]))
    return nops(float(how) * 1048576)
def c2s():
    buf, done = bytearray(), False
    while True:
        d = cli.recv(1 << 20)
        if not d: break
        buf += d
        while len(buf) >= 8:
            ln, cmd = struct.unpack_from("<II", buf, 0)
            if cmd == 8: size = ln
            elif cmd == 5:
                if len(buf) < 52: break
                size = 44 + struct.unpack_from("<I", buf, 48)[0]
            elif cmd in vb.FIXED_WORDS: size = 4 * vb.FIXED_WORDS[cmd]
            elif cmd in vb.NO_PAYLOAD: size = 0
            else: size = 4 * ln
            if len(buf) < 8 + size: break
            if cmd in (6, 24) and not done:
                srv.sendall(inject()); done = True
            srv.sendall(bytes(buf[:8 + size])); del buf[:8 + size]
    srv.shutdown(socket.SHUT_WR)
def s2c():
    sz = socket.CMSG_SPACE(16 * array.array("i").itemsize)
    while True:
        d, anc, _, _ = srv.recvmsg(1 << 20, sz)
        if not d: break
        fds = array.array("i")
        for lvl, typ, cd in anc:
            if lvl == socket.SOL_SOCKET and typ == socket.SCM_RIGHTS:
                fds.frombytes(cd[:len(cd) - len(cd) % fds.itemsize])
        if len(fds):  # the fds ride on the last byte read (as the server sent them)
            if len(d) > 1: cli.sendall(d[:-1])
            cli.sendmsg([d[-1:]], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
            for fd in fds: os.close(fd)
        else: cli.sendall(d)
    try: cli.shutdown(socket.SHUT_WR)
    except OSError: pass
t = threading.Thread(target=s2c); t.start(); c2s(); t.join()'
# hp_wait_socket PATH PID: the server (or proxy) is listening
hp_wait_socket() {
	for _ in $(seq 200); do
		[ -S "$1" ] && { sleep 0.05; return 0; }
		kill -0 "$2" 2>/dev/null || break
		sleep 0.05
	done
	cat "$gb_work/server.log" >&2
	gb_die "virgl_test_server did not come up"
}
# hp_proxy: with HP_INJECT_MB, the server listens on $gb_sock.up and the proxy
# on $gb_sock; prints the server's socket path
hp_server_sock() { if [ -n "${HP_INJECT_MB:-}" ]; then echo "$gb_sock.up"; else echo "$gb_sock"; fi; }
hp_proxy() {
	[ -n "${HP_INJECT_MB:-}" ] || return 0
	hp_wait_socket "$gb_sock.up" "$gb_server_pid"
	python3 -c "$HP_PROXY_PY" "$gb_sock" "$gb_sock.up" "$HP_INJECT_MB" "$src/bench/mesa_peer" \
		>>"$gb_work/server.log" 2>&1 &
	HP_PROXY_PID=$!
}
# common.sh's server, optionally under perf record (perf itself is not pinned;
# the server it starts is). gb_server_pid is perf's PID then: it exits when the
# server does, after writing the data.
gb_server_start() {
	rm -f "$gb_sock" "$gb_sock.up"
	local pre=()
	if [ -n "$HP_PERF" ]; then
		pre=(perf record -q -o "$HP_PERF" -e cpu-clock -c $((period * 1000)) -D "$delay")
		[ "$cg" = none ] || pre+=(--call-graph "$cg")
		pre+=(--)
	fi
	env -u __EGL_VENDOR_LIBRARY_FILENAMES MESA_SHADER_CACHE_DISABLE=true ${HP_SERVER_ENV:-} \
		"${pre[@]}" "${gb_pin[@]}" virgl_test_server \
		--use-egl-surfaceless --no-loop-or-fork --socket-path="$(hp_server_sock)" \
		>"$gb_work/server.log" 2>&1 &
	gb_server_pid=$!
	hp_proxy
	hp_wait_socket "$gb_sock" "$gb_server_pid"
}
gb_server_stop() { # perf may take a while to write its data: wait up to 60 s
	[ -n "$gb_server_pid" ] || return 0
	for _ in $(seq 600); do
		kill -0 "$gb_server_pid" 2>/dev/null || break
		sleep 0.1
	done
	kill "$gb_server_pid" 2>/dev/null || true
	wait "$gb_server_pid" 2>/dev/null || true
	gb_server_pid=
}

# ---- HP_STAT=1: event counts per draw instead of a profile ------------------
# The server runs under `perf stat` (counting, no sampling) for the row at N and
# 3N draws (-r 1); (count(3N) - count(N)) / 2N cancels setup and teardown.
if [ -n "${HP_STAT:-}" ]; then
	evs=${HP_STAT_EVENTS:-task-clock,page-faults,context-switches,syscalls:sys_enter_brk,syscalls:sys_enter_mmap,syscalls:sys_enter_munmap,syscalls:sys_enter_madvise,syscalls:sys_enter_futex}
	sn=${HP_STAT_N:-4000}
	HP_STAT_EXTRA=()
	if [ -n "${HP_STAT_MALLOC:-}" ]; then
		# a uprobe on libc's malloc, counting calls of >= 32 KiB (llvmpipe's
		# 64 KiB scene data blocks); removed again at exit if made here
		libc=$(ldconfig -p | awk '/libc.so.6 .*x86-64/ { print $NF; exit }')
		if ! perf probe -l 2>/dev/null | grep -q 'probe_libc:hp_malloc'; then
			perf probe -q -x "$libc" -a 'hp_malloc=malloc size=%di:u64' >/dev/null 2>&1 &&
				HP_PROBE_MADE=1
		fi
		HP_STAT_EXTRA=(-e probe_libc:hp_malloc --filter 'size >= 32768')
	fi
	declare -A C
	for n in "$sn" $((3 * sn)); do
		HP_STATF=$work/stat-$n.csv
		gb_server_start() {
			rm -f "$gb_sock" "$gb_sock.up"
			env -u __EGL_VENDOR_LIBRARY_FILENAMES MESA_SHADER_CACHE_DISABLE=true ${HP_SERVER_ENV:-} \
				perf stat -x, -o "$HP_STATF" -e "$evs" "${HP_STAT_EXTRA[@]}" -- "${gb_pin[@]}" virgl_test_server \
				--use-egl-surfaceless --no-loop-or-fork --socket-path="$(hp_server_sock)" \
				>"$gb_work/server.log" 2>&1 &
			gb_server_pid=$!
			hp_proxy
			hp_wait_socket "$gb_sock" "$gb_server_pid"
		}
		gb_run "$peer" 300 "$work/stat-$n.out" "" -- "$draw_bin" -n "$n" -r 1 -w 64 "$row"
		st=$(gb_row_block "$row" "$work/stat-$n.out" | sed -n 's/^status=//p')
		[ "$st" = ok ] || { cat "$work/stat-$n.out" >&2; gb_die "stat run at n=$n: status '${st:-none}'"; }
		while IFS=, read -r val unit ev _; do
			[ -n "$ev" ] && C[$n,$ev]=$val
		done < <(grep -v '^#' "$HP_STATF" | sed '/^$/d')
	done
	echo "# host_profile (HP_STAT): row=$row peer=$peer: server events per draw, (count(3N) - count(N)) / 2N, N=$sn"
	echo "draws/s of the 3N run (1 rep)       $(gb_row_block "$row" "$work/stat-$((3 * sn)).out" | sed -n 's/^draws_per_s=//p')"
	[ -z "${HP_STAT_MALLOC:-}" ] || evs="$evs,probe_libc:hp_malloc"
	for ev in ${evs//,/ }; do
		a=${C[$sn,$ev]:-} b=${C[$((3 * sn)),$ev]:-}
		awk -v a="$a" -v b="$b" -v n="$sn" -v e="$ev" 'BEGIN {
			if (a == "" || b == "" || a ~ /not/ || b ~ /not/) { printf "%-34s n/a\n", e; exit }
			v = (b - a) / (2 * n); if (e == "task-clock") printf "%-34s %10.2f us\n", e, v * 1000;
			else printf "%-34s %10.3f\n", e, v }'
	done
	exit 0
fi

# ---- HP_BENCH=1: only the row's draws/s, as run.sh measures it ---------------
if [ -n "${HP_BENCH:-}" ]; then
	gb_run "$peer" 300 "$work/bench.out" "" -- "$draw_bin" -n "${GLES_BENCH_N:-2000}" \
		-r "${GLES_BENCH_REPS:-5}" "$row"
	blk=$(gb_row_block "$row" "$work/bench.out")
	echo "row=$row peer=$peer inject=${HP_INJECT_MB:-none} status=$(echo "$blk" | sed -n 's/^status=//p')" \
		"draws_per_s=$(echo "$blk" | sed -n 's/^draws_per_s=//p')" \
		"client_cpu_ns_per_draw=$(echo "$blk" | sed -n 's/^client_cpu_ns_per_draw=//p')"
	exit 0
fi

# ---- calibration: draws/s of the row, to size the recorded run ---------------
gb_run "$peer" 120 "$work/cal.out" "" -- "$draw_bin" -n 2000 -r 2 -w 64 "$row"
dps=$(gb_row_block "$row" "$work/cal.out" | sed -n 's/^draws_per_s=//p')
[ -n "$dps" ] || { cat "$work/cal.out" "$work/cal.out.err" >&2; gb_die "calibration run failed"; }
# reps of N draws, N a multiple of 2 so both states are drawn equally often
n=$(awk -v d="$dps" -v s="$secs" 'BEGIN { n = int(d * s / 40 / 2) * 2; if (n < 200) n = 200; print n }')
# warm-up draws for the whole delay, so the timed part is always recorded
warm=$(awk -v d="$dps" -v ms="$delay" 'BEGIN { w = int(d * ms / 1000); if (w < 64) w = 64; print w }')

# ---- the recorded run -----------------------------------------------------
HP_PERF=$work/perf.data
gb_run "$peer" 300 "$work/rec.out" "" -- "$draw_bin" -n "$n" -r 40 -w "$warm" "$row"
rc=$?
HP_PERF=
blk=$(gb_row_block "$row" "$work/rec.out")
st=$(echo "$blk" | sed -n 's/^status=//p')
dps=$(echo "$blk" | sed -n 's/^draws_per_s=//p')
ccpu=$(echo "$blk" | sed -n 's/^client_cpu_ns_per_draw=//p')
[ "$st" = ok ] || { cat "$work/rec.out" "$work/rec.out.err" >&2; gb_die "recorded run: status '${st:-none}' (exit $rc)"; }
[ -s "$work/perf.data" ] || gb_die "no perf data"
nsamp=$(perf report -i "$work/perf.data" --stdio -q --sort comm -n -g none 2>/dev/null | awk '{ s += $2 } END { print s + 0 }')
[ "$nsamp" -ge 1000 ] || echo "# WARNING: only $nsamp samples recorded (raise HP_SECONDS or lower HP_DELAY_MS)"
srv=$(awk -v d="$dps" -v c="$ccpu" 'BEGIN { printf "%.2f", 1e6 / d - c / 1000 }')

echo "# host_profile: row=$row peer=$peer  ($(gb_key renderer "$work/rec.out"))"
echo "# draws/s=$dps (median of 40 x $n, pinned to ${cpus:-none})  client_cpu_us/draw=$(awk -v c="$ccpu" 'BEGIN{printf "%.2f", c/1000}')"
echo "# server us/draw ~= 1e6/(draws/s) - client cpu = $srv  (client and server share the CPU)"
echo "# shares below are of server CPU samples (cpu-clock, ${period} us each, from ${delay} ms on); us/draw = share x $srv"

rep() { perf report -i "$work/perf.data" --no-children --stdio -q -g none --percent-limit 0.5 "$@" 2>/dev/null; }
table() { # TITLE LIMIT perf-report-args...: "pct us/draw key" lines
	local title=$1 lim=$2
	shift 2
	echo ""
	echo "## $title"
	printf "%7s %8s  %s\n" "share%" "us/draw" "$title"
	rep "$@" | sed 's/^ *//; /^$/d; /^#/d' | grep '%' | head -n "$lim" |
		awk -v s="$srv" '{ p = $1; sub(/%$/, "", p); $1 = ""; sub(/^ /, "");
			gsub(/\[unknown\] *\[unknown\]|\[unknown\] *\[\.\] *0x[0-9a-f]+/, "[JIT]");
			printf "%7.2f %8.2f  %s\n", p, p * s / 100, $0 }'
}
table "thread (comm)" 10 --sort comm
table "dso" 12 --sort dso
table "dso, symbol (self)" "$top" --sort dso,sym
[ "$cg" = none ] || [ -z "${HP_CALLERS:-}" ] ||
	{ echo ""; echo "## callers (HP_CALLERS)"; perf report -i "$work/perf.data" --children --stdio -q \
		--sort dso,sym --percent-limit 3 -G 2>/dev/null | head -n 120; }
[ -z "${HP_KEEP:-}" ] || echo "# kept: $work/perf.data"
