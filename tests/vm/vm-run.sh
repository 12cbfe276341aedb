#!/bin/bash
# vm-run.sh: runs one host-built program inside a QEMU guest (TCG) that has a
# virtio-gpu 3D device (virgl), and passes back its stdout, stderr and exit
# status. Run setup.sh first (it prepares the kernel and the initramfs).
#
# usage: vm-run.sh [-t SECONDS] [-e VAR=VALUE]... [-w DIR]... [-x DIR] [-i] [-k] [-v] [--] PROGRAM [ARGS...]
#        vm-run.sh -s [-w DIR]...
#   -t  limit for the whole VM, boot included (default 120)
#   -e  environment variable for PROGRAM (repeatable); PROGRAM otherwise gets
#       only PATH, HOME=/root, TERM=dumb, LANG=C.UTF-8 and VIRTGL_VM_JOB
#   -w  share the host directory DIR writable, at the same path (repeatable,
#       at most 8; no whitespace in the path). Everything else the guest
#       writes goes to RAM and is thrown away
#   -i  run PROGRAM with an empty environment (env -i): not even PATH or
#       HOME, only the -e variables (and VIRTGL_VM_SHOT with -x); for an
#       installed command run as it is
#   -x  screenshots of QEMU's window into the host directory DIR, on request
#       of the guest: PROGRAM gets VIRTGL_VM_SHOT, a directory; creating
#       $VIRTGL_VM_SHOT/NAME.req there makes the host write DIR/NAME.png
#       (tests/vm/shotcheck.py grab) and then $VIRTGL_VM_SHOT/NAME.done, whose
#       first word is "ok" or "error" (NAME: letters, digits, '.', '_', '-').
#       With VIRTGL_VM_SHOT_EVERY=S also DIR/auto-NNN.png every S seconds.
#       The private Xvfb is then 1920x1200, so that the 1280x800 window fits
#   -k  keep the job directory (serial.log, stdout, stderr, rc, kernel, timings)
#   -v  print a summary line (guest kernel, boot and program times) to stderr
#   -s  interactive shell on the serial console instead of a program
#   -h  this help
#
# The guest sees the host's whole filesystem read-only over virtio-9p (with a
# tmpfs overlay on top) at the same paths, and PROGRAM runs chrooted into it
# as root, in the current directory: host binaries and libraries run
# unchanged. A PROGRAM without a slash is looked up on the host's PATH.
# /dev/dri/renderD128 is the virtio-gpu render node (renderD129 is vgem).
#
# Exit status: PROGRAM's; 124 the time limit was hit; 125 the harness or the
# guest failed before PROGRAM finished (the serial log is printed); 130 the
# harness was interrupted.
#
# Environment:
#   VIRTGL_VM_CACHE     setup.sh's cache (default /var/cache/virtgl-vm)
#   VIRTGL_VM_KERNEL    kernel image (default $VIRTGL_VM_CACHE/vmlinux)
#   VIRTGL_VM_INITRD    initramfs (default $VIRTGL_VM_CACHE/initramfs.gz)
#   VIRTGL_VM_RUNDIR    where job directories go (default ${TMPDIR:-/tmp})
#   VIRTGL_VM_DEVICE    QEMU GPU device (default virtio-gpu-gl-pci)
#   VIRTGL_VM_MEM       guest memory in MiB (default 1024)
#   VIRTGL_VM_SMP       guest CPUs (default 1; 2 was not faster)
#   VIRTGL_VM_ACCEL     QEMU accelerator (default tcg: KVM on the CI machines
#                       is kvm-pvm, which boots no stock kernel)
#   VIRTGL_VM_CPU       QEMU -cpu (default max)
#   VIRTGL_VM_LP_NUM_THREADS  LP_NUM_THREADS for QEMU's llvmpipe (default 0)
#   VIRTGL_VM_APPEND    extra kernel command line
#   VIRTGL_VM_QEMU_EXTRA  extra QEMU arguments (split at whitespace)
#   VIRTGL_VM_TIMINGS   append this run's timings (key=value lines) to this file
#   VIRTGL_VM_SHOT_EVERY  with -x: also a screenshot every this many seconds
#   VIRTGL_VM_XVFB_SCREEN  the private Xvfb's screen (default 1024x768x24;
#                       1920x1200x24 with -x)
#   DISPLAY             X server for QEMU's GL display; unset: a private Xvfb
set -u
export LC_ALL=C

HERE=$(cd "$(dirname "$0")" && pwd)
T0=$EPOCHREALTIME

