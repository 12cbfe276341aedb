#!/bin/bash
# SPDX-License-Identifier: MIT
# bench/kms/run.sh: KMS figures for each driver, all drivers in the same VM
# boot (tests/vm, TCG, virtio-gpu 3D), no screenshots:
#   - kmscube frames per second, legacy and atomic (-A): presents after the
#     first one, divided by the time from the first present to the last (the
#     ioctl_count.so shim's steady_* figures: start-up stays out);
#   - glmark2-es2-drm's score on the short scene list of kms-guest.sh;
#   - per kmscube frame: DRM_IOCTL_VIRTGPU_EXECBUFFER submissions and their
#     command bytes, and resources created, from the same shim.
# Prints a Markdown table with the ratio virtgl/Mesa when both ran. Runs
# through tests/vm/kms-guest.sh, the guest side of tests/vm/test_kms.sh.
#
# usage: bench/kms/run.sh      (or `make bench-kms`, which builds the shim)
#
# Environment:
#   top_builddir, top_srcdir  the build tree (bench/kms/ioctl_count.so) and
#                        the sources (default: this script's tree)
#   VIRTGL_KMS_DRIVERS   default "virtgl mesa"
#   VIRTGL_KMS_FRAMES    kmscube frames per run (default 1000)
#   VIRTGL_KMS_RUNS      boots; every figure is the median over them (default 1)
#   VIRTGL_VM_TIMEOUT    limit per boot in seconds (default 300)
#   VIRTGL_VM_*          passed on to tests/vm
# The raw output of boot N stays in $top_builddir/bench/kms/results/N/.
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$HERE/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
DRIVERS=${VIRTGL_KMS_DRIVERS:-virtgl mesa}
FRAMES=${VIRTGL_KMS_FRAMES:-1000}
RUNS=${VIRTGL_KMS_RUNS:-1}
SHIM=$top_builddir/bench/kms/ioctl_count.so
RESULTS=$top_builddir/bench/kms/results
VM=$top_srcdir/tests/vm

die() { echo "bench/kms: $*" >&2; exit 1; }

[ -r "$SHIM" ] || die "$SHIM is missing (make bench/kms/ioctl_count.so)"
"$VM/setup.sh" >/dev/null || die "tests/vm/setup.sh failed"
top_builddir=$top_builddir "$VM/kms-guest.sh" --check $DRIVERS >&2 || die "a driver cannot run"

# count DIR PROG COMM KEY: one value of the shim's line for process COMM
count() {
    awk -v c="comm=$3" -v k="$4" '
        { for (i = 1; i <= NF; i++) if ($i == c) f = 1 }
        f { for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) { print substr($i, length(k) + 2); exit } }
    ' "$1/$2.counts" 2>/dev/null
}

# figure DIR NAME: one number for the table, or nothing
figure() {
    local d=$1 f s
    case $2 in
    fps-legacy|fps-atomic)
        local p=kmscube
        [ "$2" = fps-atomic ] && p=kmscube-atomic
        f=$(count "$d" $p kmscube steady_frames) s=$(count "$d" $p kmscube steady_s)
        awk -v f="$f" -v s="$s" 'BEGIN { if (f > 0 && s > 0) printf "%.1f", f / s }' ;;
    glmark2)
        sed -n 's/.*glmark2 Score: *\([0-9]*\).*/\1/p' "$d/glmark2.log" 2>/dev/null | head -1 ;;
    rss-legacy)
        count "$d" kmscube kmscube max_rss_kb | awk '{ if ($1 > 0) printf "%.1f", $1 / 1024 }' ;;
    subs-legacy|bytes-legacy|res-legacy|subs-atomic|bytes-atomic|res-atomic)
        local p=kmscube k
        case $2 in *-atomic) p=kmscube-atomic ;; esac
        case $2 in subs-*) k=steady_execbuf ;; bytes-*) k=steady_execbuf_bytes ;; res-*) k=steady_res_create ;; esac
        f=$(count "$d" $p kmscube steady_frames) s=$(count "$d" $p kmscube "$k")
        awk -v f="$f" -v s="$s" 'BEGIN { if (f > 0 && s != "") printf "%.2f", s / f }' ;;
    esac
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

rm -rf "$RESULTS" && mkdir -p "$RESULTS" || die "cannot create $RESULTS"
for run in $(seq "$RUNS"); do
    out=$RESULTS/$run
    mkdir -p "$out"
    echo "bench/kms: boot $run of $RUNS: $DRIVERS" >&2
    DISPLAY='' "$VM/vm-run.sh" -t "${VIRTGL_VM_TIMEOUT:-300}" -w "$out" -i \
        -e "KMS_OUT=$out" -e "KMS_SHIM=$SHIM" -e "KMS_DRIVERS=$DRIVERS" -e "KMS_FRAMES=$FRAMES" \
        -e "KMS_PROGRAMS=kmscube kmscube-atomic glmark2" -e KMS_SHOTS=0 \
        -e "top_builddir=$top_builddir" -- "$VM/kms-guest.sh" >"$out/guest.log" 2>&1 ||
        { cat "$out/guest.log" >&2; die "boot $run failed (status $?; $out)"; }
done

rows="fps-legacy:kmscube frames/s, legacy
fps-atomic:kmscube frames/s, atomic (-A)
glmark2:glmark2-es2-drm score (build, texture, shading=phong; 5 s each)
subs-legacy:submissions (EXECBUFFER) per frame, legacy
bytes-legacy:command bytes per frame, legacy
res-legacy:resources created per frame, legacy
subs-atomic:submissions (EXECBUFFER) per frame, atomic
bytes-atomic:command bytes per frame, atomic
res-atomic:resources created per frame, atomic
rss-legacy:kmscube peak RSS (MB), legacy"

echo "KMS figures: $(qemu-system-x86_64 --version | head -1), TCG; $FRAMES kmscube frames; median of $RUNS boot(s)"
echo
printf '| figure |'
for d in $DRIVERS; do printf ' %s |' "$d"; done
printf ' virtgl/mesa |\n|---|'
for d in $DRIVERS; do printf -- '---:|'; done
printf -- '---:|\n'
while IFS=: read -r key label; do
    printf '| %s |' "$label"
    declare -A val=()
    for d in $DRIVERS; do
        val[$d]=$(for run in $(seq "$RUNS"); do figure "$RESULTS/$run/$d" "$key"; echo; done | grep . | median)
        printf ' %s |' "${val[$d]:--}"
    done
    awk -v a="${val[virtgl]:-}" -v b="${val[mesa]:-}" \
        'BEGIN { if (a != "" && b != "" && b > 0) printf " %.2f |\n", a / b; else print " - |" }'
    unset val
done <<<"$rows"
