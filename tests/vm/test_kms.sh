#!/bin/bash
# SPDX-License-Identifier: MIT
# test_kms.sh: the Automake test for KMS programs in the VM. In one QEMU boot
# (tests/vm, virtio-gpu 3D, the guest's /dev/dri/card0 with one 1280x800
# connector) it runs, for each driver of VIRTGL_KMS_DRIVERS, with an empty
# environment plus the driver's variables (tests/vm/kms-guest.sh has the
# table):
#   kmscube            legacy KMS, VIRTGL_KMS_FRAMES frames
#   kmscube -A         atomic KMS with fences, the same frames
#   glmark2-es2-drm    a three-scene list, about 6 s; its score
#   weston 10          DRM backend, GL renderer, with weston-simple-egl
#   weston-glmark2     the same weston, glmark2-es2-wayland as its client
#                      (two scenes, about 6 s); its score
#   xwayland-gears     weston with Xwayland, es2gears_x11 as an X client;
#                      weston and the client on the row's driver, Xwayland
#                      on Mesa (virtgl leaves X servers to Mesa: kms-guest.sh)
#   xwayland-glmark2   the same with glmark2-es2 (X11); its score
#   xwayland-check     the same with tests/vm/x11_dri3 as the client:
#                      buffer ages, Present throttling, resize, a destroyed window
# In the virtgl row the Wayland clients run on virtgl too: each must say so
# (VIRTGL_DEBUG=egl's Wayland display line, glmark2's GL_VENDOR), and weston's
# protocol log must show its buffers arriving as dma-bufs (create_immed). In
# the Xwayland rows the X client must present through DRI3, weston must have
# bound wl_drm on virtgl (its VIRTGL_DEBUG=egl line), virtgl's GBM backend
# must have left Xwayland to Mesa, and Xwayland's glamor must not have fallen
# back to software.
# While each runs, the host takes screenshots of QEMU's window
# (vm-run.sh -x) and tests/vm/shotcheck.py asserts that they show the
# program's picture and that it moves. Screenshots and logs stay in
# $top_builddir/tests/vm/kms-shots/DRIVER/ (PROGRAM-N.png, PROGRAM.log,
# PROGRAM.counts, PROGRAM.result) as CI artefacts.
#
# A check that cannot run in CI must fail CI: this test never returns 77
# (skip). A missing package, the shim not built, a guest that does not boot,
# or a driver row whose files are missing are errors (99); a program that
# fails, a screenshot that does not show its picture, or the time limit is a
# failure (1).
#
# Environment (make check exports top_builddir and top_srcdir):
#   VIRTGL_KMS_DRIVERS   drivers, in this order, in one boot (default
#                        "virtgl mesa": the build tree's EGL + GBM backend,
#                        then the guest's Mesa in the same boot)
#   VIRTGL_KMS_PROGRAMS  default "kmscube kmscube-atomic glmark2 kms-dmabuf weston
#                        weston-glmark2 xwayland-gears xwayland-glmark2 xwayland-check"
#   VIRTGL_KMS_FRAMES    kmscube's frames per run (default 2000: enough to
#                        outlast two screenshots under TCG)
#   VIRTGL_KMS_SHOTS     screenshots per program (default 2; at least 2)
#   VIRTGL_CHECK_SHORT   1 (make distcheck): drivers "virtgl", programs
#                        "kmscube weston xwayland-check" unless set above
#   VIRTGL_VM_TIMEOUT    limit for the whole VM in seconds (default 720: 18 program runs under TCG, which a loaded 2-core CI machine took past 480 s once)
#   VIRTGL_VM_ARGS       extra vm-run.sh options, e.g. "-k"
#   VIRTGL_VM_CACHE      setup.sh's cache (default /var/cache/virtgl-vm)
# Other KMS_* variables of kms-guest.sh (KMS_GLMARK2_ARGS, KMS_SHOT_GAP, ...)
# are passed on when set.
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$HERE/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
DRIVERS=${VIRTGL_KMS_DRIVERS:-virtgl mesa}
PROGRAMS=${VIRTGL_KMS_PROGRAMS:-kmscube kmscube-atomic glmark2 kms-dmabuf weston weston-glmark2 xwayland-gears xwayland-glmark2 xwayland-check}
# make distcheck's short run (Makefile.am): one program per window system,
# on virtgl only
if [ "${VIRTGL_CHECK_SHORT:-}" = 1 ]; then
    DRIVERS=${VIRTGL_KMS_DRIVERS:-virtgl}
    PROGRAMS=${VIRTGL_KMS_PROGRAMS:-kmscube weston xwayland-check}
