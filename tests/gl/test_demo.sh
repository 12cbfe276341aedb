#!/bin/sh
# test_demo.sh: runs virtgl-demo on virtgl (tools/run-demo.sh) and checks what
# it wrote: each PNG exists, has the asked size, is not one flat colour, has
# the cube in the middle (not the background colour of the corner), and the
# two frames differ (the cube rotates). The PNGs are decoded with Python's
# zlib, independently of the libpng that wrote them.
#
# It also runs in the VM (tests/vm/test_vm.sh, VM_SUITES): there a virtio_gpu
# render node exists, and without VIRTGL_TRANSPORT the demo gets drm (not
# run-demo.sh's default, a private virgl_test_server inside the guest, which
# would render with the guest's llvmpipe and test nothing of the kernel
# path). The renderer string the demo prints must name the transport asked.
set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$(cd "$here/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
export top_builddir

# a render node of virtio_gpu (renderD129 in the VM is vgem): the node's
# device is the virtio device, or the PCI device with it as a child
virtio_gpu_node() {
    for d in /sys/class/drm/renderD*/device/driver /sys/class/drm/renderD*/device/virtio*/driver; do
        case $(readlink "$d" 2>/dev/null) in
        */virtio_gpu) return 0 ;;
        esac
    done
    return 1
}

if [ -z "${VIRTGL_TRANSPORT:-}" ] && virtio_gpu_node; then
    VIRTGL_TRANSPORT=drm
    export VIRTGL_TRANSPORT
fi
transport=${VIRTGL_TRANSPORT:-vtest}
echo "test_demo: transport $transport"

out=$(mktemp -d /tmp/virtgl-demo-test-XXXXXX)
trap 'rm -rf "$out"' EXIT

if ! "$top_srcdir/tools/run-demo.sh" -o "$out" -n 2 -s 96x64 >"$out/demo.log" 2>&1; then
    cat "$out/demo.log"
    echo "test_demo: FAIL: virtgl-demo failed"
    exit 1
fi
cat "$out/demo.log"
if ! grep -q "^virtgl-demo: OpenGL ES .* ($transport)); " "$out/demo.log"; then
    echo "test_demo: FAIL: the demo did not render through transport $transport"
    exit 1
fi

"${PYTHON:-python3}" - "$out" 96 64 <<'PY'
import struct, sys, zlib

def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

def unfilter(raw, width, height, bpp=4):
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        ftype, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]
            line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        prev = line
    return rows

def read_png(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, ihdr = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            ihdr = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    w, h, depth, ctype, _, _, interlace = ihdr
    assert (depth, ctype, interlace) == (8, 6, 0), 'expected 8-bit RGBA, not interlaced'
    return w, h, unfilter(zlib.decompress(idat), w, h)

def pixel(rows, x, y):
    return rows[y][4 * x:4 * x + 4]

out, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
frames = []
for n in range(2):
    path = '%s/frame-%04d.png' % (out, n)
    w, h, rows = read_png(path)
    assert (w, h) == (want_w, want_h), '%s is %dx%d' % (path, w, h)
    colours = {pixel(rows, x, y) for y in range(h) for x in range(w)}
    # flat-shaded faces: the background and at least three faces
    assert len(colours) >= 4, '%s has only %d colours' % (path, len(colours))
    assert pixel(rows, w // 2, h // 2) != pixel(rows, 0, 0), '%s: no cube in the middle' % path
    print('test_demo: %s: %dx%d, %d colours' % (path, w, h, len(colours)))
    frames.append(rows)
assert frames[0] != frames[1], 'the two frames are identical: the cube did not rotate'
PY
