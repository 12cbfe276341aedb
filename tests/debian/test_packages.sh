#!/bin/bash
# SPDX-License-Identifier: MIT
# test_packages.sh: builds virtgl's Debian packages from a clean copy of the
# source (this tree's `make dist` tarball as the orig tarball, plus debian/),
# then checks them the way a user meets them:
#   1. dpkg-source -b and dpkg-buildpackage -us -uc -b (-J2: two jobs) in a temporary
#      directory (the build tree gets only `make dist`);
#   2. lintian on the source package and on the binary build: any error fails;
#   3. apt-get install ./*.deb;
#   4. /usr/bin/virtgl-info --selftest and /usr/bin/virtgl-demo with no
#      environment but VIRTGL_TRANSPORT=vtest (virtgl starts a private
#      virgl_test_server), the demo's PNGs decoded and checked;
#   5. the same demo in the VM (tests/vm: Debian's kernel, virtio-gpu-gl-pci,
#      the host's root over 9p, so the guest sees the installed packages) with
#      no environment at all: libglvnd must pick virtgl because a virtio_gpu
#      render node exists, so the demo must say it rendered through drm; and
#      libgbm, asked for a device on the virtio_gpu card, must load the
#      installed backend (libgbm-virtgl0), or Mesa's with VIRTGL_GBM=0;
#   6. apt-get purge; none of the files that dpkg -L listed may remain.
# Root only (it installs packages). It never skips: whatever cannot run is a
# failure (exit 1). It leaves the packages purged, also when it fails.
#
# Environment:
#   top_srcdir, top_builddir  the source tree (default: this script's) and the
#                    configured build tree that `make dist` runs in (default:
#                    the source tree)
#   VIRTGL_DEB_KEEP  non-empty: keep the work directory (the packages, the
#                    logs, lintian's output, the file lists)
#   VIRTGL_VM_*      passed on to tests/vm (cache, kernel, device, ...)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$HERE/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
export DEBIAN_FRONTEND=noninteractive
# apt waits for another apt/dpkg on the machine instead of failing at once
APT=(apt-get -q -y -o DPkg::Lock::Timeout=600)
# the demo's frames: two, so that the rotation shows
FRAMES=2 WIDTH=96 HEIGHT=64
# Debian's python3, the one python3-pil is for (not whatever python3 PATH finds)
PY=/usr/bin/python3

T0=$SECONDS
WORK='' PACKAGES=() INSTALLED=0

say() { echo "test_packages: $*"; }
fail() { echo "test_packages: FAIL: $*" >&2; exit 1; }
step() { say "== $* (at $((SECONDS - T0)) s)"; }

# shellcheck disable=SC2317  # called from the EXIT trap
cleanup() {
    local rc=$?
    if [ "$INSTALLED" = 1 ]; then
        say "removing the packages after a failure"
        "${APT[@]}" purge "${PACKAGES[@]}" >/dev/null 2>&1 || echo "test_packages: apt-get purge failed too" >&2
    fi
    if [ -n "$WORK" ]; then
        if [ -n "${VIRTGL_DEB_KEEP:-}" ] || [ $rc != 0 ]; then
            say "work directory kept: $WORK"
        else
            rm -rf "$WORK"
        fi
    fi
    exit $rc
}

check_prereqs() {
    local c
    [ "$(id -u)" = 0 ] || fail "run as root: the test installs and removes packages"
    for c in dpkg-buildpackage dpkg-source dpkg-parsechangelog dh lintian apt-get make; do
        command -v "$c" >/dev/null ||
            fail "$c not found: apt-get install build-essential debhelper lintian python3-pil"
    done
    "$PY" -c 'import PIL' 2>/dev/null || fail "python3 cannot import PIL: apt-get install python3-pil"
    [ -d "$top_srcdir/debian" ] || fail "$top_srcdir/debian is missing"
    [ -f "$top_builddir/Makefile" ] || fail "$top_builddir is not configured: run ./configure && make first"
    for c in libegl-virtgl0 libgbm-virtgl0 virtgl-tools; do
        if dpkg-query -W -f='${db:Status-Status}' "$c" 2>/dev/null | grep -qv '^not-installed$'; then
            fail "$c is already installed: purge it first (apt-get purge $c)"
        fi
    done
}

