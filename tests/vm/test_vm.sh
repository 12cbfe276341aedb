#!/bin/bash
# test_vm.sh: the Automake test that runs the suites on the real kernel path:
# the Makefile's VM_SUITES (tests/drm/test_device, the vk/ and gl/ suites, the
# demo's tests/gl/test_demo.sh) inside one QEMU guest (Debian kernel,
# virtio-gpu 3D device) with VIRTGL_TRANSPORT=drm, so they drive the
# virtio_gpu render node.
#
# A check that cannot run in CI must fail CI: this test never returns 77
# (skip). Missing packages, a kernel that cannot be fetched, a guest that does
# not boot, or a suite that skips inside the guest are all errors (99); a
# suite that fails, or the time limit, is a failure.
#
# Environment (make check exports top_builddir and top_srcdir):
#   VIRTGL_VM_TEST_BINARY  program to run in the guest
#                          (default $top_builddir/tests/drm/test_device)
#   VIRTGL_VM_TIMEOUT      limit for the whole VM in seconds (default 600:
#                          guest code runs 10-30x slower under TCG)
#   VIRTGL_VM_ARGS         extra vm-run.sh options, e.g. "-k" or "-e CK_FORK=no"
#   VIRTGL_VM_CACHE        setup.sh's cache (default /var/cache/virtgl-vm)
#   VIRTGL_VM_DISPLAY      X display for QEMU's GL; default: a private Xvfb
#                          (llvmpipe, as in CI), whatever DISPLAY says
#   CK_RUN_SUITE, CK_RUN_CASE, CK_FORK, CK_DEFAULT_TIMEOUT,
#   CK_TIMEOUT_MULTIPLIER  passed on to the suite in the guest
#                          (CK_TIMEOUT_MULTIPLIER defaults to 10 there: check's
#                          4 s per-test limit is for native speed)
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$HERE/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
# The suites to run in one boot: VIRTGL_VM_TEST_BINARY (one program), else
# VIRTGL_VM_SUITES (paths relative to top_builddir; make check passes the
# Makefile's VM_SUITES), else the drm suite.
if [ -n "${VIRTGL_VM_TEST_BINARY:-}" ]; then
    SUITES=("$VIRTGL_VM_TEST_BINARY")
else
    read -r -a SUITES <<<"${VIRTGL_VM_SUITES:-tests/drm/test_device}"
    # programs are built in top_builddir; scripts (tests/gl/test_demo.sh)
    # may be sources, in top_srcdir
    for i in "${!SUITES[@]}"; do
        case ${SUITES[$i]} in
        /*) ;;
        *) if [ -e "$top_builddir/${SUITES[$i]}" ] || [ ! -e "$top_srcdir/${SUITES[$i]}" ]; then
               SUITES[$i]=$top_builddir/${SUITES[$i]}
           else
               SUITES[$i]=$top_srcdir/${SUITES[$i]}
           fi ;;
        esac
    done
fi
TIMEOUT=${VIRTGL_VM_TIMEOUT:-600}

# Automake's exit statuses.
EXIT_FAIL=1 EXIT_ERROR=99

error() { echo "test_vm: ERROR: $*" >&2; exit $EXIT_ERROR; }

# Kernel, initramfs, host packages: cheap when already done (about 1 s).
prepare_vm() {
    echo "test_vm: preparing the VM (tests/vm/setup.sh)"
    "$HERE/setup.sh" || error "tests/vm/setup.sh failed: the VM cannot run, so the drm transport is untested"
}

# A libtool wrapper script (what libtool leaves in place of a program linked
# against uninstalled shared libraries) must run through libtool; a real ELF,
# or any other executable, runs as it is. With LT_INIT([disable-shared]) the
# suites are real ELF files, but a --enable-shared build must work too.
is_libtool_wrapper() {
    head -c 4096 "$1" 2>/dev/null | grep -q 'temporary wrapper script for'
}

COMMAND=("$HERE/run-suites.sh")
# One suite: a libtool wrapper script (what libtool leaves in place of a program
# linked against uninstalled shared libraries) must run through libtool; a real
# ELF runs as it is. With LT_INIT([disable-shared]) the suites are real ELFs.
resolve_one() {
    local bin=$1
    [ -e "$bin" ] || error "$bin does not exist (build it first: make check builds it)"
    [ -x "$bin" ] || error "$bin is not executable"
    if command -v file >/dev/null; then
        echo "test_vm: suite $bin: $(file -b "$bin" | cut -c1-80)"
    fi
    if is_libtool_wrapper "$bin"; then
        [ -x "$top_builddir/libtool" ] || error "$bin is a libtool wrapper and there is no libtool"
        error "$bin is a libtool wrapper: build with --disable-shared (the default)"
    fi
    COMMAND+=("$bin")
}

resolve_binary() {
    local bin
    for bin in "${SUITES[@]}"; do
        resolve_one "$bin"
    done
}

# -e options for the suite: the transport, check's output, the CK_* knobs.
GUEST_ENV=()
guest_env() {
    local v
    # top_builddir/top_srcdir: for the script suites (test_demo.sh finds the
    # build tree's virtgl-demo and vendor JSON there, as under make check)
    GUEST_ENV=(-e VIRTGL_TRANSPORT=drm -e CK_VERBOSITY=normal
               -e "CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-10}"
               -e "top_builddir=$top_builddir" -e "top_srcdir=$top_srcdir")
    for v in CK_RUN_SUITE CK_RUN_CASE CK_FORK CK_DEFAULT_TIMEOUT; do
        [ -z "${!v:-}" ] || GUEST_ENV+=(-e "$v=${!v}")
    done
}

run_in_vm() {
    local rc
    # shellcheck disable=SC2206  # VIRTGL_VM_ARGS is a list of options
    local extra=(${VIRTGL_VM_ARGS:-})
    echo "test_vm: host $(qemu-system-x86_64 --version 2>/dev/null | head -1)"
    echo "test_vm: running ${COMMAND[*]} in the VM (limit ${TIMEOUT} s)"
    echo "------------------------------------------------------------------------"
    # DISPLAY is dropped unless asked for: the host renderer should be
    # llvmpipe on a private Xvfb, as in CI, not a desktop's GPU.
    DISPLAY=${VIRTGL_VM_DISPLAY:-} "$HERE/vm-run.sh" -v -t "$TIMEOUT" \
        "${GUEST_ENV[@]}" ${extra[@]+"${extra[@]}"} -- "${COMMAND[@]}" 2>&1
    rc=$?
    echo "------------------------------------------------------------------------"
    return $rc
}

main() {
    local rc
    resolve_binary
    prepare_vm
    guest_env
    run_in_vm
    rc=$?
    case $rc in
        0)   echo "test_vm: PASS (exit status 0 in the guest)"; exit 0 ;;
        77)  error "the suite skipped inside the VM (exit 77): the drm transport was not tested" ;;
        124) echo "test_vm: FAIL: the VM hit the ${TIMEOUT} s limit"; exit $EXIT_FAIL ;;
        125) error "the VM harness failed (see the serial log above)" ;;
        *)   echo "test_vm: FAIL (exit status $rc in the guest)"; exit $EXIT_FAIL ;;
    esac
}

main "$@"
