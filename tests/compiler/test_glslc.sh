#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/virgl-glslc: info logs, outputs and the exit codes (0 ok, 1 compile,
# 2 usage, 3 I/O, 4 link) on good and bad inputs. The shaders are written here, so
# the test needs nothing from the source tree.
set -u
glslc=${top_builddir:-.}/tools/virgl-glslc
spirv_val=${SPIRV_VAL:-spirv-val}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_glslc.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect STATUS PATTERN CMD...: CMD exits with STATUS and its stdout+stderr
# contains PATTERN (grep -E; "" matches anything).
expect() {
	want=$1 pattern=$2
	shift 2
	"$@" >"$tmp/out" 2>&1
	got=$?
	[ "$got" -eq "$want" ] || fail "$* exited $got, want $want: $(cat "$tmp/out")"
	[ -z "$pattern" ] || grep -Eq -- "$pattern" "$tmp/out" || fail "$*: no /$pattern/ in: $(cat "$tmp/out")"
}

cat >"$tmp/good.vert" <<'EOF'
#version 300 es
layout(location = 0) in vec4 pos;
uniform mat4 mvp;
out vec2 uv;
void main() { uv = pos.xy; gl_Position = mvp * pos; }
EOF
cat >"$tmp/good.frag" <<'EOF'
#version 100
precision mediump float;
uniform sampler2D tex;
uniform vec4 tint;
varying vec2 uv;
void main() { gl_FragColor = texture2D(tex, uv) * tint; }
EOF
# 3.00 FS without a default float precision: an error on line 2 (the first
# float-typed declaration).
cat >"$tmp/bad.frag" <<'EOF'
#version 300 es
in vec2 uv;
out vec4 color;
void main() { color = vec4(uv, 0.0, 1.0); }
EOF
printf '#version 100\nvoid main() { gl_Position = vec4(undeclared); }\n' >"$tmp/undef.vert"
printf '#version 100\nprecision mediump float;\nfloat f(float x) { return x; }\n' >"$tmp/nomain.frag"
cp "$tmp/good.vert" "$tmp/good.shader"

# success: empty log, exit 0; SPIR-V written and valid
expect 0 "" "$glslc" "$tmp/good.vert"
[ -s "$tmp/out" ] && fail "log of a clean compile is not empty: $(cat "$tmp/out")"
expect 0 "" "$glslc" -o "$tmp/good.spv" "$tmp/good.vert"
[ -s "$tmp/good.spv" ] || fail "-o wrote nothing"
if command -v "$spirv_val" >/dev/null 2>&1; then
	expect 0 "" "$spirv_val" --target-env vulkan1.0 "$tmp/good.spv"
fi
od -An -tx4 -N4 "$tmp/good.spv" | grep -q 07230203 || fail "no SPIR-V magic in the -o output"
expect 0 "" "$glslc" -S vert "$tmp/good.shader"
expect 0 "" "$glslc" -S frag - <"$tmp/good.frag"
expect 0 "" "$glslc" "$tmp/good.vert" "$tmp/good.frag"
# GL compiles a shader without main(); there is nothing to write, though
expect 0 "" "$glslc" "$tmp/nomain.frag"
expect 1 "no main" "$glslc" -o "$tmp/nomain.spv" "$tmp/nomain.frag"

# TGSI: the default block at binding 0 is CONST[1], the sampler SAMP[1]
expect 0 "^VERT" "$glslc" --tgsi "$tmp/good.vert"
grep -q "DCL CONST\[1\]" "$tmp/out" || fail "VS TGSI does not read CONST[1]: $(cat "$tmp/out")"
expect 0 "^FRAG" "$glslc" --tgsi "$tmp/good.frag"
grep -q "DCL SAMP\[1\]" "$tmp/out" || fail "FS TGSI has no SAMP[1]: $(cat "$tmp/out")"
grep -q "DCL CONST\[1\]" "$tmp/out" || fail "FS TGSI does not read CONST[1]: $(cat "$tmp/out")"
expect 0 "^// .*good.vert \(num_tokens [0-9]+\)" "$glslc" --tgsi "$tmp/good.vert" "$tmp/good.frag"