fi
FRAMES=${VIRTGL_KMS_FRAMES:-2000}
SHOTS=${VIRTGL_KMS_SHOTS:-2}
TIMEOUT=${VIRTGL_VM_TIMEOUT:-720}
SHIM=$top_builddir/bench/kms/ioctl_count.so
OUT=$top_builddir/tests/vm/kms-shots
# Debian's python3, the one python3-pil is for
PY=/usr/bin/python3

EXIT_FAIL=1 EXIT_ERROR=99
FAILED=0

say() { echo "test_kms: $*"; }
error() { echo "test_kms: ERROR: $*" >&2; exit $EXIT_ERROR; }
fail() { echo "test_kms: FAIL: $*"; FAILED=1; }

check_prereqs() {
    local c
    for c in kmscube glmark2-es2-drm glmark2-es2-wayland weston weston-simple-egl xwd xwininfo Xvfb qemu-system-x86_64 \
        Xwayland es2gears_x11 glmark2-es2; do
        command -v "$c" >/dev/null ||
            error "$c not found (apt-get install kmscube glmark2-es2-drm glmark2-es2-wayland weston x11-apps x11-utils xvfb qemu-system-x86 qemu-system-gui xwayland mesa-utils-extra glmark2-es2-x11)"
    done
    [ -x "$top_builddir/tests/vm/x11_dri3" ] || error "$top_builddir/tests/vm/x11_dri3 is missing (make check builds it)"
    "$PY" -c 'import PIL' 2>/dev/null || error "$PY cannot import PIL (apt-get install python3-pil)"
    [ -r "$SHIM" ] || error "$SHIM is missing (make bench/kms/ioctl_count.so; make check builds it)"
    [[ $FRAMES =~ ^[1-9][0-9]*$ ]] || error "VIRTGL_KMS_FRAMES='$FRAMES' is not a frame count"
    [[ $SHOTS =~ ^[0-9]+$ ]] && [ "$SHOTS" -ge 2 ] ||
        error "VIRTGL_KMS_SHOTS='$SHOTS': at least 2 (the test asserts that the picture moves)"
    top_builddir=$top_builddir "$HERE/kms-guest.sh" --check $DRIVERS >&2 ||
        error "a driver of VIRTGL_KMS_DRIVERS='$DRIVERS' cannot run (see above)"
}

prepare() {
    say "preparing the VM (tests/vm/setup.sh)"
    "$HERE/setup.sh" || error "tests/vm/setup.sh failed: the VM cannot run"
    rm -rf "$OUT" && mkdir -p "$OUT" || error "cannot create $OUT"
}

# -e options: what kms-guest.sh needs, and any KMS_* knob the caller set.
GUEST_ENV=()
guest_env() {
    local v
    GUEST_ENV=(-e "KMS_OUT=$OUT" -e "KMS_SHIM=$SHIM" -e "KMS_DRIVERS=$DRIVERS"
               -e "KMS_PROGRAMS=$PROGRAMS" -e "KMS_FRAMES=$FRAMES" -e "KMS_SHOTS=$SHOTS"
               -e "top_builddir=$top_builddir")
    for v in KMS_SHOT_GAP KMS_READY_AFTER KMS_GLMARK2_ARGS KMS_WESTON_CLIENT KMS_WESTON_GLMARK2_ARGS KMS_WESTON_SHOTS KMS_SIMPLE_EGL_SHOTS \
        KMS_XWAYLAND_GLMARK2_ARGS KMS_XWAYLAND_ALL KMS_GLAMOR_DEBUG; do
        [ -z "${!v:-}" ] || GUEST_ENV+=(-e "$v=${!v}")
    done
}

run_in_vm() {
    local rc
    # shellcheck disable=SC2206  # VIRTGL_VM_ARGS is a list of options
    local extra=(${VIRTGL_VM_ARGS:-})
    say "drivers: $DRIVERS; programs: $PROGRAMS; limit ${TIMEOUT} s"
    echo "------------------------------------------------------------------------"
    # DISPLAY is dropped: vm-run.sh's private Xvfb (llvmpipe, as in CI), big
    # enough for the whole window with -x.
    DISPLAY='' "$HERE/vm-run.sh" -v -t "$TIMEOUT" -x "$OUT" -w "$OUT" -i "${GUEST_ENV[@]}" \
        ${extra[@]+"${extra[@]}"} -- "$HERE/kms-guest.sh" 2>&1
    rc=$?
    echo "------------------------------------------------------------------------"
    return $rc
}

