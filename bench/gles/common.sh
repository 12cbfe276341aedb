# bench/gles/common.sh: running one GLES program on a peer, sourced by
# bench/gles/run.sh (bash). The peers:
#
#   mesa         Mesa's virgl driver: GALLIUM_DRIVER=virpipe, vtest to a
#                private virgl_test_server. Mesa 22.3 always connects to
#                /tmp/.virgl_test, so the client runs in a private mount
#                namespace (unshare -m) with a tmpfs over /tmp and the private
#                socket bind-mounted on /tmp/.virgl_test (as bench/mesa_peer).
#   virtgl       virtgl's EGL vendor library through libglvnd
#                (__EGL_VENDOR_LIBRARY_FILENAMES=its JSON only, so glvnd cannot
#                fall back to Mesa), VIRTGL_TRANSPORT=vtest and
#                VIRTGL_VTEST_SOCKET=the same kind of private server.
#   virtgl-sync  virtgl with VIRTGL_DEBUG=syncreads: the forced flush-and-wait
#                mode for CPU reads (the switch name is assumed; see run.sh).
#   llvmpipe     Mesa llvmpipe in process, no server (reference only).
#
# Every client gets its own server, started with --no-loop-or-fork (it serves
# that one client and exits, which also closes a VTEST_SAVE capture), pinned
# with the client to GB_CPUS when set. Servers are stopped by their PID only.
#
# Needs: bash, python3, unshare + mount (root) for the mesa peer, and
# virgl_test_server (Debian package virgl-server).

