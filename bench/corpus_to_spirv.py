#!/usr/bin/env python3
"""corpus_to_spirv.py: the real-shader corpus (GLSL ES 1.00 / 3.00, as GL
programs give it) -> Vulkan SPIR-V, so that compiler/'s SPIR-V -> TGSI path
can be timed on it until virtgl's own GLSL front end (issue #4) exists.

glslangValidator emits SPIR-V only for `#version 310 es` and later, so each
shader is upgraded textually (attribute/varying -> in/out, texture2D ->
texture, gl_FragColor -> an output) and compiled with -R (Vulkan relaxed
rules: loose uniforms go into a default uniform block) and automatic
locations and bindings. Shaders that still do not compile are listed, not
hidden.

usage: corpus_to_spirv.py CORPUS_DIR LIST OUT_DIR  (prints a summary line)
"""
import os
import re
import subprocess
import sys

FRAG_OUT = "layout(location = 0) out highp vec4 virtgl_FragColor;\n"


def upgrade(src, stage):
    """GLSL ES 1.00/3.00 text -> GLSL ES 3.10 text for glslang's Vulkan mode."""
    src = re.sub(r"^\s*#\s*version[^\n]*\n", "", src, count=1, flags=re.M)
    es1 = "gl_FragColor" in src or re.search(r"\b(attribute|varying)\b", src)
    if es1:
        src = re.sub(r"\battribute\b", "in", src)
        src = re.sub(r"\bvarying\b", "out" if stage == "vert" else "in", src)
        src = re.sub(r"\btexture(2D|Cube|2DProj)(Lod)?\b",
                     lambda m: "texture" + ("Proj" if "Proj" in m.group(1) else "")
                     + ("Lod" if m.group(2) else ""), src)
        if stage == "frag":
            src = src.replace("gl_FragColor", "virgl_FragColor_")
            src = src.replace("gl_FragData[0]", "virgl_FragColor_")
            src = src.replace("virgl_FragColor_", "virtgl_FragColor")
            src = FRAG_OUT + src
    header = "#version 310 es\n"
    if stage == "frag":
        header += "precision highp float;\n"
    return header + src


def compile_one(path, out_dir):
    stage = "vert" if path.endswith(".vert") else "frag"
    with open(path, encoding="utf-8", errors="replace") as f:
        text = upgrade(f.read(), stage)
    name = os.path.basename(path)
    glsl = os.path.join(out_dir, name + ".glsl")
    spv = os.path.join(out_dir, name + ".spv")
    with open(glsl, "w") as f:
        f.write(text)
    r = subprocess.run(["glslangValidator", "-V", "-R", "--amb", "--aml", "-S", stage,
                        "-o", spv, glsl], capture_output=True, text=True)
    return r.returncode == 0


def main():
    corpus, listing, out_dir = sys.argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    names = [l.strip() for l in open(listing) if l.strip()]
    failed = [n for n in names if not compile_one(os.path.join(corpus, n), out_dir)]
    print("corpus_shaders=%d spirv_ok=%d spirv_failed=%d" %
          (len(names), len(names) - len(failed), len(failed)))
    for n in failed:
        print("glslang_rejected=" + n)


if __name__ == "__main__":
    main()
