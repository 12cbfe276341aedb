#!/bin/bash
# SPDX-License-Identifier: MIT
# kms-guest.sh: the guest side of tests/vm/test_kms.sh and bench/kms/run.sh.
# Runs KMS programs on /dev/dri/card0 (virtio_gpu), one at a time, for each
# driver, all in one boot:
#   kmscube          legacy modesetting (SetCrtc + PageFlip), KMS_FRAMES frames
#   kmscube-atomic   kmscube -A: atomic commits with fences, KMS_FRAMES frames
#   glmark2          glmark2-es2-drm on a short scene list
#   weston           weston 10, DRM backend + GL renderer, with a Wayland
#                    EGL client (weston-simple-egl) on its desktop
#   weston-glmark2   the same weston with glmark2-es2-wayland as its client
#                    (a short scene list, run to the end: its score)
#   xwayland-gears   weston with Xwayland (--xwayland), es2gears_x11 as an X
#                    client; weston and the client on the row's driver,
#                    Xwayland on Mesa (see run_xwayland_with)
#   xwayland-glmark2 the same with glmark2-es2 (X11), a short scene list run
#                    to the end: its score
#   xwayland-check   the same with tests/vm/x11_dri3 (buffer ages, Present
#                    throttling, resize, a destroyed window: its own checks)
# Under virtgl's weston the clients are virtgl's too; weston logs the
# protocol (its proto scope), where linux-dmabuf's create_immed shows.
# Each program runs with an empty environment (env -i) plus the driver's
# variables (the table in driver_env), what the program itself needs
# (weston: XDG_RUNTIME_DIR, WAYLAND_DISPLAY for its client) and the counting
# shim bench/kms/ioctl_count.so (LD_PRELOAD), whose "ready" file says that
# the program has made KMS_READY_AFTER presents, i.e. that its frames are on
# the screen. Then, when vm-run.sh -x gave us VIRTGL_VM_SHOT, the host takes
# KMS_SHOTS screenshots, KMS_SHOT_GAP seconds apart.
#
# usage (in the guest, from vm-run.sh -i): kms-guest.sh
#        (on the host, before booting):   kms-guest.sh --check DRIVER...
#
# Output, in $KMS_OUT/DRIVER/ (a vm-run.sh -w directory):
#   PROG.log     the program's stdout and stderr (weston: also weston.log
#                and weston-client.log; weston-glmark2: PROG-weston.log and
#                PROG-client.log)
#   PROG.counts  the shim's line(s): presents, submissions, bytes (see
#                bench/kms/ioctl_count.c)
#   PROG.result  key=value lines: rc, seconds (start to exit), shots (the
#                names taken), alive (whether it still ran after the last
#                screenshot), error (why the harness gave up on it)
# Screenshots are named DRIVER.PROG-N (vm-run.sh -x writes DRIVER.PROG-N.png).
# This script's own status is 0 when every program ran and exited 0, 1 when
# one did not, 2 on a usage or set-up error.
#
# Environment (vm-run.sh -e):
#   KMS_OUT          where the output goes (required)
#   KMS_SHIM         ioctl_count.so (required)
#   KMS_DRIVERS      drivers, in order (default "mesa")
#   KMS_PROGRAMS     default "kmscube kmscube-atomic glmark2 kms-dmabuf weston weston-glmark2"
#   KMS_FRAMES       kmscube's frame count (default 2000)
#   KMS_SHOTS        screenshots per program (default 2; 0: none)
#   KMS_SHOT_GAP     seconds between them (default 0.5)
#   KMS_READY_AFTER  presents before the first screenshot (default 10;
#                    weston: 30, so that its client is animating)
#   KMS_GLMARK2_ARGS glmark2-es2-drm's arguments (default below)
#   KMS_WESTON_CLIENT  the Wayland client (default weston-simple-egl)
#   KMS_WESTON_GLMARK2_ARGS  glmark2-es2-wayland's arguments (default below)
#   KMS_WESTON_SHOTS   the weston rows' screenshots (default KMS_SHOTS + 1)
#   KMS_SIMPLE_EGL_SHOTS  the weston row's, weston-simple-egl's (default
#                    KMS_WESTON_SHOTS + 2)
#   KMS_XWAYLAND_GLMARK2_ARGS  glmark2-es2's (X11) arguments (default below)
#   top_builddir     the build tree (the virtgl row's files)
#   VIRTGL_VM_SHOT   set by vm-run.sh -x
set -u

