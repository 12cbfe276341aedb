# tests/conformance/peers.sh: the GLES drivers a conformance run compares,
# sourced by the conformance runners (bash). Each runs a client through
# libglvnd on EGL surfaceless:
#
#   virtgl    the build tree's vendor library, run from a private copy (a
#             rebuild during a long run cannot mix two builds), with
#             VIRTGL_TRANSPORT=vtest on a private virgl_test_server.
#   virpipe   Mesa's virgl (GALLIUM_DRIVER=virpipe) on the same kind of
#             private server. Mesa 22.3 always connects to /tmp/.virgl_test,
#             so its clients run in a private mount namespace (unshare -m,
#             root) with a tmpfs on /tmp and the socket bind-mounted there.
#   llvmpipe  Mesa's llvmpipe, in process (a reference).
#
# peer_setup DRIVER WORKDIR sets the environment and the array peer_prefix
# (what to put before a client's command line; export PEER_KEEP as the
# folders the client needs, for virpipe); peer_check_renderer DRIVER FILE
# makes sure that driver answers; peer_cleanup stops the server.

peer_mesa_json=${PEER_MESA_JSON:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
peer_server_pid=
peer_prefix=()

peer_die() { echo "${0##*/}: $*" >&2; exit 1; }

# A private server on WORKDIR/vt.sock, rendering with the host's Mesa
# whatever the client side is given.
peer_server_start() {
	command -v virgl_test_server >/dev/null ||
		peer_die "virgl_test_server not found: install the Debian package virgl-server"
	env -u __EGL_VENDOR_LIBRARY_FILENAMES -u GALLIUM_DRIVER MESA_SHADER_CACHE_DISABLE=true \
		virgl_test_server --use-egl-surfaceless --socket-path="$1/vt.sock" >"$1/server.log" 2>&1 &
	peer_server_pid=$!
	for _ in $(seq 200); do
		[ -S "$1/vt.sock" ] && return 0
		kill -0 "$peer_server_pid" 2>/dev/null || break
		sleep 0.05
	done
	cat "$1/server.log" >&2
	peer_die "virgl_test_server did not come up"
}

peer_cleanup() {
	[ -n "$peer_server_pid" ] || return 0
	kill "$peer_server_pid" 2>/dev/null || true
	wait "$peer_server_pid" 2>/dev/null || true
	peer_server_pid=
}

# virtgl from $top_builddir (or PEER_VIRTGL_JSON/PEER_VIRTGL_LIB), through a
# private copy of its library.
peer_setup_virtgl() {
	local json=${PEER_VIRTGL_JSON:-$top_builddir/gl/virtgl_egl.json}
	local lib=${PEER_VIRTGL_LIB:-$top_builddir/gl/.libs/libEGL_virtgl.so.0}
	[ -e "$json" ] && [ -e "$lib" ] || peer_die "$json or $lib missing: run make first"
	cp "$(readlink -f "$lib")" "$1/libEGL_virtgl.so.0"
	sed "s|\"library_path\" *: *\"[^\"]*\"|\"library_path\" : \"$1/libEGL_virtgl.so.0\"|" \
		"$json" >"$1/virtgl_egl.json"
	grep -q "$1/libEGL_virtgl.so.0" "$1/virtgl_egl.json" || peer_die "cannot rewrite $json"
	unset GALLIUM_DRIVER
	export VIRTGL_TRANSPORT=vtest __EGL_VENDOR_LIBRARY_FILENAMES=$1/virtgl_egl.json
	# the caller's server, or virtgl's own for each process (PEER_SPAWN=1,
	# as an application gets it), or a private one
	[ -n "${VIRTGL_VTEST_SOCKET:-}" ] || [ -n "${PEER_SPAWN:-}" ] && return 0
	peer_server_start "$1"
	export VIRTGL_VTEST_SOCKET=$1/vt.sock
}

peer_setup_virpipe() {
	export GALLIUM_DRIVER=virpipe LIBGL_ALWAYS_SOFTWARE=1 __EGL_VENDOR_LIBRARY_FILENAMES=$peer_mesa_json
	# PEER_MESA_DIRECT=1: no mount namespace (a machine that refuses
	# unshare); the caller serves /tmp/.virgl_test itself
	[ -n "${PEER_MESA_DIRECT:-}" ] && return 0
	command -v unshare >/dev/null || peer_die "unshare not found (util-linux)"
	peer_server_start "$1"
	# The socket's folder and the old /tmp are held open across the tmpfs:
	# the socket, and the folders in PEER_KEEP (':'-separated: the client's
	# files), may lie under /tmp and are bound back from there.
	peer_prefix=(unshare -m --propagation private sh -c '
		exec 3<"${0%/*}" 4</tmp
		mount -t tmpfs -o size=512m virtgl-peer /tmp && : >/tmp/.virgl_test &&
		mount --no-canonicalize --bind "/proc/self/fd/3/${0##*/}" /tmp/.virgl_test || exit 99
		IFS=:; for d in $PEER_KEEP; do case $d in /tmp/*)
			mkdir -p "$d" && mount --no-canonicalize --bind "/proc/self/fd/4/${d#/tmp/}" "$d" ||
			exit 99;; esac; done
		exec 3<&- 4<&-
		exec "$@"' "$1/vt.sock")
}

# Which driver answers (wflinfo's report into FILE): a run on the wrong one,
# a fallback to another vendor or gallium driver, must not pass for this one.
peer_check_renderer() {
	local want=$1 renderer
	# PEER_SKIP_RENDERER_CHECK=1 where waffle is not installed: the caller
	# checks the renderer another way (dEQP's logs name it)
	[ -n "${PEER_SKIP_RENDERER_CHECK:-}" ] && return 0
	command -v wflinfo >/dev/null || peer_die "wflinfo not found: install the Debian package waffle-utils"
	[ "$1" = virpipe ] && want=virgl
	"${peer_prefix[@]}" wflinfo -p surfaceless_egl -a gles2 >"$2" 2>&1 || true
	renderer=$(sed -n 's/^OpenGL renderer string: //p' "$2")
	if ! echo "$renderer" | grep -q "$want" || { [ "$1" = llvmpipe ] && echo "$renderer" | grep -q virgl; }; then
		cat "$2" >&2
		peer_die "$1: wflinfo -p surfaceless_egl -a gles2 does not show a $want renderer"
	fi
}

peer_setup() {
	export EGL_PLATFORM=surfaceless MESA_SHADER_CACHE_DISABLE=true
	unset DISPLAY WAYLAND_DISPLAY
	case $1 in
	virtgl) peer_setup_virtgl "$2" ;;
	virpipe) peer_setup_virpipe "$2" ;;
	llvmpipe) export GALLIUM_DRIVER=llvmpipe LIBGL_ALWAYS_SOFTWARE=1 \
		__EGL_VENDOR_LIBRARY_FILENAMES=$peer_mesa_json ;;
	*) peer_die "unknown driver '$1' (virtgl, virpipe, llvmpipe)" ;;
	esac
}
