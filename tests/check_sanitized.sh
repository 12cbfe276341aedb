#!/bin/sh
# check_sanitized.sh NAME CC CFLAGS SUITE...: runs the check suites SUITE...
# built with a sanitizer (make check-asan, make check-tsan).
#
# The sanitized build is a tree of its own, build-NAME/ under the build
# directory: build-NAME/src is a fresh `make distdir` of this tree (copied
# with its timestamps, so a rerun rebuilds only what changed) and
# build-NAME/build a VPATH build of it, configured with CC and CFLAGS. A
# separate copy, not a VPATH build of the source tree itself, because the
# usual build configures in place and Automake then refuses a second
# build of the same sources. Every suite's log stays in
# build-NAME/build/tests/; make's exit status is the verdict.
#
# Called by make (MAKE, top_builddir and CORPUS come from Makefile.am).
set -eu
name=$1 cc=$2 cflags=$3
shift 3
root=$top_builddir/build-$name
mkdir -p "$root/build"
$MAKE -C "$top_builddir" distdir distdir="$root/src" >/dev/null
cd "$root/build"
if [ ! -f config.status ] || [ "$(sed -n 's/^CC=//p' config.status.cc 2>/dev/null)" != "$cc $cflags" ]; then
	../src/configure -q CC="$cc" CFLAGS="$cflags" LDFLAGS="$cflags" \
		${CORPUS:+--with-corpus="$CORPUS"}
	echo "CC=$cc $cflags" > config.status.cc
fi
$MAKE check TESTS="$*"