# The header comment above, without the '#'s.
header() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
usage() { header >&2; exit 125; }
die() { echo "vm-run: $*" >&2; exit 125; }
warn() { echo "vm-run: warning: $*" >&2; }

# Quotes one word for the guest's /bin/sh (dash): single quotes throughout,
# never bash's $'...' form, which dash does not understand.
shq() { printf "'%s'" "${1//\'/\'\\\'\'}"; }

seconds_between() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a - b }'; }

# --- arguments and prerequisites ---------------------------------------------

TIMEOUT=120 KEEP=0 VERBOSE=0 SHELL_MODE=0 EMPTY_ENV=0 SHOTDIR=''
ENVS=() WDIRS=()

parse_args() {
    local opt dir
    while getopts "t:e:w:x:ikvsh" opt; do
        case $opt in
            t) [[ $OPTARG =~ ^[1-9][0-9]*$ ]] || die "-t wants whole seconds, not '$OPTARG'"
               TIMEOUT=$OPTARG ;;
            e) [[ $OPTARG =~ ^[A-Za-z_][A-Za-z0-9_]*= ]] || die "-e wants VAR=VALUE, not '$OPTARG'"
               ENVS+=("$OPTARG") ;;
            w) dir=$(cd "$OPTARG" 2>/dev/null && pwd -P) || die "-w: no directory $OPTARG"
               [[ $dir =~ [[:space:]] ]] && die "-w: whitespace in $dir (it goes on the kernel command line)"
               [ ${#WDIRS[@]} -lt 8 ] || die "-w: at most 8 directories"
               WDIRS+=("$dir") ;;
            x) SHOTDIR=$(cd "$OPTARG" 2>/dev/null && pwd -P) || die "-x: no directory $OPTARG" ;;
            i) EMPTY_ENV=1 ;;
            k) KEEP=1 ;;
            v) VERBOSE=1 ;;
            s) SHELL_MODE=1 ;;
            h) header; exit 0 ;;
            *) usage ;;
        esac
    done
}

CACHE=${VIRTGL_VM_CACHE:-/var/cache/virtgl-vm}
# Debian's python3, the one python3-pil is for (not whatever python3 PATH finds)
PY=/usr/bin/python3
KERNEL=${VIRTGL_VM_KERNEL:-$CACHE/vmlinux}
INITRD=${VIRTGL_VM_INITRD:-$CACHE/initramfs.gz}

check_prereqs() {
    local f
    for f in "$KERNEL" "$INITRD"; do
        [ -r "$f" ] || die "missing $f (run tests/vm/setup.sh first)"
    done
    command -v qemu-system-x86_64 >/dev/null || die "no qemu-system-x86_64 (apt-get install qemu-system-x86 qemu-system-gui)"
    if [ -z "${DISPLAY:-}" ]; then
        command -v Xvfb >/dev/null || die "DISPLAY is unset and there is no Xvfb (apt-get install xvfb)"
    fi
    if [ -n "$SHOTDIR" ]; then
        command -v xwd >/dev/null || die "-x needs xwd (apt-get install x11-apps)"
        command -v xwininfo >/dev/null || die "-x needs xwininfo (apt-get install x11-utils)"
        "$PY" -c 'import PIL' 2>/dev/null || die "-x needs $PY with PIL (apt-get install python3-pil)"
        [ -z "${VIRTGL_VM_SHOT_EVERY:-}" ] || [[ $VIRTGL_VM_SHOT_EVERY =~ ^[0-9]+(\.[0-9]+)?$ ]] ||
            die "VIRTGL_VM_SHOT_EVERY wants seconds, not '$VIRTGL_VM_SHOT_EVERY'"
    fi
    warn_if_initramfs_stale
}

# The same stamp as setup.sh's initramfs_stamp: kernel + the guest scripts.
warn_if_initramfs_stale() {
    [ -z "${VIRTGL_VM_INITRD:-}" ] && [ -r "$CACHE/initramfs.stamp" ] || return 0
    local want
    want="$(cat "$CACHE/KVER" 2>/dev/null) $(cat "$HERE/guest-init.sh" "$HERE/mkinitramfs.sh" | sha256sum | cut -c1-16)"
    [ "$(cat "$CACHE/initramfs.stamp")" = "$want" ] ||
        warn "$INITRD was built from another guest-init.sh/mkinitramfs.sh (run tests/vm/setup.sh)"
}

# setup.sh holds this lock exclusively while it swaps the kernel or the
# initramfs; holding it shared keeps a booting VM from seeing half a swap.
take_shared_lock() {
    [ -r "$CACHE/lock" ] || return 0
    exec 9<"$CACHE/lock" || return 0
    flock -s -w 900 9 || die "timed out waiting for $CACHE/lock (setup.sh running?)"
}

