#!/bin/bash
# bench/gpu-host/fuzz.sh [SECONDS]: tests/fuzz/fuzz_gl of the bundle
# (bench/gpu-host/bundle.sh after make fuzz) against Debian 12's
# virgl_test_server on NVIDIA's EGL: every stream virtgl makes from the
# fuzzed GL programs must keep a GPU host alive too (an invalid command can
# take down the host's renderer, and what llvmpipe forgives a GPU driver may
# not). Findings and the log go to $OUT; exits with the fuzzer's status.
set -uo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
b=$src/.gpuhost
GPUHOST_ENV_ONLY=1 . "$src/bench/gpu-host/go.sh"
out=${OUT:-/tmp/gpuhost-out}
mkdir -p "$out/fuzz_gl-corpus"
xz -dc "$b/build/fuzz_gl.xz" >"$b/build/fuzz_gl" && chmod +x "$b/build/fuzz_gl" || exit 1
cd "$out" && VIRTGL_TRANSPORT=vtest "$b/build/fuzz_gl" -max_total_time="${1:-120}" -timeout=20 \
	-rss_limit_mb=4096 -print_final_stats=1 fuzz_gl-corpus "$b/build/fuzz_gl-seeds" 2>&1 |
	grep -v -E '^#[0-9]+.*(NEW|REDUCE|pulse)|NEW_FUNC' | tee "$out/fuzz_gl.log" | tail -40
exit "${PIPESTATUS[0]}"