: "${KMS_DRIVERS:=mesa}"
: "${KMS_PROGRAMS:=kmscube kmscube-atomic glmark2 kms-dmabuf weston weston-glmark2}"
: "${KMS_FRAMES:=2000}"
: "${KMS_SHOTS:=2}"
: "${KMS_SHOT_GAP:=0.5}"
: "${KMS_WESTON_CLIENT:=weston-simple-egl}"
# two scenes of about 12 s (outlasting the screenshots, which take seconds each
# on a loaded host: 3 s scenes ended before them in a run beside other
# builds, and 5 s ones in a CI run beside the dEQP sample) in glmark2's
# default 800x600 window
: "${KMS_WESTON_GLMARK2_ARGS:=-b build:use-vbo=true:duration=12 -b texture:duration=12}"
# the same under Xwayland, whose start delays the client's first frames
# (9 s scenes ended before the third screenshot on a loaded host)
: "${KMS_XWAYLAND_GLMARK2_ARGS:=-b build:use-vbo=true:duration=12 -b texture:duration=12}"
# the weston rows' clients have periods (glmark2's scenes, es2gears' turn):
# with two shots about a period apart a picture looks still; a third one
# cannot be in phase with both
: "${KMS_WESTON_SHOTS:=$((KMS_SHOTS > 0 ? KMS_SHOTS + 1 : 0))}"
# weston-simple-egl turns its triangle about the vertical axis once in 1.8 s,
# and its picture depends only on the cosine of the angle: shots near
# face-on (some 12 degrees either side) look alike, as do shots about a turn
# apart. Two more shots for it: a CI run's three all fell near face-on once
: "${KMS_SIMPLE_EGL_SHOTS:=$((KMS_WESTON_SHOTS > 0 ? KMS_WESTON_SHOTS + 2 : 0))}"
READY_SET=${KMS_READY_AFTER:-}
# the guest's preferred mode (QEMU's virtio-gpu default, 1280x800)
KMS_MODE=1280x800
: "${KMS_GLMARK2_ARGS:=-b build:use-vbo=true:duration=5 -b texture:duration=5 -b shading:shading=phong:duration=5}"
PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
export PATH

say() { echo "kms: $*"; }

# --- the drivers ----------------------------------------------------------------

# driver_env NAME: the variables that select the driver, one VAR=VALUE a line.
driver_env() {
    case $1 in
    mesa)
        # the guest's Mesa: virgl through Mesa's GBM (dri backend) and EGL.
        # virtgl's backend is on the path and told to decline (the
        # documented opt-out): libgbm falls back to Mesa's
        echo "VIRTGL_GBM=0"
        echo "GBM_BACKENDS_PATH=${top_builddir:-}/drm/gbm/.libs"
        echo "__EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/50_mesa.json"
        ;;
    virtgl)
        # the build tree's EGL vendor and GBM backend. No GBM_BACKEND:
        # libgbm picks virtio_gpu_gbm.so by the device's driver name, as
        # it does when the package installs it in its own directory
        echo "__EGL_VENDOR_LIBRARY_FILENAMES=${top_builddir:-}/gl/virtgl_egl.json"
        echo "GBM_BACKENDS_PATH=${top_builddir:-}/drm/gbm/.libs"
        ;;
    *) return 1 ;;
    esac
}

# The files a driver row needs; prints what is missing.
driver_check() {
    local f missing=0
    driver_env "$1" >/dev/null || { echo "unknown driver '$1' (known: mesa virtgl)"; return 1; }
    case $1 in
    mesa) set -- /usr/share/glvnd/egl_vendor.d/50_mesa.json ;;
    virtgl)
        [ -n "${top_builddir:-}" ] || { echo "virtgl: top_builddir is not set"; return 1; }
        set -- "$top_builddir/gl/virtgl_egl.json" "$top_builddir/drm/gbm/.libs/virtio_gpu_gbm.so" ;;
    esac
    for f in "$@"; do
        [ -e "$f" ] || { echo "$f is missing"; missing=1; }
    done
    return $missing
}

# --- running one program -----------------------------------------------------

OUT='' DRIVER='' DENV=()