# key PROG KEY: a value from PROG.result
key() { sed -n "s/^$2=//p" "$DIR/$1.result" 2>/dev/null | tail -1; }

# count PROG COMM KEY: a value from the shim's line for the process COMM
count() {
    awk -v c="comm=$2" -v k="$3" '
        { for (i = 1; i <= NF; i++) if ($i == c) f = 1 }
        f { for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) { print substr($i, length(k) + 2); exit } }
    ' "$DIR/$1.counts" 2>/dev/null
}

fps() { awk -v f="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.1f", f / s; else print "?" }'; }

# The screenshots of PROG (the names in PROG.result), moved to
# DRIVER/PROG-N.png, then checked; "$@": more shotcheck options.
check_shots() {
    local drv=$1 prog=$2 name shots=()
    shift 2
    for name in $(key "$prog" shots); do
        [ -f "$OUT/$name.png" ] && mv "$OUT/$name.png" "$DIR/${name#"$drv".}.png"
        [ -f "$DIR/${name#"$drv".}.png" ] || { fail "$drv $prog: screenshot $name is missing"; return; }
        shots+=("$DIR/${name#"$drv".}.png")
    done
    [ ${#shots[@]} -ge "$SHOTS" ] || { fail "$drv $prog: ${#shots[@]} screenshots, want $SHOTS"; return; }
    "$PY" "$HERE/shotcheck.py" check --label "$drv $prog" --size 1280x800 "$@" "${shots[@]}" ||
        fail "$drv $prog: the screenshots do not show its picture (${shots[*]})"
}

# The GL vendor the program reported must be the driver's: a virtgl row that
# silently ran on Mesa (virtgl declining) would otherwise pass.
check_vendor() {
    local drv=$1 prog=$2 want=virtgl log=$DIR/$2.log
    [ "$drv" = mesa ] && want=Mesa
    [ "$prog" = weston ] && log=$DIR/weston.log
    [ "$prog" = weston-glmark2 ] && log=$DIR/weston-glmark2-weston.log
    # the Xwayland rows: weston's own (the client's: check_x_client)
    case $prog in xwayland-check) return ;; xwayland-*) log=$DIR/$prog-weston.log ;; esac
    grep -Eq "(vendor: \"?|GL_VENDOR: *|EGL vendor: )$want" "$log" ||
        fail "$drv $prog: did not run on $want (no $want vendor line in $log)"
}

# check_wayland_client DRV PROG CLIENTLOG WESTONLOG: the client ran on
# virtgl's Wayland platform and weston took its buffers as dma-bufs.
check_wayland_client() {
    grep -q 'virtgl: wayland: display .* initialized' "$DIR/$3" ||
        fail "$1 $2: the client did not run on virtgl's Wayland platform (see $DIR/$3)"
    grep -q 'zwp_linux_buffer_params_v1@[0-9]*\.create_immed' "$DIR/$4" ||
        fail "$1 $2: no linux-dmabuf buffer reached weston (see $DIR/$4)"
}

# check_x_client DRV PROG: an X client on Xwayland. In virtgl's row weston
# bound wl_drm on virtgl, virtgl's GBM backend left Xwayland to Mesa,
# Xwayland's glamor ran (weston's stderr, PROG.log, has Xwayland's) and the
# client presented through DRI3, not by copy.
check_x_client() {
    local clog=$DIR/$2-client.log
    grep -q 'Spawned Xwayland server' "$DIR/$2-weston.log" || fail "$1 $2: weston started no Xwayland (see $DIR/$2-weston.log)"
    [ "$1" = mesa ] && return
    grep -q 'virtgl: wl_drm: .* bound' "$DIR/$2.log" ||
        fail "$1 $2: weston did not bind wl_drm on virtgl (see $DIR/$2.log)"
    [ -n "${KMS_XWAYLAND_ALL:-}" ] || grep -q 'virtgl gbm: declining fd [0-9]*: an X server' "$DIR/$2.log" ||
        fail "$1 $2: virtgl's GBM backend did not leave Xwayland to Mesa (see $DIR/$2.log)"
    ! grep -qi 'falling back to sw' "$DIR/$2.log" ||
        fail "$1 $2: Xwayland's glamor fell back to software: $(grep -i -B2 -m1 'falling back to sw' "$DIR/$2.log" | tr '\n' ' ')"
    grep -q 'virtgl: x11: DRI3 + Present on /dev/dri/renderD128' "$clog" ||
        fail "$1 $2: the client did not present through DRI3: $(grep -m1 'x11: no DRI3' "$clog") (see $clog)"
}

