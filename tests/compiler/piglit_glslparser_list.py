#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Lists Debian piglit's GLSL ES glslparsertest cases, one per line:

    PATH <TAB> pass|fail <TAB> VERSION <TAB> EXT,!EXT,... or - <TAB> check_link(0|1)

from piglit's own pre-generated profile (tests/glslparser.xml.gz), i.e. the
exact commands piglit runs, restricted to the GLES APIs (gles2, gles3).
PATH is absolute; "-" stands for no extensions (an empty field would vanish
in shell `read`, which folds adjacent tabs). The runner (test_glsl_piglit.c) applies glslparsertest's
skip rules to the version and extension columns.

usage: piglit_glslparser_list.py [PIGLIT_DIR]
"""
import ast
import gzip
import os
import re
import sys

DEFAULT_DIRS = ["/usr/lib/x86_64-linux-gnu/piglit", "/usr/lib/piglit"]


def find_dir(argv):
    for d in argv[1:] + DEFAULT_DIRS:
        if os.path.exists(os.path.join(d, "tests", "glslparser.xml.gz")):
            return d
    sys.exit("piglit's glslparser profile not found: install the Debian package piglit")


def option(body, name):
    m = re.search(r'<option name="%s" value="([^"]*)"' % name, body)
    if not m:
        return None
    value = m.group(1).replace("&quot;", '"').replace("&apos;", "'").replace("&amp;", "&")
    return ast.literal_eval(value)


def main():
    root = find_dir(sys.argv)
    with gzip.open(os.path.join(root, "tests", "glslparser.xml.gz"), "rt") as f:
        xml = f.read()
    rows = 0
    for body in re.findall(r'<Test type="glsl_parser" name="[^"]*">(.*?)</Test>', xml, re.S):
        if option(body, "api") not in ("gles2", "gles3"):
            continue
        cmd = option(body, "command")
        path, expect, version, rest = cmd[1], cmd[2], cmd[3], cmd[4:]
        check_link = "--check-link" in rest
        exts = [e for e in rest if e != "--check-link"]
        print("\t".join([os.path.join(root, path), expect, version, ",".join(exts) or "-",
                         "1" if check_link else "0"]))
        rows += 1
    if rows == 0:
        sys.exit("no GLES glslparser tests in piglit's profile")


if __name__ == "__main__":
    main()
