#!/bin/sh
# run-demo.sh: runs the build tree's tools/virtgl-demo on virtgl. libglvnd
# loads only the build tree's vendor JSON (gl/virtgl_egl.json, whose
# library_path is gl/.libs/libEGL_virtgl.so.0), and virtgl talks to a private
# virgl_test_server (VIRTGL_TRANSPORT=vtest) unless VIRTGL_TRANSPORT says
# otherwise (drm: the virtio-gpu of a VM). Arguments go to the demo:
#   tools/run-demo.sh -o frames -n 30 -s 512x512
#
# The server is started here, before the vendor list is set: it renders with
# the host's EGL (Mesa), which a list naming only virtgl would hide from it.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
: "${top_builddir:=$(cd "$here/.." && pwd)}"
json=$top_builddir/gl/virtgl_egl.json
demo=$top_builddir/tools/virtgl-demo

for f in "$json" "$demo"; do
    [ -e "$f" ] || { echo "run-demo: $f is missing: run make first" >&2; exit 1; }
done

: "${VIRTGL_TRANSPORT:=vtest}"
export VIRTGL_TRANSPORT
server_pid=
server_dir=
cleanup() {
    [ -z "$server_pid" ] || { kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true; }
    [ -z "$server_dir" ] || rm -rf "$server_dir"
}
trap cleanup EXIT INT TERM

if [ "$VIRTGL_TRANSPORT" = vtest ] && [ -z "${VIRTGL_VTEST_SOCKET:-}" ]; then
    command -v virgl_test_server >/dev/null ||
        { echo "run-demo: virgl_test_server not found: install the Debian package virgl-server" >&2; exit 1; }
    server_dir=$(mktemp -d /tmp/virtgl-demo-XXXXXX)
    virgl_test_server --use-egl-surfaceless --socket-path="$server_dir/vtest.sock" \
        >"$server_dir/server.log" 2>&1 &
    server_pid=$!
    tries=0
    until [ -S "$server_dir/vtest.sock" ]; do
        tries=$((tries + 1))
        if [ $tries -gt 200 ] || ! kill -0 "$server_pid" 2>/dev/null; then
            echo "run-demo: virgl_test_server did not start:" >&2
            cat "$server_dir/server.log" >&2
            exit 1
        fi
        sleep 0.05
    done
    export VIRTGL_VTEST_SOCKET="$server_dir/vtest.sock"
fi

__EGL_VENDOR_LIBRARY_FILENAMES=$json "$demo" "$@"
