#!/bin/bash
# tests/conformance/deqp/gpu-host.sh: dEQP case lists on virtgl and on Mesa's
# virgl (virpipe) on a machine with an NVIDIA GPU and no Debian packages (the
# project's device machine), both against Debian 12's virgl_test_server
# rendering with NVIDIA's EGL, split into parallel parts so that whole lists
# fit in minutes.
#
#   gpu-host.sh bundle
#       here, from the build tree after make, with VIRTGL_DEQP set to a dEQP
#       tarball: bench/gpu-host/bundle.sh's bundle (SRC/.gpuhost: the server,
#       Mesa, virtgl's EGL library) and SRC/.gpuhost-deqp (deqp-gles2/-gles3
#       and the two libraries they need); both travel to the GPU machine
#       (the device tool's carry: .gpuhost and .gpuhost-deqp, under 64 MiB).
#       gles31 runs with VIRTGL_ES_UPGRADE=1 (3.1 requests get 3.2, as on Mesa).
#   gpu-host.sh run DRIVER MODULE LIST [PARTS]
#       on the GPU machine, from the source root: LIST on DRIVER (virtgl or
#       virpipe) in PARTS parallel parts (default: the number of CPUs less 2).
#       Results: $OUT/MODULE-NAME-DRIVER.tsv (NAME: LIST's file name), the
#       renderer dEQP saw in $OUT/MODULE-NAME-DRIVER.renderer; dEQP's logs stay
#       in /opt/virtgl-deqp-work.
set -euo pipefail
src=$(cd "$(dirname "$0")/../../.." && pwd)
b=$src/.gpuhost
d=$src/.gpuhost-deqp   # dEQP and its libraries, beside the bench bundle
here=$src/tests/conformance/deqp

bundle() {
	[ -n "${VIRTGL_DEQP:-}" ] && [ -f "$VIRTGL_DEQP" ] || { echo "gpu-host.sh: set VIRTGL_DEQP to a dEQP tarball" >&2; exit 1; }
	"$src/bench/gpu-host/bundle.sh"
	rm -rf "$b/corpus" "$b/build/tests.tar.xz" "$d"
	mkdir -p "$d/unpack"
	# only deqp-gles2, -gles3 and -gles31, recompressed: the carry limit is 64 MiB
	tar -xJf "$VIRTGL_DEQP" -C "$d/unpack" deqp/gles2 deqp/gles3 deqp/gles31
	tar -C "$d/unpack" -cf - deqp | xz -9e -T2 >"$d/deqp-bin.tar.xz"
	rm -rf "$d/unpack"
	(cd "$d" && apt-get download libjsoncpp25 libpng16-16 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
	grep -qx '/.gpuhost-deqp/' "$src/.git/info/exclude" 2>/dev/null || echo '/.gpuhost-deqp/' >>"$src/.git/info/exclude"
	du -sh "$b" "$d"
}

# Splits LIST into $2 parts, round robin (neighbouring cases are alike in cost).
split_list() {
	rm -f "$3".part*
	awk -v n="$2" -v out="$3" '{ print > (out ".part" (NR % n)) }' "$1"
}

run() {
	local driver=$1 module=$2 list=$3 parts=${4:-$(($(nproc) > 3 ? $(nproc) - 2 : 1))}
	local name work=/opt/virtgl-deqp-work out=${OUT:-/tmp/gpuhost-out} server=
	name=$(basename "$list" .txt)
	GPUHOST_ENV_ONLY=1 . "$src/bench/gpu-host/go.sh"
	for f in "$d"/*.deb; do dpkg-deb -x "$f" /opt/virtgl-gpuhost; done
	# dEQP opens libEGL.so / libGLESv2.so by their development names: the
	# bundle's glvnd, not whatever the machine has
	ln -sf libEGL.so.1 /opt/virtgl-gpuhost/usr/lib/x86_64-linux-gnu/libEGL.so
	ln -sf libGLESv2.so.2 /opt/virtgl-gpuhost/usr/lib/x86_64-linux-gnu/libGLESv2.so
	export VIRTGL_DEQP=$d/deqp-bin.tar.xz PEER_MESA_JSON=$GB_MESA_JSON \
		PEER_VIRTGL_LIB=$b/build/gl/libEGL_virtgl.so.0 PEER_VIRTGL_JSON=$b/build/gl/virtgl_egl.json \
		PEER_SKIP_RENDERER_CHECK=1 XDG_CACHE_HOME=$work/cache
	[ "$module" != gles31 ] || export VIRTGL_ES_UPGRADE=1
	mkdir -p "$work" "$out"
	rm -rf "${work:?}/$module-$name-$driver"
	if [ "$driver" = virpipe ] && [ -n "${GB_MESA_DIRECT:-}" ]; then
		# no mount namespaces here: one server on Mesa's fixed socket
		export PEER_MESA_DIRECT=1
		rm -f /tmp/.virgl_test
		virgl_test_server --use-egl-surfaceless --socket-path=/tmp/.virgl_test >"$work/server.log" 2>&1 &
		server=$!
		sleep 1
	fi
	split_list "$list" "$parts" "$work/$name"
	local pids=()
	for p in "$work/$name".part*; do
		"$here/run.sh" -o "$work/$module-$name-$driver" -n "${p##*.}" -t 60 "$driver" "$module" "$p" \
			>"$p.log" 2>&1 &
		pids+=($!)
	done
	wait "${pids[@]}" || true
	[ -z "$server" ] || kill "$server" 2>/dev/null || true
	cat "$work/$module-$name-$driver"/*/results.tsv >"$out/$module-$name-$driver.tsv"
	grep -ho '#sessionInfo renderer.*' "$work/$module-$name-$driver"/*/logs/*.qpa | sort | uniq -c \
		>"$out/$module-$name-$driver.renderer" || true
	tail -n 1 "$work/$name".part*.log
	"$here/results.py" counts "$out/$module-$name-$driver.tsv"
	cat "$out/$module-$name-$driver.renderer"
}

case ${1:-} in
bundle) bundle ;;
run) shift; run "$@" ;;
*) sed -n '2,/^set -e/s/^# \{0,1\}//p' "$0" >&2; exit 1 ;;
esac
