#!/usr/bin/env python3
"""results.py: reads piglit results (results.json, as tests/gl/piglit/run.sh
leaves them; .bz2/.gz/.xz also read) and expectation files.

  results.py tsv RESULTS.json            "test<TAB>result" for every test, sorted
  results.py counts RESULTS.json         one line: tests=N pass=.. fail=.. ...
  results.py show RESULTS.json [REGEX]   result, command, stdout, stderr of the
                                         non-passing tests (or those matching REGEX)
  results.py check EXPECTED RESULTS.json the CI comparison (tests/gl/test_piglit.sh):
        EXPECTED has "result<TAB>test" lines ('#' comments). Exit 1 on a
        regression: a result worse than expected (pass > warn > skip > fail >
        crash = timeout = missing), e.g. pass -> fail/crash/timeout/skip,
        fail -> crash/timeout, or an expected test missing from the run.
        Improvements (-> pass, crash/timeout -> fail) are printed and do not
        fail; nor do other changes (fail -> skip) or tests not in EXPECTED.
  results.py expected RESULTS.json       an EXPECTED file from a run
  results.py table NAME=RESULTS.json...  side-by-side counts and per-test
                                         differences (bench/piglit/compare.sh)
"""
import bz2
import collections
import gzip
import json
import lzma
import os
import re
import sys

ORDER = ['pass', 'fail', 'skip', 'crash', 'timeout', 'warn', 'incomplete', 'notrun']
# how good a result is, for "regression": higher is better
RANK = {'pass': 4, 'warn': 3, 'skip': 2, 'fail': 1, 'crash': 0, 'timeout': 0,
        'incomplete': 0, 'notrun': 0, 'missing': 0}


def load(path):
    if os.path.isdir(path):
        for suffix in ('', '.bz2', '.gz', '.xz'):
            if os.path.exists(os.path.join(path, 'results.json' + suffix)):
                path = os.path.join(path, 'results.json' + suffix)
                break
    opener = {'.bz2': bz2.open, '.gz': gzip.open, '.xz': lzma.open}.get(
        os.path.splitext(path)[1], open)
    with opener(path, 'rt') as f:
        return json.load(f)


def results(path):
    return {n: t['result'] for n, t in load(path)['tests'].items()}


def counts_of(res):
    c = collections.Counter(res.values())
    keys = ORDER + sorted(k for k in c if k not in ORDER)
    return c, keys


def counts_line(res):
    c, keys = counts_of(res)
    return ' '.join(['tests=%d' % len(res)] + ['%s=%d' % (k, c[k]) for k in keys
                                               if c[k] or k in ORDER[:5]])


def read_expected(path):
    exp = {}
    for line in open(path):
        line = line.split('#', 1)[0].rstrip('\n')
        if not line.strip():
            continue
        result, name = line.split('\t', 1)
        exp[name.strip()] = result.strip()
    return exp


def cmd_check(expected_path, results_path):
    exp = read_expected(expected_path)
    got = results(results_path)
    regress, improve, changed, new = [], [], [], []
    for name, want in sorted(exp.items()):
        have = got.get(name, 'missing')
        if have == want:
            continue
        line = '  %s: expected %s, got %s' % (name, want, have)
        if RANK.get(have, 0) < RANK.get(want, 0):
            regress.append(line)
        elif have == 'pass' or (want in ('crash', 'timeout', 'incomplete') and have == 'fail'):
            improve.append(line)
        else:
            changed.append(line)
    for name in sorted(set(got) - set(exp)):
        new.append('  %s: %s (not in the expectation file)' % (name, got[name]))
    print('piglit: %s' % counts_line(got))
    if improve:
        print('IMPROVEMENTS (%d): update tests/gl/piglit/virtgl-expected.txt '
              '(tests/gl/piglit/results.py expected RESULTS.json):' % len(improve))
        print('\n'.join(improve))
    if changed:
        print('CHANGED, not counted as regressions (%d):' % len(changed))
        print('\n'.join(changed))
    if new:
        print('NEW (%d):' % len(new))
        print('\n'.join(new))
    if regress:
        print('REGRESSIONS (%d):' % len(regress))
        print('\n'.join(regress))
        return 1
    print('no regressions against %s (%d tests)' % (os.path.basename(expected_path), len(exp)))
    return 0


