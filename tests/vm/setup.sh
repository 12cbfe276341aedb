#!/bin/bash
# setup.sh [CACHEDIR]: prepares what vm-run.sh boots, on Debian 12 amd64.
#
# CACHEDIR (default $VIRTGL_VM_CACHE, else /var/cache/virtgl-vm; outside the
# source tree so that rebuilt or fresh clones on one machine share it) ends up
# holding:
#   KVER            the kernel release of the files below
#   vmlinux         the uncompressed kernel (ELF with a PVH note), booted directly
#   vmlinuz         the Debian kernel as shipped (fallback if no vmlinux)
#   initramfs.gz    busybox + modules + guest-init.sh (mkinitramfs.sh)
#   initramfs.stamp what the initramfs was built from (vm-run.sh compares it)
#   kernel/KVER/    the unpacked linux-image .deb (modules for mkinitramfs.sh)
#   lock            flock(1) lock: setup.sh exclusive, vm-run.sh shared
#
# Idempotent: a second run only checks (about a second). Steps:
#   1. as root, apt-get install the host packages that are missing;
#   2. resolve the kernel package linux-image-amd64 depends on now (the ABI in
#      the name changes with security updates, and debian-security drops the
#      old one, so the name is never hard-coded); download and unpack it when
#      it differs from the cached one. When it cannot be resolved or fetched,
#      a cached kernel is kept (with a warning); with none, setup fails;
#   3. extract vmlinux from vmlinuz;
#   4. rebuild the initramfs when the kernel, guest-init.sh or mkinitramfs.sh
#      changed.
#
# Environment:
#   VIRTGL_VM_CACHE       the cache directory (CACHEDIR wins)
#   VIRTGL_VM_KERNEL_PKG  pin the kernel package, e.g. linux-image-6.1.0-56-amd64
# Exit status: 0 ready; 1 not ready (the message says why).
set -euo pipefail
export LC_ALL=C DEBIAN_FRONTEND=noninteractive PATH=$PATH:/usr/sbin:/sbin

HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${1:-${VIRTGL_VM_CACHE:-/var/cache/virtgl-vm}}

# Host packages (what each is for):
#   qemu-system-x86   qemu-system-x86_64 with virtio-gpu-gl-pci (virglrenderer)
#   qemu-system-gui   QEMU's SDL display module: virgl needs a GL display
#   xvfb              an X server for that display when there is none
#   libgl1-mesa-dri   llvmpipe, the GL that Xvfb (so virglrenderer) renders with
#   busybox-static    the guest's /init shell and tools
#   cpio, kmod        packing the initramfs; depmod/modinfo on the unpacked kernel
#   xz-utils          extracting vmlinux from the XZ-compressed vmlinuz
PACKAGES="qemu-system-x86 qemu-system-gui xvfb libgl1-mesa-dri busybox-static cpio kmod xz-utils"

T0=$EPOCHREALTIME
elapsed() { awk -v a="$EPOCHREALTIME" -v b="$T0" 'BEGIN { printf "%.1f", a - b }'; }
log() { echo "setup: $*"; }
warn() { echo "setup: warning: $*" >&2; }
die() { echo "setup: error: $*" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }

# --- locking -----------------------------------------------------------------

# Two setups at once (parallel make check, two CI jobs on one machine) would
# unpack over each other; vm-run.sh takes the same lock shared so the kernel
# and initramfs are not swapped under a booting VM.
take_lock() {
    mkdir -p "$CACHE" 2>/dev/null || die "cannot create $CACHE (run once as root, or set VIRTGL_VM_CACHE to a writable directory)"
    CACHE=$(cd "$CACHE" && pwd -P)
    # flock works on a read-only descriptor, so a cache prepared by root can
    # still be checked (and used) by other users.
    touch "$CACHE/lock" 2>/dev/null || true
    exec 9<"$CACHE/lock" || die "cannot open $CACHE/lock"
    if ! flock -n 9; then
        log "waiting for another setup.sh or a running VM ($CACHE/lock)"
        flock -w 900 9 || die "timed out waiting for $CACHE/lock"
    fi
}

cache_writable() { [ -w "$CACHE" ]; }

# --- 1. host packages --------------------------------------------------------

missing_packages() {
    local p
    for p in $PACKAGES; do
        dpkg-query -W -f='${db:Status-Status}\n' "$p" 2>/dev/null | grep -qx installed || echo "$p"
    done
}

