#!/bin/bash
# bench/run.sh: every drm/ benchmark, each against its peer in the same run.
#   - bench_compile: SPIR-V -> TGSI per shader on the real-shader corpus
#   - bench_vk_draw: record + submit per draw for five loops (peer: Mesa's
#     virgl bytes per draw, bench/mesa_peer/run.sh, root only)
#   - bench_encoder: typed generated encoders vs hand-pushed dwords (Mesa's style)
#   - bench_roundtrip on vtest: virtgl vs the same loop on raw socket calls
#   - bench_roundtrip on DRM inside the QEMU guest: virtgl vs raw ioctls
# Run from the build tree after `make`. Output: KEY=VALUE lines per section,
# also saved under bench/results/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
build=${top_builddir:-$PWD}
out=$build/bench/results
mkdir -p "$out"
iters=${BENCH_ITERATIONS:-2000}

section() { echo "== $1"; }

section "spirv -> tgsi, real-shader corpus"
python3 "$src/bench/corpus_to_spirv.py" "$src/tests/corpus/real-shaders" \
	"$src/tests/corpus/real-shaders/TIMING_LIST.txt" "$out/corpus-spirv" | tee "$out/corpus.txt"
"$build/bench/bench_compile" "$out/corpus-spirv" 21 | tee "$out/compile.txt"

section "vk draw loops: record + submit per draw (private virgl_test_server)"
VIRTGL_TRANSPORT=vtest "$build/bench/bench_vk_draw" | tee "$out/vk-draw.txt"

section "encoder"
"$build/bench/bench_encoder" | tee "$out/encoder.txt"

# One CPU for client and servers: on two cores the server processes of the
# two connections land on either core and even an A/A run drifts by ±25 %.
section "roundtrip vtest A/A (noise: floor vs floor, one CPU)"
taskset -c 0 "$build/bench/bench_roundtrip" -t vtest -n "$iters" -a | tee "$out/roundtrip-vtest-aa.txt"
section "roundtrip vtest (private virgl_test_server, one CPU)"
taskset -c 0 "$build/bench/bench_roundtrip" -t vtest -n "$iters" | tee "$out/roundtrip-vtest.txt"

section "roundtrip drm (QEMU guest, virtio-gpu-gl-pci, TCG)"
"$src/tests/vm/vm-run.sh" -t 600 "$build/bench/bench_roundtrip" -t drm -n "$((iters / 2))" \
	| tee "$out/roundtrip-drm.txt"
