#!/bin/bash
# bench/gpu-host/threads.sh: where the host's CPU per draw goes, thread by
# thread, on the GPU host (issue #15: the `none` row costs the server more
# for virtgl than for Mesa although both send the same DRAW_VBO dwords).
#
#   OUT=DIR bench/gpu-host/threads.sh [ROW [VARIANT...]]   (after bundle.sh)
#
# Each VARIANT runs ROW as one process of 1 x N and one of 5 x N draws
# (N = THREADS_N, 20000) on a private virgl_test_server whose threads are
# sampled (/proc/PID/task/*/schedstat, ns of CPU) until it exits; per thread
# it prints (long - short) / (4 N): the thread's CPU ns per draw, start-up
# cancelled. Variants: mesa, virtgl, or virtgl:VAR=VALUE[,VAR=VALUE] (e.g.
# virtgl:VIRTGL_FLUSH_KB=0) for client environment knobs.
set -uo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if [ -n "${THREADS_HERE:-}" ]; then   # this machine's server and build tree
	top_builddir=$src GB_MESA_JSON=/usr/share/glvnd/egl_vendor.d/50_mesa.json
else
	GPUHOST_ENV_ONLY=1 . "$src/bench/gpu-host/go.sh" || exit 1
fi
. "$src/bench/gles/common.sh"

row=${1:-none}
shift || true
variants=(mesa virtgl virtgl:VIRTGL_FLUSH_KB=0)
[ $# -eq 0 ] || variants=("$@")
n=${THREADS_N:-20000}
out=${GLES_BENCH_OUT:-/tmp/gpuhost-out}/threads
mkdir -p "$out"
GB_VIRTGL_JSON=$top_builddir/gl/virtgl_egl.json
draw_bin=$top_builddir/bench/gles/drawoverhead_es

# The server's wrapper: as common.sh's, plus the last sample of every thread
# ("thread INDEX NAME NS", INDEX in thread-id order, 0 = the main thread).
GB_SERVER_PY='import os, resource, signal, subprocess, sys, time
p = subprocess.Popen(sys.argv[2:])
for s in (signal.SIGTERM, signal.SIGINT):
    signal.signal(s, lambda n, f: p.send_signal(n))
last = {}
while p.poll() is None:
    try:
        for t in os.listdir("/proc/%d/task" % p.pid):
            try:
                d = "/proc/%d/task/%s/" % (p.pid, t)
                last[int(t)] = (open(d + "comm").read().strip(), int(open(d + "schedstat").read().split()[0]))
            except (OSError, ValueError):
                pass
    except OSError:
        pass
    time.sleep(0.005)
rc = p.wait()
r = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as f:
    f.write("server_cpu_ns=%d\n" % round((r.ru_utime + r.ru_stime) * 1e9))
    for i, t in enumerate(sorted(last)):
        f.write("thread %d %s %d\n" % (i, last[t][0].replace(" ", "_"), last[t][1]))
sys.exit(rc if rc >= 0 else 128 - rc)'

gb_init "$out" ""
trap gb_cleanup EXIT

# run_variant VARIANT REPS FILE
run_variant() {
	local v=$1 reps=$2 f=$3 peer=${1%%:*} envs=()
	[ "$v" = "$peer" ] || IFS=, read -r -a envs <<<"${v#*:}"
	( [ ${#envs[@]} -eq 0 ] || export "${envs[@]}"; gb_run "$peer" 300 "$f" "" -- "$draw_bin" -n "$n" -r "$reps" -w 16 "$row" )
}

for v in "${variants[@]}"; do
	a=$out/$(echo "$v" | tr -c 'A-Za-z0-9_=\n' _).1
	b=${a%.1}.5
	run_variant "$v" 1 "$a" && run_variant "$v" 5 "$b" || { echo "$v: failed"; cat "$a.err" "$b.err" 2>/dev/null | tail -5; continue; }
	echo "== $row $v: server thread CPU ns per draw ((5N - 1N) / 4N, N=$n); client $(gb_key child_cpu_ns "$b") ns total"
	python3 - "$a" "$b" "$n" <<'EOF'
import sys
def load(f):
    d, tot = {}, 0
    for l in open(f):
        w = l.split()
        if w and w[0] == "thread": d[int(w[1])] = (w[2], int(w[3]))
        if l.startswith("server_cpu_ns="): tot = int(l.split("=")[1])
        if l.startswith("child_cpu_ns="): cli = int(l.split("=")[1])
    return d, tot, cli
(a, ta, ca), (b, tb, cb), n = load(sys.argv[1]), load(sys.argv[2]), 4 * int(sys.argv[3])
for i in sorted(set(a) | set(b)):
    name = (b.get(i) or a.get(i))[0]
    print("  thread %2d %-16s %8.1f" % (i, name, (b.get(i, (0, 0))[1] - a.get(i, (0, 0))[1]) / n))
print("  all (rusage)              %8.1f   client %8.1f" % ((tb - ta) / n, (cb - ca) / n))
EOF
done
