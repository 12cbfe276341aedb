#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The progbuild table: per peer, median and p90 over shaders of the
per-shader medians (compile+link, first draw, total), on the shaders that
built on every peer given, and virtgl / Mesa ratios.

    progbuild_table.py PEER=FILE [PEER=FILE ...]     (FILE: progbuild_es output)

Ratios are virtgl / mesa when both are given: of the medians, and the median
of the per-shader ratios (the goal for virtgl is <= 0.33 on total). Group
"no-samplers": the shaders without sampler uniforms (a driver without
textures may skip the first draw of the others).
"""
import sys

GROUPS = ['pc', 'piglit_exec', 'glmark2', 'minetest', '']


def load(path):
    ok, failed = {}, {}
    for line in open(path, errors='replace'):
        if not line.startswith('shader='):
            continue
        head, _, reason = line.rstrip('\n').partition(' reason=')
        kv = dict(w.split('=', 1) for w in head.split() if '=' in w)
        if kv.get('status') == 'ok':
            ok[kv['shader']] = {k: float(kv[k]) for k in ('total_us', 'total_p90_us', 'cl_us',
                                                          'draw_us')}
            ok[kv['shader']]['partner'] = kv.get('partner', '?')
            ok[kv['shader']]['samplers'] = int(kv.get('samplers', '0'))
        else:
            failed[kv['shader']] = reason
    return ok, failed


def median(v):
    v = sorted(v)
    n = len(v)
    if not n:
        return float('nan')
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def p90(v):
    v = sorted(v)
    return v[(9 * len(v) + 9) // 10 - 1] if v else float('nan')


def in_group(name, g):
    return not g or name.startswith(g + '__')


def main(argv):
    peers = []
    for arg in argv[1:]:
        name, _, path = arg.partition('=')
        peers.append((name, load(path)))
    if not peers:
        sys.stderr.write(__doc__)
        return 2
    common = set.intersection(*(set(ok) for _, (ok, _) in peers))
    for name, (ok, failed) in peers:
        print('  %s: %d shaders built, %d failed%s' % (
            name, len(ok), len(failed),
            (' (first: %s: %s)' % next(iter(failed.items()))) if failed else ''))
    print('  compared on the %d shaders that built on every peer' % len(common))
    cols = ['total_us', 'cl_us', 'draw_us']
    label = {'total_us': 'total', 'cl_us': 'compile+link', 'draw_us': 'first draw'}
    print('  %-12s %-5s %-14s %12s %12s   %s' % ('group', 'n', 'phase', 'median us', 'p90 us',
                                                 '(peer)'))
    byname = dict(peers)
    first = peers[0][1][0]
    for g in GROUPS + ['no-samplers']:
        if g == 'no-samplers':
            names = sorted(s for s in common if first[s]['samplers'] == 0)
        else:
            names = sorted(s for s in common if in_group(s, g))
        if not names:
            continue
        for c in cols:
            for name, (ok, _) in peers:
                vals = [ok[s][c] for s in names]
                print('  %-12s %-5d %-14s %12.1f %12.1f   (%s)' % (
                    g or 'all', len(names), label[c], median(vals), p90(vals), name))
            if 'mesa' in byname and 'virtgl' in byname:
                m, v = byname['mesa'][0], byname['virtgl'][0]
                rm = median([v[s][c] for s in names]) / median([m[s][c] for s in names])
                rs = [v[s][c] / m[s][c] for s in names if m[s][c] > 0]
                print('  %-12s %-5d %-14s ratio virtgl/mesa of medians %.2f, median of '
                      'per-shader ratios %.2f, p90 %.2f%s' % (
                          g or 'all', len(names), label[c], rm, median(rs), p90(rs),
                          ' (goal <= 0.33)' if c == 'total_us' and not g else ''))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