ensure_packages() {
    local missing
    missing=$(missing_packages | tr '\n' ' ')
    missing=${missing% }
    [ -n "$missing" ] || return 0
    is_root || die "missing packages: $missing (as root: apt-get install --no-install-recommends $missing)"
    log "installing $missing"
    apt-get update -qq || warn "apt-get update failed; trying the install anyway"
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
        die "apt-get install $missing failed"
    log "packages installed ($(elapsed) s)"
}

# --- 2. the kernel -----------------------------------------------------------

# Prints the linux-image-<ABI>-amd64 that the metapackage depends on.
resolve_kernel_pkg() {
    apt-cache depends linux-image-amd64 2>/dev/null |
        sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' | head -1
}

cached_kver() { cat "$CACHE/KVER" 2>/dev/null || true; }

have_cached_kernel() {
    local kver
    kver=$(cached_kver)
    [ -n "$kver" ] && [ -d "$CACHE/kernel/$kver/lib/modules/$kver" ] &&
        [ -s "$CACHE/vmlinuz" ] && [ -s "$CACHE/vmlinux" ]
}

# Refreshing the lists helps when they are missing or name a version the
# mirror no longer has; it needs root.
refresh_lists() {
    is_root || return 1
    log "apt-get update"
    apt-get update -qq >/dev/null 2>&1
}

# Downloads PKG into DIR (apt-get checks it against the signed lists).
download_pkg() {
    (cd "$2" && apt-get download -q -o Acquire::Retries=3 "$1") >"$2/apt.log" 2>&1
}

# Downloads the kernel package into DIR; FETCHED is set to the package
# actually fetched. When the lists name an ABI the mirror has already
# dropped, the lists are refreshed (as root) and the name resolved again, once.
FETCHED=''
fetch_kernel_deb() {
    local pkg=$1 dir=$2
    if ! download_pkg "$pkg" "$dir"; then
        if refresh_lists; then
            pkg=${VIRTGL_VM_KERNEL_PKG:-$(resolve_kernel_pkg)}
        fi
        if [ -z "$pkg" ] || ! download_pkg "$pkg" "$dir"; then
            sed 's/^/  apt: /' "$dir/apt.log" >&2
            return 1
        fi
    fi
    FETCHED=$pkg
}

# Unpacks PKG as kernel/KVER and makes it current. Work happens in *.tmp
# paths; the renames at the end are all a concurrent reader can see.
# (Called from an 'if', where set -e is off: every step checks itself.)
install_kernel() {
    local pkg kver dl=$CACHE/dl.tmp kdir
    rm -rf "$dl" && mkdir -p "$dl" "$CACHE/kernel" || return 1
    log "downloading $1"
    fetch_kernel_deb "$1" "$dl" || { rm -rf "$dl"; return 1; }
    pkg=$FETCHED
    kver=${pkg#linux-image-}
    kdir=$CACHE/kernel/$kver
    rm -rf "$kdir.tmp"
    dpkg -x "$dl/${pkg}_"*.deb "$kdir.tmp" || { rm -rf "$dl" "$kdir.tmp"; return 1; }
    rm -rf "$dl"                      # the ~70 MB .deb is not needed any more
    [ -f "$kdir.tmp/boot/vmlinuz-$kver" ] || { warn "$pkg has no boot/vmlinuz-$kver"; rm -rf "$kdir.tmp"; return 1; }
    depmod -b "$kdir.tmp" "$kver" || { rm -rf "$kdir.tmp"; return 1; }
    rm -rf "$kdir" && mv "$kdir.tmp" "$kdir" || return 1
    extract_vmlinux "$kdir/boot/vmlinuz-$kver" || return 1
    echo "$kver" >"$CACHE/KVER.tmp" && mv -f "$CACHE/KVER.tmp" "$CACHE/KVER" || return 1
    remove_old_kernels "$kver"
    log "kernel $kver unpacked ($(elapsed) s)"
}

remove_old_kernels() {
    local d
    for d in "$CACHE"/kernel/*; do
        [ "${d##*/}" = "$1" ] || rm -rf "$d"
    done
}

# --- 3. vmlinux --------------------------------------------------------------

