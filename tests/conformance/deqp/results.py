#!/usr/bin/env python3
"""results.py: reads dEQP results (results.tsv, as tests/conformance/deqp/run.sh
leaves them: case<TAB>status<TAB>detail) and expectation files.

  results.py counts RESULTS                 one line: cases=N Pass=.. Fail=.. ...
  results.py check EXPECTED RESULTS [LIST]  the CI comparison (test_deqp.sh).
        EXPECTED lists the cases that do not pass, "status<TAB>case", '#'
        comments (say why); every other case of the run is expected to pass.
        Exit 1 on a regression: a result worse than expected (Pass >
        NotSupported > Fail/QualityWarning/... > Crash/Timeout/missing), or a
        case of LIST with no result. Improvements are printed, and fail nothing.
  results.py expected RESULTS               an EXPECTED file from a run
  results.py table NAME=RESULTS...          counts side by side, then every case
                                            whose status differs between them
"""
import collections
import os
import sys

# How good a status is, for "regression": higher is better. Warnings count as
# passes, as dEQP's own summary does.
RANK = {'Pass': 4, 'QualityWarning': 4, 'CompatibilityWarning': 4, 'NotSupported': 3,
        'Fail': 2, 'InternalError': 2, 'ResourceError': 2, 'NoResult': 1,
        'Crash': 0, 'Timeout': 0, 'NotRun': 0, 'missing': 0}
ORDER = ['Pass', 'Fail', 'NotSupported', 'QualityWarning', 'CompatibilityWarning',
         'InternalError', 'ResourceError', 'Crash', 'Timeout']


def tsv_path(path):
    return os.path.join(path, 'results.tsv') if os.path.isdir(path) else path


def load(path):
    res = {}
    for line in open(tsv_path(path), errors='replace'):
        f = line.rstrip('\n').split('\t')
        if len(f) >= 2:
            res[f[0]] = (f[1], f[2] if len(f) > 2 else '')
    return res


def statuses(path):
    return {c: s for c, (s, _) in load(path).items()}


def load_expected(path):
    exp = {}
    for n, line in enumerate(open(path), 1):
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        f = line.split('\t')
        if len(f) != 2 or f[0] not in RANK:
            sys.exit(f'{path}:{n}: not "status<TAB>case": {line!r}')
        exp[f[1]] = f[0]
    return exp


def counts_line(res):
    c = collections.Counter(res.values())
    keys = ORDER + sorted(k for k in c if k not in ORDER)
    return ' '.join([f'cases={len(res)}'] + [f'{k}={c[k]}' for k in keys if c[k] or k in ORDER[:3]])


def cmd_counts(path):
    print(counts_line(statuses(path)))
    return 0


def cmd_check(expected, path, caselist=None):
    exp, got, detail = load_expected(expected), statuses(path), load(path)
    cases = list(got)
    if caselist:
        cases = [l.strip() for l in open(caselist) if l.strip() and not l.startswith('#')]
    worse, better = [], []
    for case in cases:
        want, have = exp.get(case, 'Pass'), got.get(case, 'missing')
        if RANK[have if have in RANK else 'NoResult'] < RANK[want]:
            worse.append((case, want, have))
        elif have != want and RANK.get(have, 1) > RANK[want]:
            better.append((case, want, have))
    for case, want, have in better:
        print(f'improved: {case}: {want} -> {have}')
    for case, want, have in worse:
        print(f'REGRESSION: {case}: expected {want}, got {have}: {detail.get(case, ("", ""))[1][:200]}')
    print(f'{counts_line({c: got.get(c, "missing") for c in cases})}; '
          f'{len(worse)} regressions, {len(better)} improvements against {expected}')
    if better:
        print(f'(update the expectations: results.py expected {tsv_path(path)} > {expected})')
    return 1 if worse else 0


def cmd_expected(path):
    got = load(path)
    print('# dEQP cases that do not pass on virtgl: status<TAB>case (every other case must pass).')
    print('# Made by: tests/conformance/deqp/results.py expected RESULTS; say why after a #.')
    for case in sorted(got):
        status, detail = got[case]
        if status != 'Pass' and RANK.get(status) != RANK['Pass']:
            print(f'{status}\t{case}\t# {detail[:100]}')
    return 0


def cmd_table(*named):
    runs = [(n, statuses(p)) for n, p in (a.split('=', 1) for a in named)]
    for name, res in runs:
        print(f'{name}: {counts_line(res)}')
    cases = sorted(set().union(*(r for _, r in runs)))
    print('case\t' + '\t'.join(n for n, _ in runs))
    for case in cases:
        row = [r.get(case, '-') for _, r in runs]
        if len(set(row)) > 1:
            print(case + '\t' + '\t'.join(row))
    return 0


COMMANDS = {'counts': (cmd_counts, 1, 1), 'check': (cmd_check, 2, 3),
            'expected': (cmd_expected, 1, 1), 'table': (cmd_table, 1, 99)}

if __name__ == '__main__':
    cmd = COMMANDS.get(sys.argv[1] if len(sys.argv) > 1 else '')
    if not cmd or not cmd[1] <= len(sys.argv) - 2 <= cmd[2]:
        sys.exit(__doc__)
    sys.exit(cmd[0](*sys.argv[2:]))