GB_MESA_JSON=${GB_MESA_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
gb_server_pid=
gb_sock=
gb_pin=()

gb_die() { echo "gles-bench: $*" >&2; exit 1; }

# gb_init WORKDIR CPUS
gb_init() {
	gb_work=$1
	gb_sock=$gb_work/vt.sock
	gb_pin=()
	if [ -n "${2:-}" ]; then gb_pin=(taskset -c "$2"); fi
}

# The server runs under this wrapper: when it exits, its CPU time
# (user + system, getrusage RUSAGE_CHILDREN) goes to the file ARGV[1] as
# server_cpu_ns=; SIGTERM/SIGINT are passed on to it.
GB_SERVER_PY='import resource, signal, subprocess, sys
p = subprocess.Popen(sys.argv[2:])
for s in (signal.SIGTERM, signal.SIGINT):
    signal.signal(s, lambda n, f: p.send_signal(n))
rc = p.wait()
r = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as f:
    f.write("server_cpu_ns=%d\n" % round((r.ru_utime + r.ru_stime) * 1e9))
sys.exit(rc if rc >= 0 else 128 - rc)'

# gb_server_start [CAPTURE]: a private server on $gb_sock; its CPU time
# lands in $gb_work/server.cpu when it exits. GB_SERVER_PREFIX (words, e.g.
# a valgrind command line) runs the server under another program.
gb_server_start() {
	local cap=()
	rm -f "$gb_sock" "$gb_work/server.cpu"
	[ -z "${1:-}" ] || cap=(VTEST_SAVE="$1")
	env -u __EGL_VENDOR_LIBRARY_FILENAMES "${cap[@]}" MESA_SHADER_CACHE_DISABLE=true \
		"${gb_pin[@]}" python3 -c "$GB_SERVER_PY" "$gb_work/server.cpu" ${GB_SERVER_PREFIX:-} virgl_test_server \
		--use-egl-surfaceless --no-loop-or-fork --socket-path="$gb_sock" \
		>"$gb_work/server.log" 2>&1 &
	gb_server_pid=$!
	for _ in $(seq 200); do
		# the socket exists from bind(); give the server time to listen()
		[ -S "$gb_sock" ] && { sleep 0.05; return 0; }
		kill -0 "$gb_server_pid" 2>/dev/null || break
		sleep 0.05
	done
	cat "$gb_work/server.log" >&2
	gb_die "virgl_test_server did not come up"
}

# The server exits by itself when its one client disconnects; a client that
# never connected (or hangs) leaves it running: then it is killed by PID
# after GB_SERVER_STOP_WAIT seconds (default 5).
gb_server_stop() {
	[ -n "$gb_server_pid" ] || return 0
	for _ in $(seq $((${GB_SERVER_STOP_WAIT:-5} * 20))); do
		kill -0 "$gb_server_pid" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$gb_server_pid" 2>/dev/null; then
		kill "$gb_server_pid" 2>/dev/null || true
	fi
	wait "$gb_server_pid" 2>/dev/null || true
	gb_server_pid=
}

gb_cleanup() {
	if [ -n "$gb_server_pid" ] && kill -0 "$gb_server_pid" 2>/dev/null; then
		kill "$gb_server_pid" 2>/dev/null || true
		wait "$gb_server_pid" 2>/dev/null || true
	fi
}

# Runs "$@" and appends child_peak_rss_kb=, child_cpu_ns= (getrusage
# RUSAGE_CHILDREN: user + system) and child_wall_ns= to its stdout: the whole
# program's peak RSS and CPU time, whatever it prints itself.
GB_MAXRSS_PY='import resource, subprocess, sys, time
t = time.monotonic_ns()
rc = subprocess.call(sys.argv[1:])
t = time.monotonic_ns() - t
sys.stdout.flush()
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("child_peak_rss_kb=%d" % r.ru_maxrss)
print("child_cpu_ns=%d" % round((r.ru_utime + r.ru_stime) * 1e9))
print("child_wall_ns=%d" % t)
print("exit_status=%d" % rc)
sys.exit(rc if rc >= 0 else 128 - rc)'

# gb_virtgl_json BUILD SRC: the vendor JSON of virtgl's EGL library, or "".
gb_virtgl_json() {
	local f
	if [ -n "${VIRTGL_EGL_JSON:-}" ]; then
		echo "$VIRTGL_EGL_JSON"
		return
	fi
	for f in "$1/gl/virtgl_egl.json" "$1"/gl/*.json "$1"/gl/egl_vendor.d/*.json \
		"$2/gl/virtgl_egl.json" "$2"/gl/*.json; do
		[ -f "$f" ] && { echo "$f"; return; }
	done
	echo ""
}

# gb_run_mesa_direct TIMEOUT_S OUT CAPTURE ENV... -- CMD ARGS...: the mesa
# peer on a machine where a private mount namespace cannot be made (a
# container): its server listens on /tmp/.virgl_test itself, so nothing else
# may use that path during the run. GB_MESA_DIRECT=1 selects it.
gb_run_mesa_direct() {
	local tmo=$1 out=$2 cap=$3 rc=0 sock=$gb_sock envs=()
	shift 3
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	gb_sock=/tmp/.virgl_test
	gb_server_start "$cap"
	env "${envs[@]}" __EGL_VENDOR_LIBRARY_FILENAMES="$GB_MESA_JSON" LIBGL_ALWAYS_SOFTWARE=1 \
		GALLIUM_DRIVER=virpipe timeout -k 5 "$tmo" "${gb_pin[@]}" python3 -c "$GB_MAXRSS_PY" "$@" \
		>"$out" 2>"$out.err" || rc=$?
	gb_server_stop
	gb_sock=$sock
	[ ! -f "$gb_work/server.cpu" ] || cat "$gb_work/server.cpu" >>"$out"
	return $rc
}

# gb_run PEER TIMEOUT_S OUT CAPTURE -- CMD ARGS...: one client run of CMD on
# PEER, stdout to OUT, stderr to OUT.err; CAPTURE (or "") is the server's
# VTEST_SAVE file. Returns the client's exit status (124: timed out).
gb_run() {
	local peer=$1 tmo=$2 out=$3 cap=$4 rc=0
	shift 5
	local common=(EGL_PLATFORM=surfaceless MESA_SHADER_CACHE_DISABLE=true)
	case $peer in
	llvmpipe)
		env "${common[@]}" __EGL_VENDOR_LIBRARY_FILENAMES="$GB_MESA_JSON" \
			LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe \
			timeout -k 5 "$tmo" "${gb_pin[@]}" python3 -c "$GB_MAXRSS_PY" "$@" \
			>"$out" 2>"$out.err" || rc=$?
		return $rc
		;;
	mesa)
		if [ -n "${GB_MESA_DIRECT:-}" ]; then
			gb_run_mesa_direct "$tmo" "$out" "$cap" "${common[@]}" -- "$@" || rc=$?
			return $rc
		fi
		gb_server_start "$cap"
		timeout -k 5 "$tmo" unshare -m --propagation private sh -c '
			exec 3<"${1%/*}" # the socket may lie under /tmp, which the tmpfs hides
			mount -t tmpfs -o size=1m gles_bench /tmp && : >/tmp/.virgl_test &&
			mount --no-canonicalize --bind "/proc/self/fd/3/${1##*/}" /tmp/.virgl_test ||
			exit 99
			exec 3<&-
			shift
			exec "$@"' sh "$gb_sock" env "${common[@]}" \
			__EGL_VENDOR_LIBRARY_FILENAMES="$GB_MESA_JSON" LIBGL_ALWAYS_SOFTWARE=1 \
			GALLIUM_DRIVER=virpipe "${gb_pin[@]}" python3 -c "$GB_MAXRSS_PY" "$@" \
			>"$out" 2>"$out.err" || rc=$?
		;;
	virtgl | virtgl-sync)
		local dbg=${VIRTGL_DEBUG:-}
		if [ "$peer" = virtgl-sync ]; then dbg=${dbg:+$dbg,}syncreads; fi
		gb_server_start "$cap"
		env "${common[@]}" __EGL_VENDOR_LIBRARY_FILENAMES="$GB_VIRTGL_JSON" \
			VIRTGL_TRANSPORT=vtest VIRTGL_VTEST_SOCKET="$gb_sock" VIRTGL_DEBUG="$dbg" \
			timeout -k 5 "$tmo" "${gb_pin[@]}" python3 -c "$GB_MAXRSS_PY" "$@" \
			>"$out" 2>"$out.err" || rc=$?
		;;
	*)
		gb_die "unknown peer $peer"
		;;
	esac
	gb_server_stop
	[ ! -f "$gb_work/server.cpu" ] || cat "$gb_work/server.cpu" >>"$out"
	return $rc
}