# shot NAME: asks the host for a screenshot and waits for it (vm-run.sh -x).
shot() {
    local i=0 st=''
    : >"$VIRTGL_VM_SHOT/$1.req" || return 1
    while [ ! -e "$VIRTGL_VM_SHOT/$1.done" ]; do
        i=$((i + 1))
        [ $i -le 600 ] || { say "no answer to screenshot $1 in 60 s"; return 1; }
        sleep 0.1
    done
    read -r st _ <"$VIRTGL_VM_SHOT/$1.done"
    say "screenshot $1: $(cat "$VIRTGL_VM_SHOT/$1.done")"
    [ "$st" = ok ]
}

# wait_ready PROG PID READYFILE SECONDS: until the shim's ready file appears
# (KMS_READY_AFTER presents, or the submissions KMS_IOCTL_READY_SUBMITS asks).
wait_ready() {
    local i=0
    while [ ! -e "$3" ]; do
        kill -0 "$2" 2>/dev/null || { echo "error=$1 exited before the shim's ready signal"; return 1; }
        i=$((i + 1))
        [ $i -le $(($4 * 10)) ] || { echo "error=$1 gave no ready signal in $4 s (too few presents or submissions)"; return 1; }
        sleep 0.1
    done
}

# take_shots PROG PID [COUNT]: the screenshots, while PID still runs.
take_shots() {
    local n names='' count=${3:-$KMS_SHOTS}
    [ -n "${VIRTGL_VM_SHOT:-}" ] && [ "$count" -gt 0 ] || { echo "shots="; return 0; }
    for n in $(seq "$count"); do
        [ "$n" = 1 ] || sleep "$KMS_SHOT_GAP"
        kill -0 "$2" 2>/dev/null || { echo "shots=$names"; echo "error=$1 exited before screenshot $n (raise VIRTGL_KMS_FRAMES/KMS_FRAMES or the scene durations)"; return 1; }
        shot "$DRIVER.$1-$n" || { echo "shots=$names"; echo "error=screenshot $n failed"; return 1; }
        names="$names $DRIVER.$1-$n"
    done
    echo "shots=${names# }"
    if kill -0 "$2" 2>/dev/null; then echo "alive=1"; else echo "alive=0"; fi
}

# start PROG [VAR=VALUE...] -- COMMAND...: the program in the background with
# the driver's environment, the shim and a stdin that never becomes readable
# (kmscube's legacy loop quits when stdin is readable, and /dev/null always is).
PID='' T0=''
start() {
    local prog=$1 vars=()
    shift
    while [ "$1" != -- ]; do vars+=("$1"); shift; done
    shift
    rm -f "/tmp/kms-$prog.ready" "/tmp/kms-$prog.in"
    mkfifo "/tmp/kms-$prog.in"
    T0=$(date +%s.%N)
    env -i "${DENV[@]}" ${vars[@]+"${vars[@]}"} LD_PRELOAD="$KMS_SHIM" \
        KMS_IOCTL_OUT="$OUT/$prog.counts" KMS_IOCTL_READY="/tmp/kms-$prog.ready" \
        KMS_IOCTL_READY_AFTER="$KMS_READY_AFTER" \
        "$@" <>"/tmp/kms-$prog.in" >"$OUT/$prog.log" 2>&1 &
    PID=$!
}

# finish PROG RC: the end of the result file.
finish() {
    echo "rc=$2"
    echo "seconds=$(awk -v a="$(date +%s.%N)" -v b="$T0" 'BEGIN { printf "%.2f", a - b }')"
}

# run_frames PROG COMMAND...: a program that stops by itself (a frame count,
# a scene list): ready, screenshots, then its exit status.
run_frames() {
    local prog=$1 rc
    shift
    start "$prog" -- "$@"
    {
        wait_ready "$prog" "$PID" "/tmp/kms-$prog.ready" 120 && take_shots "$prog" "$PID"
        wait "$PID"
        rc=$?
        finish "$prog" $rc
    } >"$OUT/$prog.result"
}