def cmd_show(path, regex=None):
    data = load(path)
    for name, t in sorted(data['tests'].items()):
        if regex is not None:
            if not re.search(regex, name):
                continue
        elif t['result'] in ('pass', 'skip'):
            continue
        print('=== %s: %s' % (name, t['result']))
        print('command: %s' % t.get('command', ''))
        print('returncode: %s  time: %.2f s' % (t.get('returncode'),
                                               t.get('time', {}).get('end', 0) -
                                               t.get('time', {}).get('start', 0)))
        subs = t.get('subtests') or {}
        bad = {k: v for k, v in subs.items() if v != 'pass'}
        if bad:
            print('subtests not passing: %s' % ', '.join('%s=%s' % kv for kv in sorted(bad.items())))
        for key in ('out', 'err'):
            text = (t.get(key) or '').strip()
            if text:
                lines = text.splitlines()
                if len(lines) > 40:
                    lines = lines[:20] + ['... (%d lines)' % (len(lines) - 40)] + lines[-20:]
                print('--- %s:\n%s' % (key, '\n'.join(lines)))
        print()


def cmd_expected(path):
    got = results(path)
    meta = load(path)
    print('# virtgl on piglit (tests/gl/piglit/run.sh virtgl, tests/gl/test_piglit.sh):')
    import time
    start = meta.get('time_elapsed', {}).get('start')
    when = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(start)) if start else '?'
    print('# expected result<TAB>test, from run %s of %s; %s'
          % (meta.get('name', ''), when, counts_line(got)))
    print('# Regenerate after a run: tests/gl/piglit/results.py expected '
          'tests/gl/piglit/results/gles2-egl-virtgl > tests/gl/piglit/virtgl-expected.txt')
    for name in sorted(got):
        print('%s\t%s' % (got[name], name))


def cmd_table(args):
    runs = []
    for a in args:
        label, path = a.split('=', 1)
        runs.append((label, results(path)))
    labels = [l for l, _ in runs]
    allnames = sorted(set().union(*[set(r) for _, r in runs]))
    print('| result | ' + ' | '.join(labels) + ' |')
    print('|---|' + '---|' * len(labels))
    cs = [counts_of(r)[0] for _, r in runs]
    keys = ORDER[:5] + sorted({k for c in cs for k in c if k not in ORDER[:5]})
    print('| tests | ' + ' | '.join(str(len(r)) for _, r in runs) + ' |')
    for k in keys:
        print('| %s | ' % k + ' | '.join(str(c[k]) for c in cs) + ' |')
    diff = [n for n in allnames if len({r.get(n, '-') for _, r in runs}) > 1]
    print()
    print('Per-test differences (%d of %d tests):' % (len(diff), len(allnames)))
    print()
    if diff:
        print('| test | ' + ' | '.join(labels) + ' |')
        print('|---|' + '---|' * len(labels))
        for n in diff:
            print('| %s | ' % n + ' | '.join(r.get(n, '-') for _, r in runs) + ' |')
    notpass = [n for n in allnames if n not in diff and runs[0][1].get(n) not in ('pass', None)]
    if notpass:
        print()
        print('Same non-pass result on every driver (%d):' % len(notpass))
        print()
        for n in notpass:
            print('* %s: %s' % (n, runs[0][1][n]))


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    cmd, args = argv[1], argv[2:]
    if cmd == 'tsv':
        for n, r in sorted(results(args[0]).items()):
            print('%s\t%s' % (n, r))
    elif cmd == 'counts':
        print(counts_line(results(args[0])))
    elif cmd == 'show':
        cmd_show(*args)
    elif cmd == 'check':
        return cmd_check(*args)
    elif cmd == 'expected':
        cmd_expected(args[0])
    elif cmd == 'table':
        cmd_table(args)
    else:
        sys.exit(__doc__)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
