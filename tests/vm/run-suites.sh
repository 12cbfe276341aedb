#!/bin/bash
# run-suites.sh: runs inside the guest (one boot for every suite, since a boot
# costs ~5 s under TCG). Runs each program in turn, prints a banner per suite,
# and exits 0 only if all passed; 77 if any skipped (the caller turns that
# into an error: a suite that cannot run is not a pass); else 1.
skipped=0 failed=0
for suite in "$@"; do
    echo "=== suite: $suite"
    "$suite"
    rc=$?
    echo "=== suite: $suite: exit status $rc"
    case $rc in
        0) ;;
        77) skipped=1 ;;
        *) failed=1 ;;
    esac
done
[ $failed = 1 ] && exit 1
[ $skipped = 1 ] && exit 77
exit 0