run_kmscube() { run_frames kmscube kmscube -c "$KMS_FRAMES"; }
run_kmscube_atomic() { run_frames kmscube-atomic kmscube -A -c "$KMS_FRAMES"; }
# shellcheck disable=SC2086  # KMS_GLMARK2_ARGS is a list of arguments
# KMS_IOCTL_MAX_MODE: glmark2-es2-drm takes the connector's largest mode, and
# QEMU's EDID lists up to 5120x2160; the shim hides the modes larger than the
# preferred 1280x800 that the other programs use.
run_glmark2() {
    # shellcheck disable=SC2046  # glmark2_visual is a list of arguments
    run_frames glmark2 env KMS_IOCTL_MAX_MODE="$KMS_MODE" glmark2-es2-drm \
        $(glmark2_visual) $KMS_GLMARK2_ARGS
}

# glmark2 prefers a config with alpha. Mesa gives it an ARGB8888 surface,
# and virtio_gpu's primary plane takes only XRGB8888: SetCrtc fails (-22)
# and nothing reaches the screen, so Mesa runs with a=0. virtgl's alpha
# configs have the XRGB8888 visual (README, Decisions): glmark2's default.
glmark2_visual() { [ "$DRIVER" = mesa ] && echo "--visual-config a=0"; }

# kms-dmabuf: tests/vm/kms_dmabuf, the project's own program (render into a
# gbm_bo through a dma-buf EGLImage, sample it across a window, scan it out),
# checked by itself and kept on the screen for the screenshots.
run_kms_dmabuf() { run_frames kms-dmabuf "$top_builddir/tests/vm/kms_dmabuf" -t 6; }

# The weston clients' driver: the row's. Under virtgl's weston the client is
# virtgl's too (EGL_PLATFORM_WAYLAND_KHR): its buffers reach the compositor
# as dma-bufs (linux-dmabuf), which virtgl imports. VIRTGL_DEBUG=egl makes
# virtgl's Wayland display say that it initialized (weston-simple-egl prints
# nothing about EGL): test_kms.sh checks the client's vendor by that line.
client_env() {
    driver_env "$DRIVER"
    [ "$DRIVER" = virtgl ] && echo "VIRTGL_DEBUG=egl"
    return 0
}

# presents PROG: the presents PROG made so far (the shim's progress file)
presents() { cat "/tmp/kms-$1.progress" 2>/dev/null || echo 0; }

# wait_still PROG PID SECONDS: until PROG has presented and then made no
# present for 1.5 s (a compositor idles once its desktop is drawn).
wait_still() {
    local i=0 last=-1 still=0 now
    while [ $i -lt $(($3 * 10)) ]; do
        kill -0 "$2" 2>/dev/null || { echo "error=$1 exited while starting"; return 1; }
        now=$(presents "$1")
        if [ "$now" = "$last" ] && [ "$now" -gt 0 ]; then
            still=$((still + 1))
            [ $still -lt 15 ] || return 0
        else
            still=0 last=$now
        fi
        sleep 0.1
        i=$((i + 1))
    done
    echo "error=$1 did not settle in $3 s ($(presents "$1") presents)"
    return 1
}

# wait_desktop PROG PID WESTONLOG SECONDS: until weston-desktop-shell has
# said desktop_ready (the proto log scope). Until then weston can show black
# (its shell's startup fade waits for the shell) and look still: a CI run's
# weston went still on black, and the first two shots were all black while
# the desktop (20 s under TCG here) was still drawing.
wait_desktop() {
    local i=0
    until grep -q 'desktop_ready()' "$3" 2>/dev/null; do
        kill -0 "$2" 2>/dev/null || { echo "error=$1 exited while starting"; return 1; }
        i=$((i + 1))
        [ $i -le $(($4 * 10)) ] || { echo "error=$1: its desktop shell was not ready in $4 s"; return 1; }
        sleep 0.1
    done
}

# wait_more PROG PID N SECONDS: until PROG has made N more presents.
wait_more() {
    local i=0 want
    want=$(($(presents "$1") + $3))
    while [ "$(presents "$1")" -lt $want ]; do
        kill -0 "$2" 2>/dev/null || { echo "error=$1 exited"; return 1; }
        i=$((i + 1))
        [ $i -le $(($4 * 10)) ] || { echo "error=$1 made fewer than $3 presents in $4 s"; return 1; }
        sleep 0.1
    done
}

