#!/bin/bash
# bench/gpu-host/go.sh [SECTION...]: bench/gles/run.sh on a GPU machine from
# the bundle of bench/gpu-host/bundle.sh (SRC/.gpuhost). Both peers talk to
# Debian 12's virgl_test_server rendering with NVIDIA's EGL (surfaceless).
# Results go to $OUT (default /tmp/gpuhost-out). No CPU pinning by default
# (GLES_BENCH_CPUS): the GPU driver has threads of its own.
set -uo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
b=$src/.gpuhost
R=/opt/virtgl-gpuhost   # not under /tmp: the Mesa peer mounts a tmpfs over /tmp
nvjson=${NVIDIA_EGL_JSON:-/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json}
[ -d "$b/debs" ] || { echo "go.sh: no bundle at $b (run bench/gpu-host/bundle.sh)" >&2; exit 1; }
[ -f "$nvjson" ] || { echo "go.sh: no NVIDIA EGL vendor JSON at $nvjson" >&2; exit 1; }
mkdir -p $R
for f in "$b"/debs/*.deb; do dpkg-deb -x "$f" $R; done
export LD_LIBRARY_PATH=$R/usr/lib/x86_64-linux-gnu:$R/lib/x86_64-linux-gnu:${NVIDIA_LIB_DIR:-/usr/local/nvidia/lib64}
nvidia-smi -L || true
# The server alone sees NVIDIA's vendor: run.sh starts it with
# __EGL_VENDOR_LIBRARY_FILENAMES unset, this wrapper sets it again.
mkdir -p $R/wbin
printf '#!/bin/sh\nexport __EGL_VENDOR_LIBRARY_FILENAMES=%s\nexec %s "$@"\n' \
	"$nvjson" "$R/usr/bin/virgl_test_server" >$R/wbin/virgl_test_server
chmod +x $R/wbin/virgl_test_server
export PATH=$R/wbin:$PATH
printf '{ "file_format_version" : "1.0.0", "ICD" : { "library_path" : "%s" } }\n' \
	"$b/build/gl/libEGL_virtgl.so.0" >"$b/build/gl/virtgl_egl.json"
export GB_MESA_JSON=$R/usr/share/glvnd/egl_vendor.d/50_mesa.json
export LIBGL_DRIVERS_PATH=$R/usr/lib/x86_64-linux-gnu/dri
export CORPUS_DIR=$b/corpus
unshare -m --propagation private true 2>/dev/null || export GB_MESA_DIRECT=1
export top_builddir=$b/build GLES_BENCH_OUT=${OUT:-/tmp/gpuhost-out} GLES_BENCH_CPUS=${GLES_BENCH_CPUS-}
[ -n "${GPUHOST_ENV_ONLY:-}" ] && return 0
GLES_BENCH_DEMO=${GLES_BENCH_DEMO:-$b/build/tools/virtgl-demo} \
	exec "$src/bench/gles/run.sh" "$@"