# --- the job directory -------------------------------------------------------

JOB='' XPID='' QPID='' SPID='' WPID=''

make_job() {
    local rundir=${VIRTGL_VM_RUNDIR:-${TMPDIR:-/tmp}}
    JOB=$(mktemp -d "$rundir/virtgl-vm.XXXXXX") || die "cannot create a job directory in $rundir"
    JOB=$(cd "$JOB" && pwd -P)
    [[ $JOB =~ [[:space:]] ]] && die "whitespace in the job directory $JOB (set VIRTGL_VM_RUNDIR)"
    [ -z "$SHOTDIR" ] || mkdir "$JOB/shot" || die "cannot create $JOB/shot"
}

# cmd.sh: what the guest runs, chrooted into the host's filesystem.
write_cmd() {
    local prog var
    {
        echo "#!/bin/sh"
        echo "export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=dumb LANG=C.UTF-8"
        echo "export VIRTGL_VM_JOB=$(shq "$JOB")"
        [ -z "$SHOTDIR" ] || echo "export VIRTGL_VM_SHOT=$(shq "$JOB/shot")"
        for var in ${ENVS[@]+"${ENVS[@]}"}; do echo "export $(shq "$var")"; done
        echo "cd $(shq "$PWD") || { echo 'vm-run: cannot enter the current directory in the guest' >&2; exit 125; }"
        if [ $# -ge 1 ]; then
            prog=$1; shift
            # The same file the host would run (the guest's PATH may differ).
            [[ $prog == */* ]] || prog=$(command -v "$prog" || echo "$prog")
            printf 'exec'
            if [ "$EMPTY_ENV" = 1 ]; then
                printf ' env -i'
                [ -z "$SHOTDIR" ] || printf ' %s' "$(shq "VIRTGL_VM_SHOT=$JOB/shot")"
                for var in ${ENVS[@]+"${ENVS[@]}"}; do printf ' %s' "$(shq "$var")"; done
            fi
            printf ' %s' "$(shq "$prog")"
            for var in "$@"; do printf ' %s' "$(shq "$var")"; done
            echo
        fi
    } >"$JOB/cmd.sh"
}

# shellcheck disable=SC2317  # called from the EXIT trap
cleanup() {
    [ -n "$QPID" ] && kill "$QPID" 2>/dev/null && wait "$QPID" 2>/dev/null
    [ -n "$WPID" ] && kill "$WPID" 2>/dev/null && wait "$WPID" 2>/dev/null
    [ -n "$SPID" ] && wait "$SPID" 2>/dev/null
    [ -n "$XPID" ] && kill "$XPID" 2>/dev/null && wait "$XPID" 2>/dev/null
    if [ -n "$JOB" ]; then
        if [ "$KEEP" = 1 ]; then echo "vm-run: job directory kept: $JOB" >&2; else rm -rf "$JOB"; fi
    fi
}

# --- the display -------------------------------------------------------------

# virglrenderer renders through QEMU's GL display. Without a host GPU that
# means SDL on an X server whose GL is llvmpipe: Xvfb. ('-display none' has no
# GL; egl-headless needs a host render node, which CI machines lack.)
start_xvfb() {
    [ -z "${DISPLAY:-}" ] || return 0
    local dfile=$JOB/.xdisplay i
    # -displayfd: Xvfb picks a free display and writes its number to fd 8,
    # so concurrent runs never race for one.
    # With -x the screen must hold the whole 1280x800 window: SDL centres
    # its first 640x480 window and grows it to the right and down when the
    # guest sets its mode, so it needs (W-640)/2+1280 <= W, (H-480)/2+800 <= H.
    local screen=${VIRTGL_VM_XVFB_SCREEN:-1024x768x24}
    [ -z "$SHOTDIR" ] || screen=${VIRTGL_VM_XVFB_SCREEN:-1920x1200x24}
    Xvfb -displayfd 8 -screen 0 "$screen" -nolisten tcp 8>"$dfile" >"$JOB/xvfb.log" 2>&1 9<&- &
    XPID=$!
    for i in $(seq 200); do
        [ -s "$dfile" ] && break
        kill -0 "$XPID" 2>/dev/null || break
        sleep 0.05
    done
    [ -s "$dfile" ] || { cat "$JOB/xvfb.log" >&2; die "Xvfb did not start"; }
    DISPLAY=:$(head -1 "$dfile")
    export DISPLAY
}

# --- screenshots (-x) ----------------------------------------------------------

# One screenshot into $1; prints shotcheck's line (or its error).
take_shot() {
    "$PY" "$HERE/shotcheck.py" grab --display "$DISPLAY" --out "$1" 2>&1 | tail -1
    return "${PIPESTATUS[0]}"
}

# Answers the guest's NAME.req files with DIR/NAME.png and NAME.done (written
# whole, then renamed, so that the guest never reads half of it). It polls:
# the job directory is a 9p share, and the host sees the guest's files at
# once (cache=none). A request is answered once, when it has no NAME.done
# yet, and its file is left alone: removing it while the guest's shell was
# still creating it (open, then truncate) made that fail with ENOENT.
# Runs in the background for the whole VM; every line also goes to
# $JOB/shot.log.
shot_watcher() {
    local req name msg st next='' n=0
    trap - EXIT INT TERM
    [ -z "${VIRTGL_VM_SHOT_EVERY:-}" ] || next=$EPOCHREALTIME
    while :; do
        for req in "$JOB"/shot/*.req; do
            [ -e "$req" ] || continue
            name=${req##*/}
            name=${name%.req}
            [ ! -e "$JOB/shot/$name.done" ] || continue
            if [[ ! $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]]; then
                st=error msg="bad screenshot name '$name'"
            elif msg=$(take_shot "$SHOTDIR/$name.png"); then
                st=ok
            else
                st=error
            fi
            echo "$st $msg" >"$JOB/shot/.$name.tmp"
            mv "$JOB/shot/.$name.tmp" "$JOB/shot/$name.done"
            echo "$EPOCHREALTIME $name $st $msg" >>"$JOB/shot.log"
        done
        if [ -n "$next" ] && awk -v a="$EPOCHREALTIME" -v b="$next" 'BEGIN { exit !(a >= b) }'; then
            n=$((n + 1))
            name=$(printf 'auto-%03d' "$n")
            if msg=$(take_shot "$SHOTDIR/$name.png"); then st=ok; else st=error; fi
            echo "$EPOCHREALTIME $name $st $msg" >>"$JOB/shot.log"
            next=$(awk -v a="$EPOCHREALTIME" -v s="$VIRTGL_VM_SHOT_EVERY" 'BEGIN { printf "%.6f", a + s }')
        fi
        sleep 0.1
    done
}

start_shot_watcher() {
    [ -n "$SHOTDIR" ] || return 0
    : >"$JOB/shot.log"
    shot_watcher 9<&- &
    WPID=$!
}

# --- QEMU --------------------------------------------------------------------

QEMU=()
# shellcheck disable=SC2054  # the commas are QEMU's option syntax
build_qemu_cmd() {
    local append="console=ttyS0 quiet panic=-1 oops=panic ${VIRTGL_VM_APPEND:-}" i=0 dir
    QEMU=(qemu-system-x86_64
          -accel "${VIRTGL_VM_ACCEL:-tcg}" -cpu "${VIRTGL_VM_CPU:-max}"
          -m "${VIRTGL_VM_MEM:-1024}" -smp "${VIRTGL_VM_SMP:-1}"
          -nodefaults -no-user-config -no-reboot -nic none
          -kernel "$KERNEL" -initrd "$INITRD"
          -device "${VIRTGL_VM_DEVICE:-virtio-gpu-gl-pci}" -display sdl,gl=on
          # the host's root, read-only; remap: / spans several devices
          -fsdev local,id=hostroot,path=/,security_model=none,readonly=on,multidevs=remap
          -device virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot
          -serial stdio -monitor none)
    if [ $SHELL_MODE = 0 ]; then
        QEMU+=(-fsdev local,id=job,path="$JOB",security_model=none,multidevs=remap
               -device virtio-9p-pci,fsdev=job,mount_tag=job)
        append="$append vm.job=$JOB"
    else
        append="$append vm.shell=1"
    fi
    for dir in ${WDIRS[@]+"${WDIRS[@]}"}; do
        QEMU+=(-fsdev "local,id=w$i,path=$dir,security_model=none,multidevs=remap"
               -device "virtio-9p-pci,fsdev=w$i,mount_tag=w$i")
        append="$append vm.w$i=$dir"
        i=$((i + 1))
    done
    QEMU+=(-append "$append")
    # shellcheck disable=SC2206  # word splitting is the point
    [ -z "${VIRTGL_VM_QEMU_EXTRA:-}" ] || QEMU+=($VIRTGL_VM_QEMU_EXTRA)
}

# llvmpipe inside QEMU renders synchronously with LP_NUM_THREADS=0. With its
# worker threads a virgl fence is often not done at the poll QEMU makes right
# after a submission, and then waits for QEMU 7.2's 10 ms fence-poll timer:
# fenced round trips get a long tail (p90 0.4-10 ms instead of ~0.3 ms).
# (An array, not a function: a function run with & gets a subshell of its
# own, and killing that would leave QEMU behind.)
QEMU_ENV=(env LP_NUM_THREADS="${VIRTGL_VM_LP_NUM_THREADS:-0}")

# Timestamps each serial line on arrival (bash, not tr/sed: those buffer).
stamp_lines() {
    local line
    while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "${line%$'\r'}"; done
}

TQ='' QRC=''
run_qemu() {
    TQ=$EPOCHREALTIME
    mkfifo "$JOB/.serial" || die "mkfifo failed"
    stamp_lines <"$JOB/.serial" >"$JOB/serial.log" &
    SPID=$!
    # In the background + wait: bash runs traps (INT/TERM -> cleanup) only
    # between commands, and timeout(1) passes the signal on to QEMU.
    "${QEMU_ENV[@]}" timeout -k 5 "$TIMEOUT" "${QEMU[@]}" </dev/null >"$JOB/.serial" 2>"$JOB/qemu.stderr" &
    QPID=$!
    wait "$QPID"
    QRC=$?
    QPID=
    wait "$SPID"
    SPID=
}

run_shell() {
    "${QEMU_ENV[@]}" timeout -k 5 "$TIMEOUT" "${QEMU[@]}"
}

# --- results -----------------------------------------------------------------

marker_time() { awk -v m="$1" '$2 == m { print $1; exit }' "$JOB/serial.log"; }

write_timings() {
    local t1=$EPOCHREALTIME tstart tend
    tstart=$(marker_time VM-START)
    tend=$(marker_time VM-END)
    {
        echo "kernel=$(cat "$JOB/kernel" 2>/dev/null || echo unknown)"
        echo "qemu_rc=$QRC"
        echo "harness_total_s=$(seconds_between "$t1" "$T0")"
        echo "qemu_wall_s=$(seconds_between "$t1" "$TQ")"
        [ -z "$tstart" ] || echo "boot_to_program_s=$(seconds_between "$tstart" "$TQ")"
        [ -z "$tstart" ] || [ -z "$tend" ] || echo "program_s=$(seconds_between "$tend" "$tstart")"
    } >"$JOB/timings"
    [ -z "${VIRTGL_VM_TIMINGS:-}" ] || cat "$JOB/timings" >>"$VIRTGL_VM_TIMINGS"
}

timing() { sed -n "s/^$1=//p" "$JOB/timings"; }

print_summary() {
    [ $VERBOSE = 1 ] || return 0
    [ -z "$SHOTDIR" ] || echo "vm-run: $(grep -c . "$JOB/shot.log") screenshots in $SHOTDIR" \
                              "($(grep -vc '^[^ ]* [^ ]* ok ' "$JOB/shot.log") failed)" >&2
    echo "vm-run: guest kernel $(timing kernel); boot $(timing boot_to_program_s) s," \
         "program $(timing program_s) s, total $(timing harness_total_s) s" >&2
}

print_serial_tail() {
    cut -d' ' -f2- "$JOB/serial.log" | tail -"$1" >&2
    if [ -s "$JOB/qemu.stderr" ]; then
        echo "--- qemu stderr:" >&2
        tail -20 "$JOB/qemu.stderr" >&2
    fi
}

# Prints the program's output, then exits with the right status.
finish() {
    [ ! -f "$JOB/stdout" ] || cat "$JOB/stdout"
    [ ! -f "$JOB/stderr" ] || cat "$JOB/stderr" >&2
    print_summary
    if [ "$QRC" = 124 ] || [ "$QRC" = 137 ]; then
        echo "vm-run: timed out after ${TIMEOUT} s; serial log:" >&2
        print_serial_tail 40
        exit 124
    fi
    if [ ! -s "$JOB/rc" ]; then
        echo "vm-run: the guest gave no exit status (qemu status $QRC); serial log:" >&2
        print_serial_tail 60
        exit 125
    fi
    exit "$(cat "$JOB/rc")"
}

main() {
    parse_args "$@"
    shift $((OPTIND - 1))
    [ $# -ge 1 ] || [ $SHELL_MODE = 1 ] || usage
    check_prereqs
    take_shared_lock
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    make_job
    start_xvfb
    build_qemu_cmd
    if [ $SHELL_MODE = 1 ]; then
        run_shell
        exit $?
    fi
    write_cmd "$@"
    start_shot_watcher
    run_qemu
    write_timings
    finish
}

main "$@"