# weston: the compositor on tty2. It fades in from black, and its desktop
# (weston-desktop-shell, cairo under TCG) takes seconds to draw: the client
# starts once the shell has said desktop_ready and weston has then gone
# still (its fade-in done), and the screenshots
# follow KMS_READY_AFTER (30) presents made while the client animates.
#   - launcher: Debian's weston 10 has logind and the direct launcher (no
#     libseat, no weston-launch binary). There is no D-Bus/logind in this
#     guest, so weston, as root, takes the direct launcher: it opens
#     /dev/tty2 (--tty=2) and switches that VT to graphics mode itself;
#   - --continue-without-input: no udevd in the guest, so libinput sees no
#     initialized input devices;
#   - XDG_RUNTIME_DIR: weston refuses to start without it (mode 0700).
run_weston() {
    SHOTS_NOW=$KMS_SIMPLE_EGL_SHOTS run_weston_with weston kill "$OUT/weston.log" "$OUT/weston-client.log" $KMS_WESTON_CLIENT
}

# weston-glmark2: glmark2-es2-wayland as the client, a short scene list
# (KMS_WESTON_GLMARK2_ARGS) that it runs to the end: its score.
# shellcheck disable=SC2086  # KMS_WESTON_GLMARK2_ARGS is a list of arguments
run_weston_glmark2() {
    run_weston_with weston-glmark2 exit "$OUT/weston-glmark2-weston.log" \
        "$OUT/weston-glmark2-client.log" glmark2-es2-wayland $KMS_WESTON_GLMARK2_ARGS
}

# run_weston_with PROG END WESTONLOG CLIENTLOG CLIENT...: weston, then CLIENT
# once weston is still; after the screenshots the client is killed (END
# kill) or waited for (END exit, at most 120 s).
run_weston_with() {
    local prog=$1 end=$2 wlog=$3 clog=$4 rc crc xdg=/tmp/kms-xdg-$DRIVER
    shift 4
    mkdir -p "$xdg" && chmod 700 "$xdg"
    rm -f "$wlog"
    start "$prog" XDG_RUNTIME_DIR="$xdg" KMS_IOCTL_PROGRESS="/tmp/kms-$prog.progress" -- weston --backend=drm-backend.so --tty=2 \
        --continue-without-input --no-config --idle-time=0 --socket=kms-wayland --logger-scopes=log,proto \
        ${WESTON_XWAYLAND:+--xwayland} --log="$wlog"
    local wpid=$PID
    {
        { wait_desktop "$prog" "$wpid" "$wlog" 120 && wait_still "$prog" "$wpid" 120; } ||
            { kill "$wpid"; wait "$wpid"; finish "$prog" 1; return; }
        # the client: its driver's environment (client_env), and the shim
        # only to learn that it draws (its submissions: a client makes no
        # presents). Screenshots come once it has drawn 20 times and weston
        # has presented KMS_READY_AFTER more frames: on a loaded machine the
        # client's start-up can outlast weston's own repaints
        local cenv cready=/tmp/kms-$prog-client.ready
        mapfile -t cenv <<<"$(client_env)"
        [ -z "${WESTON_XWAYLAND:-}" ] || cenv+=("DISPLAY=$(x_display "$wlog")")
        rm -f "$cready" "/tmp/kms-$prog-client.progress"
        env -i "${cenv[@]}" XDG_RUNTIME_DIR="$xdg" WAYLAND_DISPLAY=kms-wayland \
            LD_PRELOAD="$KMS_SHIM" KMS_IOCTL_OUT="$OUT/$prog-client.counts" \
            KMS_IOCTL_READY="$cready" KMS_IOCTL_READY_SUBMITS=20 \
            KMS_IOCTL_PROGRESS="/tmp/kms-$prog-client.progress" \
            "$@" >"$clog" 2>&1 </dev/null &
        local cpid=$!
        # the client's submissions when the screenshots begin and end: a
        # picture that does not move while it kept drawing is the display's
        # fault, one whose client stopped drawing is the client's
        if wait_ready "$prog client" "$cpid" "$cready" 120 &&
            wait_more "$prog" "$wpid" "$KMS_READY_AFTER" 120 &&
            echo "client_submits_first=$(presents "$prog-client")" &&
            take_shots "$prog" "$wpid" "${SHOTS_NOW:-$KMS_WESTON_SHOTS}"; then
            echo "client_submits_last=$(presents "$prog-client")"
            if kill -0 "$cpid" 2>/dev/null; then
                echo "client_alive=1"
            else
                echo "client_alive=0"
            fi
        fi
        if [ "$end" = exit ]; then
            wait_exit "$cpid" 120 || echo "error=the client did not finish in 120 s"
        fi
        kill "$cpid" 2>/dev/null
        wait "$cpid"
        crc=$?
        echo "client_rc=$crc"
        # weston quits cleanly on SIGTERM (and the shim writes its counts)
        kill "$wpid" 2>/dev/null
        wait "$wpid"
        rc=$?
        finish "$prog" $rc
    } >"$OUT/$prog.result"
}

