#!/bin/bash
# bench/gpu-host/bundle.sh: packs what bench/gles/run.sh needs to run on a
# machine with an NVIDIA GPU and no Debian packages (the project's device
# machine: Ubuntu, NVIDIA's EGL, no Mesa, no virgl-server), into
# SRC/.gpuhost (kept out of git via .git/info/exclude):
#
#   debs/      Debian 12's virgl-server and Mesa 22.3 (the peer, virpipe) with
#              the libraries they load, as .deb files: ~50 MB
#   build/     virtgl's EGL vendor library, the bench programs and the gl/ and vk/
#              check suites of this build
#   corpus/    the real-shader corpus (progbuild)
#   build/fuzz_gl.xz  tests/fuzz/fuzz_gl when built (make fuzz), for fuzz.sh
#
#   bench/gpu-host/bundle.sh            (from the build tree, after make)
#
# Then, on the GPU machine, from the source root: bench/gpu-host/go.sh.
# Why a real GPU: on this 2-core machine the host is Mesa llvmpipe, which
# spends ~30 us per draw that changes state for both peers alike, so the
# draws/s rows measure llvmpipe; on a GPU the host's share is small and the
# rows measure the drivers and their streams (docs/gpu-host.md).
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${top_builddir:-.}" && pwd)
dst=$src/.gpuhost
grep -qx '/.gpuhost/' "$src/.git/info/exclude" 2>/dev/null ||
	{ mkdir -p "$src/.git/info" && echo '/.gpuhost/' >>"$src/.git/info/exclude"; }
rm -rf "$dst" && mkdir -p "$dst/debs" "$dst/build/gl" "$dst/build/bench/gles" "$dst/build/tools"
# The closure of NEEDED entries of the server, Mesa's EGL + DRI driver and
# glvnd, less the libraries every distribution has (libc, libstdc++, libexpat,
# libffi, zlib, ...: the newer system ones are kept for the system's python3).
pkgs=(virgl-server libvirglrenderer1 libepoxy0 libgbm1 libva2 libva-drm2 libwayland-server0
	libwayland-client0 libdrm2 libdrm-amdgpu1 libdrm-intel1 libdrm-nouveau2 libdrm-radeon1
	libpciaccess0 libx11-6 libx11-data libx11-xcb1 libxau6 libxdmcp6 libxcb1 libxcb-dri2-0
	libxcb-dri3-0 libxcb-present0 libxcb-randr0 libxcb-shm0 libxcb-sync1 libxcb-xfixes0 libxshmfence1
	libxext6 libbsd0 libmd0 libvulkan1 libegl1 libglvnd0 libgles2 libgl1 libglx0 libopengl0
	libegl-mesa0 libgl1-mesa-dri libglapi-mesa libllvm15 libz3-4 libicu72 libxml2 libedit2
	libelf1 libsensors5 libtinfo6 libsubunit0)
(cd "$dst/debs" && apt-get download "${pkgs[@]}" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
[ "$(ls "$dst/debs" | wc -l)" -ge "${#pkgs[@]}" ] || { echo "bundle: apt-get download failed" >&2; exit 1; }
strip --strip-debug -o "$dst/build/gl/libEGL_virtgl.so.0" "$build/gl/.libs/libEGL_virtgl.so.0"
for b in drawoverhead_es readback_es progbuild_es; do cp "$build/bench/gles/$b" "$dst/build/bench/gles/"; done
cp "$build/tools/virtgl-demo" "$dst/build/tools/"
# the gl/ and vk/ check suites, to run on the GPU host too (tests.sh): built
# here (make check with no TESTS builds them and runs none)
make -C "$build" -j2 check TESTS= >/dev/null
mkdir -p "$dst/build/tests/gl" "$dst/build/tests/vk"
for t in "$build"/tests/gl/test_gl_* "$build"/tests/vk/test_vk_*; do
	case $t in *.c | *.o | *.log | *.trs) continue ;; esac
	[ -x "$t" ] && strip --strip-debug -o "$dst/build/tests/${t#"$build"/tests/}" "$t"
done
# the vk/ suites' SPIR-V (tests.sh points VIRTGL_VK_SHADER_DIR at them)
mkdir -p "$dst/build/tests/vk/shaders"
cp "$build"/tests/vk/shaders/*.spv "$dst/build/tests/vk/shaders/"
# one solid archive: the suites share most of their code (11 MB -> ~2 MB)
tar -C "$dst/build" -cJf "$dst/build/tests.tar.xz" tests && rm -rf "$dst/build/tests"
# the GL call fuzzer (make fuzz), to judge what virtgl sends against a GPU host (fuzz.sh)
if [ -x "$build/tests/fuzz/fuzz_gl" ]; then
	strip --strip-debug -o "$dst/build/fuzz_gl" "$build/tests/fuzz/fuzz_gl"
	xz -T2 "$dst/build/fuzz_gl"
	cp -r "$src/tests/fuzz/seeds/fuzz_gl" "$dst/build/fuzz_gl-seeds"
fi
cp -r "${CORPUS_DIR:-$src/tests/corpus/real-shaders}" "$dst/corpus"
du -sh "$dst"