# 1. The clean copy: the dist tarball is the orig tarball; debian/ is added.
build() {
    local version upstream tarball src
    version=$(dpkg-parsechangelog -l "$top_srcdir/debian/changelog" -S Version)
    upstream=${version%-*}
    step "make dist (virtgl $upstream)"
    make -C "$top_builddir" dist >"$WORK/dist.log" 2>&1 || { tail -30 "$WORK/dist.log"; fail "make dist failed"; }
    tarball=$top_builddir/virtgl-$upstream.tar.gz
    [ -f "$tarball" ] || fail "make dist made no $tarball: debian/changelog says $version, configure.ac another version?"
    cp "$tarball" "$WORK/virtgl_$upstream.orig.tar.gz"
    tar -xzf "$WORK/virtgl_$upstream.orig.tar.gz" -C "$WORK"
    src=$WORK/virtgl-$upstream
    [ ! -e "$src/debian" ] || fail "the dist tarball has a debian/ of its own"
    cp -a "$top_srcdir/debian" "$src/debian"
    step "dpkg-source -b (the source package, for lintian)"
    (cd "$WORK" && dpkg-source -b "virtgl-$upstream") >"$WORK/source.log" 2>&1 ||
        { cat "$WORK/source.log"; fail "dpkg-source -b failed"; }
    step "dpkg-buildpackage -us -uc -b -J2"
    local t=$SECONDS
    (cd "$src" && dpkg-buildpackage -us -uc -b -J2) >"$WORK/build.log" 2>&1 ||
        { tail -80 "$WORK/build.log"; fail "dpkg-buildpackage failed (log: $WORK/build.log)"; }
    say "built in $((SECONDS - t)) s:"
    (cd "$WORK" && ls -l ./*.deb)
    DSC=$WORK/virtgl_$version.dsc
    CHANGES=$(ls "$WORK"/virtgl_"$version"_*.changes)
}

# 2. lintian: errors fail; warnings and the rest are printed for the reader.
lint() {
    step "lintian (source and binary packages)"
    local rc=0
    lintian --fail-on error --display-info "$DSC" "$CHANGES" >"$WORK/lintian.txt" 2>&1 || rc=$?
    sed 's/^/    /' "$WORK/lintian.txt"
    [ -s "$WORK/lintian.txt" ] || say "lintian: no tags"
    [ $rc = 0 ] || fail "lintian reported errors (exit status $rc)"
}

# 3. apt-get install ./*.deb, and what each package holds.
install_packages() {
    local deb
    for deb in "$WORK"/*.deb; do
        PACKAGES+=("$(dpkg-deb -f "$deb" Package)")
        say "contents of $(basename "$deb"):"
        dpkg-deb -c "$deb" | sed 's/^/    /'
    done
    step "apt-get install ./*.deb (${PACKAGES[*]})"
    INSTALLED=1
    (cd "$WORK" && "${APT[@]}" install ./*.deb) >"$WORK/install.log" 2>&1 ||
        { cat "$WORK/install.log"; fail "apt-get install ./*.deb failed"; }
    for deb in "${PACKAGES[@]}"; do
        dpkg -L "$deb" >"$WORK/$deb.list"
    done
    [ -f /usr/share/glvnd/egl_vendor.d/10_virtgl.json ] || fail "no vendor file in /usr/share/glvnd/egl_vendor.d"
    check_gbm_backend_file
}

# The GBM backend where libgbm looks (gbm.pc's gbmbackendspath), exporting
# nothing but its entry point.
check_gbm_backend_file() {
    local dir so exports
    dir=$(pkg-config --variable=gbmbackendspath gbm)
    so=$dir/virtio_gpu_gbm.so
    [ -f "$so" ] || fail "no $so (libgbm-virtgl0)"
    exports=$(nm -D --defined-only "$so" | awk '{ print $3 }' | sort | tr '\n' ' ')
    [ "$exports" = "gbmint_get_backend " ] || fail "$so exports: $exports(only gbmint_get_backend)"
    say "GBM backend: $so, exports $exports"
}

# The demo's frames: PNG, RGBA, the asked size, a cube (several colours, the
# middle unlike the corner), and the frames differ (it rotates).
check_frames() {
    "$PY" - "$1" "$WIDTH" "$HEIGHT" "$FRAMES" <<'PY'
import sys
from PIL import Image

folder, width, height, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
seen = []
for n in range(count):
    name = '%s/frame-%04d.png' % (folder, n)
    with Image.open(name) as im:
        if im.format != 'PNG' or im.mode != 'RGBA' or im.size != (width, height):
            sys.exit('%s: %s %s %s, not PNG RGBA %dx%d' % (name, im.format, im.mode, im.size, width, height))
        im.load()
        colours = im.getcolors(width * height)
        if len(colours) < 4:
            sys.exit('%s: %d colours, not a lit cube' % (name, len(colours)))
        if im.getpixel((width // 2, height // 2)) == im.getpixel((0, 0)):
            sys.exit('%s: the middle is the background colour: no cube' % name)
        print('test_packages: %s: PNG RGBA %dx%d, %d colours' % (name, width, height, len(colours)))
        seen.append(im.tobytes())
if len(set(seen)) != len(seen):
    sys.exit('%s: identical frames: the cube did not rotate' % folder)
PY
}

# The demo's first line names the renderer: "virtgl ... (TRANSPORT)".
check_demo_log() {
    local log=$1 transport=$2
    sed 's/^/    /' "$log"
    grep -q "^virtgl-demo: OpenGL ES .* ($transport)); " "$log" ||
        fail "virtgl-demo did not render on virtgl through $transport (see above)"
}

# 4. The installed tools, with nothing in the environment but the transport.
run_vtest() {
    step "virtgl-info --selftest and virtgl-demo from /usr/bin, env: VIRTGL_TRANSPORT=vtest only"
    (cd "$WORK" && env -i VIRTGL_TRANSPORT=vtest /usr/bin/virtgl-info --selftest) >"$WORK/info.log" 2>&1 ||
        { cat "$WORK/info.log"; fail "virtgl-info --selftest failed"; }
    sed -n '1,4p;/^selftest:/p' "$WORK/info.log" | sed 's/^/    /'
    grep -q '^transport: *vtest' "$WORK/info.log" || fail "virtgl-info did not use vtest"
    grep -q '^selftest: .* -> PASS$' "$WORK/info.log" || fail "virtgl-info's self-test did not pass"
    (cd "$WORK" && env -i VIRTGL_TRANSPORT=vtest /usr/bin/virtgl-demo -o "$WORK/frames-vtest" \
        -n $FRAMES -s "${WIDTH}x$HEIGHT") >"$WORK/demo-vtest.log" 2>&1 ||
        { cat "$WORK/demo-vtest.log"; fail "virtgl-demo failed on vtest"; }
    check_demo_log "$WORK/demo-vtest.log" vtest
    check_frames "$WORK/frames-vtest" || fail "the vtest frames are wrong"
}

# 5. In the VM: no environment at all; the render node must make libglvnd
# (through 10_virtgl.json) pick virtgl, on drm.
run_vm() {
    local rc=0
    step "the VM: tests/vm/setup.sh"
    "$top_srcdir/tests/vm/setup.sh" >"$WORK/vm-setup.log" 2>&1 ||
        { tail -30 "$WORK/vm-setup.log"; fail "tests/vm/setup.sh failed: the VM cannot run"; }
    step "the VM: /usr/bin/virtgl-demo with an empty environment (vm-run.sh -i)"
    mkdir "$WORK/vm"
    DISPLAY=${VIRTGL_VM_DISPLAY:-} "$top_srcdir/tests/vm/vm-run.sh" -v -t 300 -i -w "$WORK/vm" -- \
        /usr/bin/virtgl-demo -o "$WORK/vm/frames" -n $FRAMES -s "${WIDTH}x$HEIGHT" \
        >"$WORK/demo-vm.log" 2>&1 || rc=$?
    if [ $rc != 0 ]; then
        cat "$WORK/demo-vm.log"
        case $rc in
            124) fail "the VM hit its time limit" ;;
            125) fail "the VM harness failed (see the serial log above)" ;;
            *) fail "virtgl-demo failed in the VM (exit status $rc)" ;;
        esac
    fi
    check_demo_log "$WORK/demo-vm.log" drm
    check_frames "$WORK/vm/frames" || fail "the VM's frames are wrong"
    run_vm_gbm
}

# libgbm on the virtio_gpu card (found by driver name), through Python's
# ctypes so that nothing needs building: prints the backend's name.
GBM_NAME_PY='
import ctypes, glob, os
class Version(ctypes.Structure):
    _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
                ("name_len", ctypes.c_int), ("name", ctypes.c_char_p)]
drm = ctypes.CDLL("libdrm.so.2")
drm.drmGetVersion.restype = ctypes.POINTER(Version)
drm.drmGetVersion.argtypes = [ctypes.c_int]
def driver(fd):
    v = drm.drmGetVersion(fd)
    return v.contents.name.decode() if v else ""
fds = [os.open(c, os.O_RDWR) for c in sorted(glob.glob("/dev/dri/card*"))]
fd = [f for f in fds if driver(f) == "virtio_gpu"][0]
gbm = ctypes.CDLL("libgbm.so.1")
gbm.gbm_create_device.restype = ctypes.c_void_p
gbm.gbm_create_device.argtypes = [ctypes.c_int]
gbm.gbm_device_get_backend_name.restype = ctypes.c_char_p
gbm.gbm_device_get_backend_name.argtypes = [ctypes.c_void_p]
gbm.gbm_device_destroy.argtypes = [ctypes.c_void_p]
dev = gbm.gbm_create_device(fd)
print("gbm backend:", gbm.gbm_device_get_backend_name(dev).decode() if dev else "none")
gbm.gbm_device_destroy(dev)
'

# The installed backend takes the card with an empty environment; with
# VIRTGL_GBM=0 libgbm goes on to Mesa's ("drm").
run_vm_gbm() {
    local rc=0
    step "the VM: libgbm on the virtio_gpu card, empty environment, then VIRTGL_GBM=0"
    DISPLAY=${VIRTGL_VM_DISPLAY:-} "$top_srcdir/tests/vm/vm-run.sh" -t 300 -i -- \
        /bin/sh -c '"$0" -c "$1" && VIRTGL_GBM=0 "$0" -c "$1"' "$PY" "$GBM_NAME_PY" \
        >"$WORK/gbm-vm.log" 2>&1 || rc=$?
    sed 's/^/    /' "$WORK/gbm-vm.log"
    [ $rc = 0 ] || fail "libgbm in the VM failed (exit status $rc)"
    [ "$(grep '^gbm backend:' "$WORK/gbm-vm.log" | tr '\n' ' ')" = "gbm backend: virtgl gbm backend: drm " ] ||
        fail "libgbm did not pick virtgl's backend (and Mesa's with VIRTGL_GBM=0)"
}

# 6. apt-get purge; every file and link dpkg -L listed must be gone, and a
# directory may stay only if another package owns it.
purge() {
    local pkg path left=0 paths=0
    step "apt-get purge ${PACKAGES[*]}"
    "${APT[@]}" purge "${PACKAGES[@]}" >"$WORK/purge.log" 2>&1 ||
        { cat "$WORK/purge.log"; fail "apt-get purge failed"; }
    INSTALLED=0
    for pkg in "${PACKAGES[@]}"; do
        if dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null | grep -qv '^not-installed$'; then
            echo "test_packages: $pkg is still known to dpkg: $(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg")" >&2
            left=1
        fi
        while IFS= read -r path; do
            case $path in /.|'') continue ;; esac
            paths=$((paths + 1))
            if [ -d "$path" ] && [ ! -L "$path" ]; then
                dpkg-query -S "$path" >/dev/null 2>&1 && continue
                echo "test_packages: left behind: directory $path (of $pkg)" >&2
                left=1
            elif [ -e "$path" ] || [ -L "$path" ]; then
                echo "test_packages: left behind: $path (of $pkg)" >&2
                left=1
            fi
        done <"$WORK/$pkg.list"
    done
    if ldconfig -p | grep -q libEGL_virtgl; then
        echo "test_packages: left behind: libEGL_virtgl in the ldconfig cache" >&2
        left=1
    fi
    [ $left = 0 ] || fail "the packages left files behind"
    say "purged: none of the $paths paths dpkg -L listed is left (but directories other packages own)"
}

main() {
    check_prereqs
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    WORK=$(mktemp -d /tmp/virtgl-deb.XXXXXX)
    build
    lint
    install_packages
    run_vtest
    run_vm
    purge
    say "PASS in $((SECONDS - T0)) s"
}

main "$@"