# Xwayland 22.1's glamor (and with it DRI3) needs weston to offer wl_drm,
# which weston does when its EGL has EGL_WL_bind_wayland_display, and
# GL_OES_texture_border_clamp of its GLES context; virtgl has both. In the
# virtgl row weston and the X clients run on virtgl, and Xwayland (weston's
# child, with weston's environment) on Mesa, as where the packages are
# installed: virtgl's GBM backend leaves X servers to Mesa's (their glamor
# needs desktop GL: drm/gbm/vgbm_device.c) and glvnd then finds Mesa's EGL
# vendor after virtgl's. KMS_XWAYLAND_ALL=1 serves Xwayland on virtgl too
# (VIRTGL_GBM=1), to see why not: red and blue swapped in X drawing and
# GetImage, window composites on the CPU (KMS_GLAMOR_DEBUG=1 sets glamor's
# GLAMOR_DEBUG, which says "Unsupported dest picture format" for each).
# VIRTGL_DEBUG=egl makes weston say that it bound wl_drm, virtgl's GBM
# backend that it declined Xwayland, and the clients that they present
# through DRI3; weston's stderr, which Xwayland shares, is PROG.log.
# Xwayland starts at the client's first connection.
# run_xwayland_with PROG END WESTONLOG CLIENTLOG CLIENT...
run_xwayland_with() {
    local saved=("${DENV[@]}")
    mapfile -t DENV <<<"$(xwayland_env)"
    WESTON_XWAYLAND=1 run_weston_with "$@"
    DENV=("${saved[@]}")
}

# xwayland_env: weston's and Xwayland's environment for the row's driver
xwayland_env() {
    if [ "$DRIVER" = virtgl ]; then
        driver_env virtgl |
            sed 's|^__EGL_VENDOR_LIBRARY_FILENAMES=.*|&:/usr/share/glvnd/egl_vendor.d/50_mesa.json|'
        echo "VIRTGL_DEBUG=egl"
        [ -z "${KMS_XWAYLAND_ALL:-}" ] || echo "VIRTGL_GBM=1"
    else
        driver_env "$DRIVER"
    fi
    [ -z "${KMS_GLAMOR_DEBUG:-}" ] || echo "GLAMOR_DEBUG=$KMS_GLAMOR_DEBUG"
}

# x_display WESTONLOG: the display weston's Xwayland listens on (":0")
x_display() { sed -n 's/.*xserver listening on display \(:[0-9]*\).*/\1/p' "$1" | tail -1; }

# es2gears turns its gears by 70 degrees a second; the big one has 20 teeth
# (18 degrees apart), the small ones 10 and turn twice as fast. 0.5 s is
# nearly a whole tooth for all three, so shots 0.5 s apart look alike (a
# loaded CI run saw 0.1 % of the pixels change). 1.93 s is half a tooth for
# each gear: the most any two shots can differ.
run_xwayland_gears() {
    local KMS_SHOT_GAP=${KMS_XWAYLAND_GEARS_GAP:-1.93}
    run_xwayland_with xwayland-gears kill "$OUT/xwayland-gears-weston.log" \
        "$OUT/xwayland-gears-client.log" es2gears_x11
}

# shellcheck disable=SC2086  # KMS_XWAYLAND_GLMARK2_ARGS is a list of arguments
run_xwayland_glmark2() {
    run_xwayland_with xwayland-glmark2 exit "$OUT/xwayland-glmark2-weston.log" \
        "$OUT/xwayland-glmark2-client.log" glmark2-es2 $KMS_XWAYLAND_GLMARK2_ARGS
}

