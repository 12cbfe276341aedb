#!/bin/sh
# test_self_contained.sh: the tree names no path outside a clone of it.
# A clone on another machine must build and test with nothing beside it, so
# no tracked file may point at the development machine's directories (the
# work area's root, a "shared" folder beside the checkout, the workplace's
# library). .ci/run alone
# may, for its optional prebuilt dEQP fallbacks. Runs where the sources are a
# git checkout; from a dist tarball (no history, build outputs mixed in) it
# skips.
set -u
src=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
[ -e "$src/.git" ] || { echo "SKIP: $src is not a git checkout"; exit 77; }
command -v git >/dev/null || { echo "ERROR: git is needed to list the tracked files"; exit 99; }
# The work area, the shared folder beside the checkout (by its relative path or
# its subfolders) and the workplace's library; spelled so that this file does
# not match itself.
outside='/wor[k]/|\.\.[/]shared|(^|[^[:alnum:]_./-])shared/(doc[s]|corpu[s]|tool[s]|referenc[e]|hook[s])/|\.librar[y]/'
hits=$(cd "$src" && git ls-files -z -- . ':!.ci/run' | xargs -0 grep -I -n -E "$outside" --)
if [ -n "$hits" ]; then
	echo "FAIL: tracked files name paths outside the clone:"
	echo "$hits"
	exit 1
fi
echo "PASS: $(cd "$src" && git ls-files | wc -l) tracked files name no path outside the clone"
