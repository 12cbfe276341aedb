#!/usr/bin/env python3
"""es31_list.py: the GLES 3.1 and 3.2 tests of the installed piglit (issue
#16), one name per line, for tests/gl/piglit/run.sh -l:

    bench/piglit/es31_list.py > /tmp/es31-32.txt

A test is in when piglit's own profile (tests/quick_shader.xml.gz,
tests/glslparser.xml.gz) gives it a GLES 3.x runner (shader_runner_gles3,
or the 'gles3' API of glslparsertest) and an API or GLSL ES version of 3.1
or 3.2. With Debian's piglit 0~git20220119 that is 454 ES 3.1 and 78 ES 3.2
tests: mostly compiler (glslparser) tests of the ES 3.1 extensions.
virtgl runs them with VIRTGL_ES_UPGRADE=1 (piglit asks for "ES 3" and checks
what it got; Mesa answers with its highest version, virtgl only under that
switch).
"""
import gzip
import os
import sys
import xml.etree.ElementTree as ET

PIGLIT = os.environ.get('PIGLIT_DIR', '/usr/lib/x86_64-linux-gnu/piglit')
PROFILES = ('quick_shader.xml.gz', 'glslparser.xml.gz')
# quick_gl.xml.gz names no API version: its GLES 3.1/3.2 tests are taken by
# group, the ES 3.1 built-in constants and the extensions that need ES 3.1
# (geometry shaders, texture views, viewport arrays; piglit has no GLES
# tessellation test outside the compiler tests above)
GL_PROFILE = 'quick_gl.xml.gz'
GL_GROUPS = ('spec@glsl-es-3.10@', 'spec@glsl-es-3.20@', 'spec@oes_geometry_shader@',
             'spec@ext_geometry_shader@', 'spec@oes_tessellation_shader@',
             'spec@ext_tessellation_shader@', 'spec@oes_texture_view@',
             'spec@oes_viewport_array@')


def es3x_version(options):
    """'3.1' / '3.2' for a GLES 3.x test of those versions, else None."""
    gles3 = 'gles3' in options.get('command', '') or "'gles3'" in options.get('api', '')
    version = options.get('api_version') or options.get('shader_version')
    return version if gles3 and version in ('3.1', '3.2') else None


def profile_tests(profile):
    root = ET.parse(gzip.open(os.path.join(PIGLIT, 'tests', profile))).getroot()
    return root


def main():
    tests = {'3.1': [], '3.2': []}
    for profile in PROFILES:
        for test in profile_tests(profile):
            v = es3x_version({o.get('name'): o.get('value') for o in test})
            if v:
                tests[v].append(test.get('name'))
    for v in ('3.1', '3.2'):
        print('# GLES %s: %d tests (%s)' % (v, len(tests[v]), ', '.join(PROFILES)))
        print('\n'.join(tests[v]))
    gl = [t.get('name') for t in profile_tests(GL_PROFILE) if t.get('name').startswith(GL_GROUPS)]
    print('# GLES 3.1+ groups of %s: %d tests' % (GL_PROFILE, len(gl)))
    print('\n'.join(gl))
    return 0


if __name__ == '__main__':
    sys.exit(main())