# gb_key KEY FILE: the value of the first KEY= line.
gb_key() { sed -n "s/^$1=//p" "$2" | head -n 1; }

# gb_row_block ROW FILE: the row=ROW block of a benchmark's output.
gb_row_block() { awk -v r="row=$1" '$0 == r { on = 1; next } /^row=/ { on = 0 } on' "$2"; }

# gb_peer_check PEER FILE: "" when the output comes from the right driver,
# else why not.
gb_peer_check() {
	local r v e
	r=$(gb_key renderer "$2")
	v=$(gb_key vendor "$2")
	e=$(gb_key egl_vendor "$2")
	case $1 in
	mesa) case $r in *virgl*) echo "" ;; *) echo "GL_RENDERER is '$r', not Mesa's virgl" ;; esac ;;
	virtgl*) case "$v / $e" in *Mesa*) echo "GL is Mesa's ('$v', '$r'), not virtgl's" ;;
		*) echo "" ;; esac ;;
	*) echo "" ;;
	esac
}

# gb_failure PEER FILE STATUS: one line saying why a run gave no figures.
gb_failure() {
	local why
	why=$(gb_key egl_error "$2")
	[ -n "$why" ] || why=$(gb_key target_error "$2")
	[ -n "$why" ] || why=$(gb_key reason "$2")
	[ -n "$why" ] || why=$(grep -v '^$' "$2.err" 2>/dev/null | tail -n 1 | cut -c1-160)
	[ "$3" = 124 ] && why="timed out${why:+: $why}"
	[ -n "$why" ] || why="exit status $3"
	echo "$why"
}