# -l links as glLinkProgram: resources with std140 offsets, both stages' TGSI,
# exit 4 on a link error (a varying whose type differs), 1 on a compile error
cat >"$tmp/link.vert" <<'EOF'
#version 300 es
in vec4 pos;
uniform mat4 mvp;
out vec2 uv;
void main() { uv = pos.xy; gl_Position = mvp * pos; }
EOF
cat >"$tmp/link.frag" <<'EOF'
#version 300 es
precision mediump float;
in vec2 uv;
uniform vec4 tint;
uniform Light { vec4 color; } light;
out vec4 o;
void main() { o = vec4(uv, 0.0, 1.0) * tint * light.color; }
EOF
sed 's/in vec2 uv/in vec3 uv/; s/vec4(uv, 0.0, 1.0)/vec4(uv, 1.0)/' "$tmp/link.frag" >"$tmp/mismatch.frag"
expect 0 "uniform vec4 tint block -1 offset 64" "$glslc" -l --reflect "$tmp/link.vert" "$tmp/link.frag"
grep -q "block Light size 16" "$tmp/out" || fail "-l --reflect: no block Light: $(cat "$tmp/out")"
grep -q "default block size 80" "$tmp/out" || fail "-l --reflect: default block size: $(cat "$tmp/out")"
expect 0 "^FRAG" "$glslc" -l --tgsi "$tmp/link.frag" "$tmp/link.vert"
grep -q "^VERT" "$tmp/out" || fail "-l --tgsi: no vertex shader TGSI"
expect 4 "^link:" "$glslc" -l "$tmp/link.vert" "$tmp/mismatch.frag"
grep -q "uv" "$tmp/out" || fail "link log does not name the varying: $(cat "$tmp/out")"
expect 1 "precision" "$glslc" -l "$tmp/link.vert" "$tmp/bad.frag"
expect 2 "one .vert and one .frag" "$glslc" -l "$tmp/link.vert" "$tmp/good.vert"
expect 2 "-l takes" "$glslc" -l "$tmp/link.vert"

# compile errors: a GL-style log line naming the line, exit 1, no output file
expect 1 "^0:2\([0-9]+\): error: .*precision" "$glslc" -o "$tmp/bad.spv" "$tmp/bad.frag"
[ -e "$tmp/bad.spv" ] && fail "-o wrote a file for a failed compile"
expect 1 "^0:2\([0-9]+\): error: .*undeclared" "$glslc" "$tmp/undef.vert"
expect 1 "bad.frag:" "$glslc" "$tmp/good.vert" "$tmp/bad.frag"
expect 1 "" "$glslc" -q "$tmp/bad.frag"

# usage: exit 2, nothing compiled
expect 2 "no input" "$glslc"
expect 2 "unknown option" "$glslc" --frobnicate "$tmp/good.vert"
expect 2 "unknown stage" "$glslc" -S tess "$tmp/good.vert"
expect 2 "needs a value" "$glslc" "$tmp/good.vert" -o
expect 2 "stage" "$glslc" "$tmp/good.shader"
expect 2 "one input" "$glslc" -o "$tmp/x.spv" "$tmp/good.vert" "$tmp/good.frag"
expect 0 "^usage: virgl-glslc" "$glslc" --help
expect 0 "Exit status" "$glslc" -h

# I/O: exit 3, and it wins over a compile failure
expect 3 "cannot read" "$glslc" "$tmp/missing.vert"
expect 3 "" "$glslc" "$tmp/bad.frag" "$tmp/missing.vert"
expect 3 "$tmp/nodir/x.spv" "$glslc" -o "$tmp/nodir/x.spv" "$tmp/good.vert"

if [ "$fails" -ne 0 ]; then
	echo "test_glslc: $fails check(s) failed"
	exit 1
fi
echo "test_glslc: all checks passed"
