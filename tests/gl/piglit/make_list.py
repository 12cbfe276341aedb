#!/usr/bin/env python3
"""make_list.py: classifies the tests of a piglit test list by GLES API and
prints the GLES 2.0 + EGL subset (or another class).

    tests/gl/piglit/make_list.py tests/corpus/piglit-core.txt > tests/gl/piglit/gles2-egl.txt
    tests/gl/piglit/make_list.py --classify LIST      # "class<TAB>test" for every test
    tests/gl/piglit/make_list.py --classes gles3 LIST # another subset

The class of a test comes from piglit's own profiles (tests/{opengl,shader,
glslparser}.xml.gz of the installed piglit), as in
docs/piglit-and-glvnd.md section 1.1:
  * glslparser tests: their api option ('gles2' = GLSL ES 1.00, 'gles3' = 3.00);
  * shader_runner tests: the runner binary (shader_runner_gles2 -> gles2,
    shader_runner_gles3 -> gles3; piglit labels both api 'gles2');
  * programs (types gl, gl_builtin): the piglitutil library the binary links
    (libpiglitutil_gles2 -> gles2, libpiglitutil_gles3 -> gles3,
    libpiglitutil_gl -> gl); a program whose name starts with egl_ (or whose
    test sits under spec@egl*) is class egl whatever it links, as is one that
    links libEGL but no GL piglitutil.
The default subset is gles2 + egl, in the input list's order.
"""
import argparse
import gzip
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

PIGLIT = os.environ.get('PIGLIT_DIR', '/usr/lib/x86_64-linux-gnu/piglit')


def needed(binary):
    out = subprocess.run(['readelf', '-d', binary], capture_output=True, text=True).stdout
    return [l.split('[')[1].split(']')[0] for l in out.splitlines() if '(NEEDED)' in l]


def classify(name, ttype, opts):
    cmd = eval(opts.get('command', '[]')) if ttype != 'gl_builtin' else []
    if ttype == 'glsl_parser':
        return eval(opts['api'])
    if ttype == 'shader':
        return {'shader_runner_gles2': 'gles2', 'shader_runner_gles3': 'gles3'}.get(cmd[0], 'gl')
    if ttype == 'gl_builtin':
        # built-in constants: command is built-in-constants_gles{2,3} <file>
        cmd = eval(opts['command'])
    if not cmd:  # e.g. multi_shader tests: no single command to classify
        return 'unknown'
    binary = os.path.basename(cmd[0])
    if binary.startswith('egl') or name.startswith('spec@egl'):
        return 'egl'
    libs = needed(os.path.join(PIGLIT, 'bin', binary))
    for lib, cls in (('libpiglitutil_gles2', 'gles2'), ('libpiglitutil_gles3', 'gles3'),
                     ('libpiglitutil_gl.', 'gl')):
        if any(l.startswith(lib) for l in libs):
            return cls
    if any(l.startswith('libEGL') for l in libs):
        return 'egl'
    return 'unknown'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('list')
    ap.add_argument('--classes', default='gles2,egl')
    ap.add_argument('--classify', action='store_true')
    a = ap.parse_args()
    src = [l.strip() for l in open(a.list) if l.strip() and not l.startswith('#')]
    want = set(src)
    found = {}
    for prof in ('opengl', 'shader', 'glslparser'):
        for _, el in ET.iterparse(gzip.open(os.path.join(PIGLIT, 'tests', prof + '.xml.gz'))):
            if el.tag == 'Test':
                if el.get('name') in want:
                    found[el.get('name')] = (el.get('type'),
                                             {o.get('name'): o.get('value') for o in el.iter('option')})
                el.clear()
    missing = [n for n in src if n not in found]
    if missing:
        sys.exit('make_list: not in piglit\'s profiles: ' + ', '.join(missing))
    cls = {n: classify(n, *found[n]) for n in src}
    if a.classify:
        for n in src:
            print('%s\t%s' % (cls[n], n))
        return
    keep = a.classes.split(',')
    out = [n for n in src if cls[n] in keep]
    ver = subprocess.run(['dpkg-query', '-W', '-f=${Version}', 'piglit'],
                         capture_output=True, text=True).stdout or 'unknown'
    print('# piglit GLES 2.0 + EGL subset (classes %s) of %s: %d of %d tests'
          % ('+'.join(keep), os.path.basename(a.list), len(out), len(src)))
    print('# made by: tests/gl/piglit/make_list.py %s%s (Debian piglit %s)'
          % ('' if a.classes == 'gles2,egl' else '--classes %s ' % a.classes,
             os.path.basename(a.list), ver))
    for n in out:
        print(n)


main()
