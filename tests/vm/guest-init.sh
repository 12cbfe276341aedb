#!/bin/busybox sh
# /init of the virtgl test VM (PID 1, busybox sh; built in by mkinitramfs.sh).
#
# 1. loads the modules listed in /mods/order (virtio, 9p, overlay, virtio-gpu,
#    vgem) and waits for the virtio-gpu render node: a run without /dev/dri
#    would test nothing, so that is a harness failure;
# 2. mounts the host's root (9p tag "hostroot", read-only) with a tmpfs overlay
#    on top at /newroot: host-built binaries and their shared libraries run
#    unchanged, and writes succeed but stay in guest RAM;
# 3. mounts the job directory (tag "job") and the -w directories (tags w0..w7)
#    at the paths the host uses (vm.job= / vm.wN= on the kernel command line);
# 4. runs $JOB/cmd.sh (written by vm-run.sh) chrooted into /newroot, with
#    stdout, stderr and the exit status going to $JOB/{stdout,stderr,rc};
# 5. powers off (QEMU runs with -no-reboot, so that ends QEMU).
#
# Lines starting with "VM-" on the serial console are markers that vm-run.sh
# reads: VM-INIT, VM-KERNEL, VM-START, VM-END (with guest uptimes), VM-WARN,
# VM-FAIL.

NINEP_OPTS=trans=virtio,version=9p2000.L,msize=512000

uptime_s() { cut -d' ' -f1 /proc/uptime; }

# Any failure before the program runs: show why, then power off without an
# rc file, which vm-run.sh reports as a harness failure (125).
fail() {
    echo "VM-FAIL $*"
    dmesg | tail -30
    poweroff -f
    sleep 10
}

setup_early() {
    /bin/busybox --install -s /bin
    export PATH=/bin
    mount -t proc proc /proc
    mount -t sysfs sys /sys
    mount -t devtmpfs dev /dev
    echo "VM-INIT $(uptime_s)"
    echo "VM-KERNEL $(uname -r)"
}

parse_cmdline() {
    JOB='' SHELL_MODE='' WMOUNTS=''
    for arg in $(cat /proc/cmdline); do
        case "$arg" in
            vm.job=*) JOB=${arg#vm.job=} ;;
            vm.shell=1) SHELL_MODE=1 ;;
            vm.w[0-9]=*) WMOUNTS="$WMOUNTS ${arg#vm.}" ;;
        esac
    done
}

load_modules() {
    for m in $(cat /mods/order); do
        insmod "/mods/$m.ko" 2>/tmp/insmod.err ||
            echo "VM-WARN insmod $m: $(cat /tmp/insmod.err)"
    done
}

# The PCI probe normally finishes inside insmod, but devtmpfs nodes may
# appear a moment later; allow up to 5 s before calling it a failure.
wait_for_render_node() {
    i=0
    while [ $i -lt 50 ]; do
        for n in /dev/dri/renderD*; do
            [ -e "$n" ] && return 0
        done
        sleep 0.1
        i=$((i + 1))
    done
    fail "no /dev/dri/renderD* (virtio-gpu did not probe; is the device virtio-gpu-gl?)"
}

mount_root() {
    mkdir -p /ro /rw /newroot
    # cache=loose: the host root does not change during a run (each run is a
    # fresh boot), and caching makes loading binaries and libraries cheaper.
    mount -t 9p -o $NINEP_OPTS,cache=loose,ro hostroot /ro || fail "mount hostroot"
    mount -t tmpfs -o mode=0755 rw /rw && mkdir -p /rw/u /rw/w
    if ! mount -t overlay overlay -o lowerdir=/ro,upperdir=/rw/u,workdir=/rw/w /newroot 2>/tmp/ovl.err; then
        echo "VM-WARN overlay failed ($(cat /tmp/ovl.err)); the root stays read-only"
        mount --bind /ro /newroot || fail "bind the host root"
    fi
    mount -t proc proc /newroot/proc
    mount -t sysfs sys /newroot/sys
    mount -t devtmpfs dev /newroot/dev
    mkdir -p /newroot/dev/pts /newroot/dev/shm 2>/dev/null
    mount -t devpts devpts /newroot/dev/pts 2>/dev/null
    mount -t tmpfs shm /newroot/dev/shm 2>/dev/null
    # /tmp is deliberately left as the overlay: a fresh tmpfs would hide the
    # host's /tmp, where the program or the job directory may live.
}

# cache=none for everything the host reads back: writes reach the host at
# once and survive a timeout or a crash of the guest.
mount_writable() {  # TAG PATH
    mkdir -p "/newroot$2" 2>/dev/null
    mount -t 9p -o $NINEP_OPTS,cache=none "$1" "/newroot$2"
}

mount_extra_dirs() {
    for w in $WMOUNTS; do
        mount_writable "${w%%=*}" "${w#*=}" || echo "VM-WARN cannot mount ${w#*=} writable"
    done
}

mount_job_dir() {
    [ -n "$JOB" ] || fail "no vm.job= on the kernel command line"
    mount_writable job "$JOB" || fail "mount the job directory $JOB"
    [ -f "/newroot$JOB/cmd.sh" ] || fail "no $JOB/cmd.sh"
    uname -r >"/newroot$JOB/kernel"
}

run_shell() {
    echo "VM-SHELL: a shell chrooted into the host's filesystem (exit to power off)"
    sh_=/bin/sh
    [ -x /newroot/bin/bash ] && sh_=/bin/bash
    setsid cttyhack chroot /newroot $sh_
}

run_job() {
    echo "VM-START $(uptime_s)"
    chroot /newroot /bin/sh "$JOB/cmd.sh" </dev/null \
        >"/newroot$JOB/stdout" 2>"/newroot$JOB/stderr"
    rc=$?
    echo "$rc" >"/newroot$JOB/rc"
    echo "VM-END rc=$rc $(uptime_s)"
}

setup_early
parse_cmdline
load_modules
wait_for_render_node
mount_root
mount_extra_dirs
if [ -n "$SHELL_MODE" ]; then
    run_shell
else
    mount_job_dir
    run_job
fi
sync
poweroff -f
sleep 10
