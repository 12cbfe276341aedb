#!/bin/bash
# mkinitramfs.sh KROOT KVER OUT
#
# Builds the initramfs of the virtgl test VM: a static busybox, the kernel
# modules the guest needs (in load order) and guest-init.sh as /init.
#
#   KROOT  where the linux-image .deb was unpacked (dpkg -x); must contain
#          lib/modules/KVER (depmod is run here if modules.dep is missing)
#   KVER   the kernel release, e.g. 6.1.0-56-amd64
#   OUT    the gzip'ed newc cpio to write (written to OUT.tmp, then renamed,
#          so a VM starting meanwhile never sees half a file)
#
# Environment: BUSYBOX (default /bin/busybox, from busybox-static).
set -euo pipefail
export LC_ALL=C PATH=$PATH:/usr/sbin:/sbin

HERE=$(cd "$(dirname "$0")" && pwd)
BUSYBOX=${BUSYBOX:-/bin/busybox}

# The modules the guest loads explicitly; their dependencies are added ahead of
# them. The Debian kernel builds all of these as modules, not built-ins.
#   virtio_pci          the PCI transport for every virtio device below
#   9pnet_virtio, 9p    the host's root and the job directories (virtio-9p)
#   overlay             a tmpfs layer over the read-only host root
#   virtio-gpu          the DRM driver under test (/dev/dri/renderD128)
#   vgem                a second, foreign render node: a source of fences from
#                       another driver, for FENCE_FD_IN tests
WANT_MODULES="virtio_pci 9pnet_virtio 9p overlay virtio-gpu vgem"

die() { echo "mkinitramfs: $*" >&2; exit 1; }

# A dynamically linked busybox cannot run before the host root is mounted.
check_busybox() {
    [ -x "$BUSYBOX" ] || die "no $BUSYBOX (apt-get install busybox-static)"
    if ldd "$BUSYBOX" >/dev/null 2>&1; then
        die "$BUSYBOX is dynamically linked (apt-get install busybox-static)"
    fi
}

# modinfo against the unpacked tree, not the running kernel.
kmodinfo() { modinfo -b "$KROOT" -k "$KVER" "$@"; }

# Depth-first walk over 'depends:' so each module follows its dependencies.
# Fills the global array ORDER; SEEN guards against repeats (names are
# normalised to underscores, as the kernel does).
declare -a ORDER=()
declare -A SEEN=()
add_module() {
    local name=$1 key=${1//-/_} deps dep
    [ -z "${SEEN[$key]:-}" ] || return 0
    SEEN[$key]=1
    deps=$(kmodinfo -F depends "$name") || die "module $name not found for $KVER"
    for dep in ${deps//,/ }; do add_module "$dep"; done
    ORDER+=("$name")
}

# Copies module NAME into DIR as plain BASENAME.ko (busybox insmod does not
# decompress) and prints BASENAME.
copy_module() {
    local name=$1 dir=$2 file base
    file=$(kmodinfo -n "$name")
    base=$(basename "$file"); base=${base%%.ko*}
    case "$file" in
        *.ko)     cp "$file" "$dir/$base.ko" ;;
        *.ko.xz)  xz -dc "$file" >"$dir/$base.ko" ;;
        *.ko.zst) zstd -qdc "$file" >"$dir/$base.ko" ;;
        *.ko.gz)  gzip -dc "$file" >"$dir/$base.ko" ;;
        *) die "unknown module file type: $file" ;;
    esac
    echo "$base"
}

build_tree() {
    local tree=$1 m
    mkdir -p "$tree"/{bin,dev,proc,sys,tmp,mods,ro,rw,newroot}
    cp "$BUSYBOX" "$tree/bin/busybox"
    for m in "${ORDER[@]}"; do copy_module "$m" "$tree/mods"; done >"$tree/mods/order"
    install -m 0755 "$HERE/guest-init.sh" "$tree/init"
    # The kernel opens /dev/console for init before anything mounts devtmpfs;
    # without the node, /init runs with no stdout (mknod needs root: the
    # kernel falls back to its own devtmpfs mount when it is missing).
    mknod -m 600 "$tree/dev/console" c 5 1 2>/dev/null || true
}

main() {
    [ $# -eq 3 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
    KROOT=$1 KVER=$2
    local out=$3
    check_busybox
    [ -d "$KROOT/lib/modules/$KVER" ] || die "no $KROOT/lib/modules/$KVER"
    [ -f "$KROOT/lib/modules/$KVER/modules.dep" ] || depmod -b "$KROOT" "$KVER"

    local m
    for m in $WANT_MODULES; do add_module "$m"; done

    TREE=$(mktemp -d)
    trap 'rm -rf "$TREE"' EXIT
    build_tree "$TREE"
    (cd "$TREE" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 >"$out.tmp"
    mv -f "$out.tmp" "$out"
    echo "mkinitramfs: $out for $KVER, modules: $(tr '\n' ' ' <"$TREE/mods/order")"
}

main "$@"