# xwayland-check: tests/vm/x11_dri3 checks itself in about 30 frames, too
# few and too quick for the screenshots: weston, then the client to its end.
# virtgl's checks: the mesa row does not run it (Mesa's swap on a destroyed
# window waited past the 180 s limit here).
run_xwayland_check() {
    [ "$DRIVER" != mesa ] || { printf 'rc=0\nnot_run=virtgl only\n' >"$OUT/xwayland-check.result"; return; }
    local saved=("${DENV[@]}") xdg=/tmp/kms-xdg-$DRIVER wlog=$OUT/xwayland-check-weston.log cenv
    mapfile -t DENV <<<"$(xwayland_env)"
    mkdir -p "$xdg" && chmod 700 "$xdg"
    rm -f "$wlog"
    start xwayland-check XDG_RUNTIME_DIR="$xdg" KMS_IOCTL_PROGRESS=/tmp/kms-xwayland-check.progress -- \
        weston --backend=drm-backend.so --tty=2 --continue-without-input --no-config --idle-time=0 \
        --socket=kms-wayland --xwayland --log="$wlog"
    DENV=("${saved[@]}")
    local wpid=$PID
    {
        if wait_still xwayland-check "$wpid" 120; then
            mapfile -t cenv <<<"$(client_env)"
            env -i "${cenv[@]}" DISPLAY="$(x_display "$wlog")" timeout 180 \
                "$top_builddir/tests/vm/x11_dri3" >"$OUT/xwayland-check-client.log" 2>&1 </dev/null
            echo "client_rc=$?"
        fi
        kill "$wpid" 2>/dev/null
        wait "$wpid"
        finish xwayland-check $?
    } >"$OUT/xwayland-check.result"
}

# wait_exit PID SECONDS: until PID (a child) has exited.
wait_exit() {
    local i=0
    while kill -0 "$1" 2>/dev/null; do
        i=$((i + 1))
        [ $i -le $(($2 * 10)) ] || return 1
        sleep 0.1
    done
}

run_program() {
    KMS_READY_AFTER=${READY_SET:-10}
    case $1 in
    kmscube) run_kmscube ;;
    kmscube-atomic) run_kmscube_atomic ;;
    glmark2) run_glmark2 ;;
    kms-dmabuf) KMS_READY_AFTER=${READY_SET:-1}; run_kms_dmabuf ;;
    weston) KMS_READY_AFTER=${READY_SET:-30}; run_weston ;;
    weston-glmark2) KMS_READY_AFTER=${READY_SET:-30}; run_weston_glmark2 ;;
    xwayland-gears) KMS_READY_AFTER=${READY_SET:-30}; run_xwayland_gears ;;
    xwayland-glmark2) KMS_READY_AFTER=${READY_SET:-30}; run_xwayland_glmark2 ;;
    xwayland-check) run_xwayland_check ;;
    *) echo "error=unknown program $1" >"$OUT/$1.result"; return 1 ;;
    esac
}

main() {
    local d p status=0 rc
    if [ "${1:-}" = --check ]; then
        shift
        for d in "$@"; do driver_check "$d" || status=2; done
        exit $status
    fi
    [ -n "${KMS_OUT:-}" ] && [ -d "$KMS_OUT" ] || { say "KMS_OUT is not a directory"; exit 2; }
    [ -r "${KMS_SHIM:-}" ] || { say "KMS_SHIM (ioctl_count.so) is missing: '${KMS_SHIM:-}'"; exit 2; }
    for d in $KMS_DRIVERS; do
        driver_check "$d" >&2 || exit 2
    done
    KMS_MODE=$(head -1 /sys/class/drm/card0-Virtual-1/modes 2>/dev/null)
    [ -n "$KMS_MODE" ] || { say "no mode on card0-Virtual-1 (is the connector there?)"; exit 2; }
    say "kernel $(uname -r); preferred mode $KMS_MODE; drivers: $KMS_DRIVERS; programs: $KMS_PROGRAMS"
    for d in $KMS_DRIVERS; do
        DRIVER=$d OUT=$KMS_OUT/$d
        mkdir -p "$OUT" && rm -f "$OUT"/*.counts "$OUT"/*.result
        mapfile -t DENV <<<"$(driver_env "$d")"
        for p in $KMS_PROGRAMS; do
            say "$d: $p"
            run_program "$p"
            rc=$(sed -n 's/^rc=//p' "$OUT/$p.result")
            say "$d: $p: rc=${rc:-none} $(grep -h '^error=' "$OUT/$p.result")"
            [ "$rc" = 0 ] && ! grep -q '^error=' "$OUT/$p.result" || status=1
        done
    done
    exit $status
}

main "$@"