# check_client_drew DRV PROG: a compositor's client kept submitting while
# the screenshots were taken (the shim's submission counts at the first and
# the last): else a picture that stood still was the client's fault.
check_client_drew() {
    local first last
    first=$(key "$2" client_submits_first) last=$(key "$2" client_submits_last)
    [ -n "$first" ] && [ -n "$last" ] && [ "$last" -gt "$first" ] ||
        fail "$1 $2: its client made no submissions during the screenshots (${first:-?} before, ${last:-?} after)"
    CLIENT_DREW=" client submissions during the shots: $((${last:-0} - ${first:-0}));"
}

# The checks each program's run must pass, besides its screenshots.
check_program() {
    local drv=$1 prog=$2 rc err comm frames s
    CLIENT_DREW=''
    rc=$(key "$prog" rc) err=$(key "$prog" error)
    [ -f "$DIR/$prog.result" ] || { fail "$drv $prog: it did not run (no $prog.result)"; return; }
    [ "$drv" = mesa ] && [ "$(key "$prog" not_run)" = "virtgl only" ] && return
    [ -z "$err" ] || fail "$drv $prog: $err"
    [ "$rc" = 0 ] || fail "$drv $prog: exit status ${rc:-none} (see $DIR/$prog.log)"
    [ "$prog" = xwayland-check ] || [ "$(key "$prog" alive)" = 1 ] ||
        fail "$drv $prog: it was not running any more after its last screenshot"
    check_vendor "$drv" "$prog"
    case $prog in
    kmscube|kmscube-atomic)
        comm=kmscube
        frames=$(count "$prog" $comm presents)
        [ "${frames:-0}" -ge "$FRAMES" ] ||
            fail "$drv $prog: ${frames:-no} presents, want at least $FRAMES (see $DIR/$prog.counts)"
        # grey clear colour in the corners, the coloured cube in between
        check_shots "$drv" "$prog" --differ --expect=0,0=#808080~6 --expect=-1,-1=#808080~6 ;;
    glmark2)
        comm=glmark2-es2-drm
        grep -q 'glmark2 Score: [1-9]' "$DIR/$prog.log" || fail "$drv $prog: no score in $DIR/$prog.log"
        ! grep -q 'Failed to' "$DIR/$prog.log" || fail "$drv $prog: $(grep -m1 'Failed to' "$DIR/$prog.log")"
        grep -q 'Surface Size: *1280x800' "$DIR/$prog.log" || fail "$drv $prog: not rendered at 1280x800"
        # scenes on black: a smaller share lit
        check_shots "$drv" "$prog" --differ --min-lit 0.02 ;;
    kms-dmabuf)
        comm=kms_dmabuf
        grep -q '^PASS' "$DIR/$prog.log" || fail "$drv $prog: its own checks failed (see $DIR/$prog.log)"
        # the sampled image on the screen: blue and white over red and green
        check_shots "$drv" "$prog" --min-colours 4 --expect=320,200=#0000ff~6 \
            --expect=960,200=#ffffff~6 --expect=320,600=#ff0000~6 --expect=960,600=#00ff00~6 ;;
    weston)
        comm=weston
        [ "$(key "$prog" client_alive)" = 1 ] ||
            fail "$drv $prog: its client $(sed -n 1p "$DIR/weston-client.log") was not running (see $DIR/weston-client.log)"
        grep -q 'gl-renderer.so' "$DIR/weston.log" || fail "$drv $prog: not on the GL renderer (see $DIR/weston.log)"
        grep -q "Output 'Virtual-1' enabled" "$DIR/weston.log" || fail "$drv $prog: no output enabled (see $DIR/weston.log)"
        [ "$drv" = mesa ] || check_wayland_client "$drv" "$prog" weston-client.log weston.log
        # weston-simple-egl's turn has a period: some shot must differ. Its
        # triangle covers about 0.8 % of the screen face-on and almost none
        # edge-on, so two shots near edge-on differ by little: a Mesa row
        # moved 0.18 % between its shots; 0.1 % is still far above noise
        # (weston's panel clock changes once a minute)
        check_client_drew "$drv" "$prog"
        check_shots "$drv" "$prog" --differ-any --min-changed 0.001 ;;
    weston-glmark2)
        comm=weston
        local clog=$DIR/weston-glmark2-client.log
        [ "$(key "$prog" client_alive)" = 1 ] ||
            fail "$drv $prog: glmark2-es2-wayland was not running at the screenshots (see $clog)"
        [ "$(key "$prog" client_rc)" = 0 ] || fail "$drv $prog: glmark2-es2-wayland exited with $(key "$prog" client_rc) (see $clog)"
        grep -q 'glmark2 Score: [1-9]' "$clog" || fail "$drv $prog: no score in $clog"
        grep -Eq "GL_VENDOR: *$([ "$drv" = mesa ] && echo Mesa || echo virtgl)" "$clog" ||
            fail "$drv $prog: glmark2-es2-wayland did not run on $drv (see $clog)"
        [ "$drv" = mesa ] || check_wayland_client "$drv" "$prog" weston-glmark2-client.log weston-glmark2-weston.log
        check_client_drew "$drv" "$prog"
        check_shots "$drv" "$prog" --differ-any ;;
    xwayland-gears)
        comm=weston
        [ "$(key "$prog" client_alive)" = 1 ] ||
            fail "$drv $prog: es2gears_x11 was not running at the screenshots (see $DIR/$prog-client.log)"
        check_x_client "$drv" "$prog"
        say "$drv $prog: es2gears_x11: $(grep -h 'FPS' "$DIR/$prog-client.log" | tail -1)"
        check_client_drew "$drv" "$prog"
        check_shots "$drv" "$prog" --differ-any ;;
    xwayland-glmark2)
        comm=weston
        local xlog=$DIR/xwayland-glmark2-client.log
        [ "$(key "$prog" client_alive)" = 1 ] ||
            fail "$drv $prog: glmark2-es2 was not running at the screenshots (see $xlog)"
        [ "$(key "$prog" client_rc)" = 0 ] || fail "$drv $prog: glmark2-es2 exited with $(key "$prog" client_rc) (see $xlog)"
        grep -q 'glmark2 Score: [1-9]' "$xlog" || fail "$drv $prog: no score in $xlog"
        grep -Eq "GL_VENDOR: *$([ "$drv" = mesa ] && echo Mesa || echo virtgl)" "$xlog" ||
            fail "$drv $prog: glmark2-es2 did not run on $drv (see $xlog)"
        check_x_client "$drv" "$prog"
        check_client_drew "$drv" "$prog"
        check_shots "$drv" "$prog" --differ-any ;;
    xwayland-check)
        local xlog=$DIR/xwayland-check-client.log
        [ "$(key "$prog" client_rc)" = 0 ] && grep -q '^PASS' "$xlog" ||
            fail "$drv $prog: x11_dri3's checks failed: $(grep -h '^FAIL' "$xlog" | head -3) (see $xlog)"
        check_x_client "$drv" "$prog"
        return ;;
    *) fail "$drv $prog: unknown program"; return ;;
    esac
    frames=$(count "$prog" $comm steady_frames) s=$(count "$prog" $comm steady_s)
    say "$drv $prog: $(count "$prog" $comm presents) presents, $(fps "${frames:-0}" "${s:-0}") frames/s" \
        "after the first;$CLIENT_DREW $(grep -ho 'glmark2 Score: [0-9]*' "$DIR/$prog.log" "$DIR/$prog-client.log" 2>/dev/null)"
}

main() {
    local rc drv prog
    check_prereqs
    prepare
    guest_env
    run_in_vm
    rc=$?
    case $rc in
        0|1) ;;
        2)   error "kms-guest.sh could not start (see above)" ;;
        124) echo "test_kms: FAIL: the VM hit the ${TIMEOUT} s limit"; exit $EXIT_FAIL ;;
        125) error "the VM harness failed (see the serial log above)" ;;
        *)   fail "kms-guest.sh exited with status $rc" ;;
    esac
    for drv in $DRIVERS; do
        DIR=$OUT/$drv
        for prog in $PROGRAMS; do
            check_program "$drv" "$prog"
        done
    done
    say "screenshots and logs: $OUT"
    if [ $FAILED = 0 ]; then
        say "PASS"
        exit 0
    fi
    exit $EXIT_FAIL
}

main "$@"
