#!/bin/bash
# tests/conformance/deqp/run.sh: runs a dEQP case list on one GLES driver and
# writes its results.
#
#   tests/conformance/deqp/run.sh [-o DIR] [-n NAME] [-t SECONDS] DRIVER MODULE LIST
#
# DRIVER: virtgl, virpipe (Mesa's virgl) or llvmpipe, as tests/conformance/peers.sh
# sets them up. MODULE: gles2, gles3, gles31, egl. LIST: case names, one a line.
#
# dEQP itself (Khronos VK-GL-CTS built for Debian 12's surfaceless EGL; Debian
# does not package it) comes from VIRTGL_DEQP: a folder holding gles2/deqp-gles2
# etc. (each beside its data), or a .tar.xz of such a folder `deqp/`, unpacked
# once into ${XDG_CACHE_HOME:-~/.cache}/virtgl-deqp/. It needs libjsoncpp25
# and libpng16-16.
#
# Options: -o DIR results parent (default $top_builddir/tests/conformance/results),
# -n NAME (default <module>-<list>-<driver>), -t SECONDS a case may take (60).
# Output DIR/NAME/: results.tsv (case, status, detail), logs/ (dEQP's .qpa logs:
# why each case failed), run.txt (driver, renderer, wall time). Re-running an
# interrupted run resumes it; remove the folder to start again.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$here/../../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
# shellcheck source=../peers.sh
. "$here/../peers.sh"
outdir=$top_builddir/tests/conformance/results
name=
timeout=60

usage() { sed -n '2,/^set -e/s/^# \{0,1\}//p' "$0" >&2; exit 1; }
while getopts o:n:t:h opt; do
	case $opt in
	o) outdir=$OPTARG ;;
	n) name=$OPTARG ;;
	t) timeout=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || usage
driver=$1 module=$2 list=$3
[ -r "$list" ] || peer_die "no case list $list"
list=$(cd "$(dirname "$list")" && pwd)/$(basename "$list")
: "${name:=$module-$(basename "$list" .txt)-$driver}"

# The dEQP build: a folder, or a tarball unpacked once (keyed by its checksum).
deqp_dir() {
	local src=${VIRTGL_DEQP:?set VIRTGL_DEQP to a dEQP build (see tests/conformance/README.md)}
	[ -e "$src" ] || peer_die "VIRTGL_DEQP=$src does not exist"
	if [ -d "$src" ]; then
		(cd "$src" && pwd)
		return
	fi
	local sum cache
	sum=$(md5sum <"$src" | cut -c1-12)
	cache=${XDG_CACHE_HOME:-$HOME/.cache}/virtgl-conformance/deqp-$sum
	if [ ! -e "$cache/.unpacked" ]; then
		# unpacked aside and renamed into place: runs started together
		# (parallel parts) never see half a tree
		local tmp
		mkdir -p "${cache%/*}" && tmp=$(mktemp -d "$cache.XXXXXX")
		tar -xJf "$src" -C "$tmp" && touch "$tmp/.unpacked" || peer_die "cannot unpack $src"
		mv -T "$tmp" "$cache" 2>/dev/null || rm -rf "$tmp"
	fi
	echo "$cache/deqp"
}
deqp=$(deqp_dir)
[ -x "$deqp/$module/deqp-$module" ] || peer_die "$deqp/$module/deqp-$module missing"

mkdir -p "$outdir/$name"
res=$(cd "$outdir/$name" && pwd)
work=$(mktemp -d /var/tmp/virtgl-deqp.XXXXXX)
trap 'peer_cleanup; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
peer_setup "$driver" "$work"
peer_check_renderer "$driver" "$res/wflinfo.txt"
cp "$list" "$work/list.txt" # the work folder is outside /tmp (virpipe's private /tmp)
export PEER_KEEP=$res:$deqp:$here

start=$(date +%s.%N)
"${peer_prefix[@]}" python3 "$here/runner.py" --deqp "$deqp" --out "$res" --timeout "$timeout" \
	"$module" "$work/list.txt"
end=$(date +%s.%N)
{
	echo "driver=$driver"
	echo "module=$module"
	echo "list=$list"
	echo "cases=$(grep -c . "$list")"
	echo "wall_s=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
	echo "deqp=$deqp"
	echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$res/run.txt"
[ ! -f "$work/server.log" ] || cp "$work/server.log" "$res/server.log"