# The Debian vmlinuz is a bzImage whose payload is one XZ stream holding the
# vmlinux ELF. That ELF has a Xen/PVH entry note, so QEMU's -kernel boots it
# directly and skips the 4-6 s the guest would spend decompressing under TCG.
extract_vmlinux() {
    local vmlinuz=$1 off
    cp "$vmlinuz" "$CACHE/vmlinuz.tmp" && mv -f "$CACHE/vmlinuz.tmp" "$CACHE/vmlinuz" || return 1
    off=$(grep -obUaP '\xfd7zXZ\x00' "$vmlinuz" | head -1 | cut -d: -f1 || true)
    rm -f "$CACHE/vmlinux.tmp"
    if [ -n "$off" ]; then
        # xz stops at the end of the stream and tail then dies of SIGPIPE:
        # the pipeline's status means nothing, the result is checked instead.
        tail -c +$((off + 1)) "$vmlinuz" | xz -dc --single-stream >"$CACHE/vmlinux.tmp" 2>/dev/null || true
    fi
    if [ -s "$CACHE/vmlinux.tmp" ] && has_pvh_note "$CACHE/vmlinux.tmp"; then
        mv -f "$CACHE/vmlinux.tmp" "$CACHE/vmlinux"
    else
        rm -f "$CACHE/vmlinux.tmp"
        warn "no PVH vmlinux in $vmlinuz; booting vmlinuz (about 5 s slower)"
        cp "$vmlinuz" "$CACHE/vmlinux.tmp" && mv -f "$CACHE/vmlinux.tmp" "$CACHE/vmlinux"
    fi
}

has_pvh_note() {
    # Not 'readelf | grep -q': grep exiting early would SIGPIPE readelf.
    command -v readelf >/dev/null || { head -c 4 "$1" | grep -q ELF; return; }
    readelf -n "$1" 2>/dev/null | grep Xen >/dev/null
}

ensure_kernel() {
    local pkg cached
    cached=$(cached_kver)
    pkg=${VIRTGL_VM_KERNEL_PKG:-$(resolve_kernel_pkg)}
    if [ -z "$pkg" ] && refresh_lists; then pkg=$(resolve_kernel_pkg); fi
    if [ -z "$pkg" ]; then
        have_cached_kernel || die "cannot resolve the kernel package (apt-cache depends linux-image-amd64 names none; run apt-get update as root)"
        warn "cannot resolve the kernel package; keeping the cached $cached"
        return 0
    fi
    if [ "linux-image-$cached" = "$pkg" ] && have_cached_kernel; then
        log "kernel $cached (cached)"
        return 0
    fi
    if ! cache_writable; then
        have_cached_kernel || die "$CACHE is not writable and holds no kernel (run setup.sh as root once)"
        warn "$pkg is current, but $CACHE is not writable; keeping the cached $cached"
        return 0
    fi
    if ! install_kernel "$pkg"; then
        have_cached_kernel || die "cannot download or unpack $pkg (network? mirror?) and no kernel is cached"
        warn "cannot download or unpack $pkg; keeping the cached $cached"
    fi
}

# --- 4. the initramfs --------------------------------------------------------

# What the initramfs is built from; vm-run.sh computes the same line to tell
# a stale initramfs. Keep the two in step.
initramfs_stamp() {
    echo "$(cached_kver) $(cat "$HERE/guest-init.sh" "$HERE/mkinitramfs.sh" | sha256sum | cut -c1-16)"
}

ensure_initramfs() {
    local stamp kver
    kver=$(cached_kver)
    stamp=$(initramfs_stamp)
    if [ -s "$CACHE/initramfs.gz" ] && [ "$(cat "$CACHE/initramfs.stamp" 2>/dev/null)" = "$stamp" ]; then
        log "initramfs up to date"
        return 0
    fi
    if ! cache_writable; then
        [ -s "$CACHE/initramfs.gz" ] || die "$CACHE is not writable and holds no initramfs"
        warn "the initramfs is stale (guest-init.sh or mkinitramfs.sh changed), but $CACHE is not writable"
        return 0
    fi
    "$HERE/mkinitramfs.sh" "$CACHE/kernel/$kver" "$kver" "$CACHE/initramfs.gz" ||
        die "building the initramfs failed"
    echo "$stamp" >"$CACHE/initramfs.stamp"
}

main() {
    take_lock
    ensure_packages
    ensure_kernel
    ensure_initramfs
    log "ready in $(elapsed) s: $CACHE (kernel $(cached_kver))"
}

main
