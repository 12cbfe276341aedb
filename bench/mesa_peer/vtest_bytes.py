#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bytes per draw from two VTEST_SAVE captures (virgl_test_server 0.10.4).

    vtest_bytes.py CAPTURE_SMALL N_SMALL CAPTURE_LARGE N_LARGE
    vtest_bytes.py --dump CAPTURE          (message list and virgl opcodes)

A capture holds every byte the server read from the client: vtest messages,
each a [length, command] header of two little-endian u32 and a payload. The
payload's size follows the server's reader, not always the length field:
CREATE_RENDERER's length is in bytes, TRANSFER_PUT is 11 words plus
data_size raw bytes, fixed-size commands are read at their fixed size, and
SUBMIT_CMD (6) carries `length` words of virgl command stream.

Per-draw figures are differences between the two captures divided by the
difference in draws, so setup, warm-up and read-back cancel out. Output:
KEY=VALUE lines, including mix.<OP>=<commands per draw> for every virgl
opcode whose count changes, and gap.<k>=<count>x <commands> for the most
common command sequences found between two consecutive DRAW_VBOs of one
submit.
"""
import collections
import struct
import sys

VCMD = {1: 'GET_CAPS', 2: 'RESOURCE_CREATE', 3: 'RESOURCE_UNREF', 4: 'TRANSFER_GET',
        5: 'TRANSFER_PUT', 6: 'SUBMIT_CMD', 7: 'RESOURCE_BUSY_WAIT', 8: 'CREATE_RENDERER',
        9: 'GET_CAPS2', 10: 'PING_PROTOCOL_VERSION', 11: 'PROTOCOL_VERSION',
        12: 'RESOURCE_CREATE2', 13: 'TRANSFER_GET2', 14: 'TRANSFER_PUT2', 15: 'GET_PARAM',
        16: 'GET_CAPSET', 17: 'CONTEXT_INIT', 18: 'RESOURCE_CREATE_BLOB', 19: 'SYNC_CREATE',
        20: 'SYNC_UNREF', 21: 'SYNC_READ', 22: 'SYNC_WRITE', 23: 'SYNC_WAIT', 24: 'SUBMIT_CMD2'}
# Commands the server reads at a fixed payload size (words), whatever the length says.
FIXED_WORDS = {2: 10, 3: 1, 4: 11, 7: 2, 11: 1, 12: 11, 13: 10, 14: 10, 15: 1, 16: 2,
               17: 1, 18: 6, 19: 2, 20: 1, 21: 1, 22: 3}
NO_PAYLOAD = {1, 9, 10}
# Read by their length field, in words.
BY_LENGTH = {6, 23, 24}

# virgl opcodes (virglrenderer 0.10.4 virgl_protocol.h, names as in vrend_debug.c).
VIRGL_OPS = [
    'NOP', 'CREATE_OBJECT', 'BIND_OBJECT', 'DESTROY_OBJECT', 'SET_VIEWPORT_STATE',
    'SET_FRAMEBUFFER_STATE', 'SET_VERTEX_BUFFERS', 'CLEAR', 'DRAW_VBO',
    'RESOURCE_INLINE_WRITE', 'SET_SAMPLER_VIEWS', 'SET_INDEX_BUFFER', 'SET_CONSTANT_BUFFER',
    'SET_STENCIL_REF', 'SET_BLEND_COLOR', 'SET_SCISSOR_STATE', 'BLIT', 'RESOURCE_COPY_REGION',
    'BIND_SAMPLER_STATES', 'BEGIN_QUERY', 'END_QUERY', 'GET_QUERY_RESULT',
    'SET_POLYGON_STIPPLE', 'SET_CLIP_STATE', 'SET_SAMPLE_MASK', 'SET_STREAMOUT_TARGETS',
    'SET_RENDER_CONDITION', 'SET_UNIFORM_BUFFER', 'SET_SUB_CTX', 'CREATE_SUB_CTX',
    'DESTROY_SUB_CTX', 'BIND_SHADER', 'SET_TESS_STATE', 'SET_MIN_SAMPLES',
    'SET_SHADER_BUFFERS', 'SET_SHADER_IMAGES', 'MEMORY_BARRIER', 'LAUNCH_GRID',
    'SET_FRAMEBUFFER_STATE_NO_ATTACH', 'TEXTURE_BARRIER', 'SET_ATOMIC_BUFFERS',
    'SET_DEBUG_FLAGS', 'GET_QUERY_RESULT_QBO', 'TRANSFER3D', 'END_TRANSFERS',
    'COPY_TRANSFER3D', 'SET_TWEAKS', 'CLEAR_TEXTURE', 'PIPE_RESOURCE_CREATE',
    'PIPE_RESOURCE_SET_TYPE', 'GET_MEMORY_INFO', 'SEND_STRING_MARKER', 'LINK_SHADER']
OBJ_TYPES = ['NULL', 'BLEND', 'RASTERIZER', 'DSA', 'SHADER', 'VERTEX_ELEMENTS',
             'SAMPLER_VIEW', 'SAMPLER_STATE', 'SURFACE', 'QUERY', 'STREAMOUT_TARGET',
             'MSAA_SURFACE']
DRAW_VBO = 8


def op_name(header):
    op, obj = header & 0xff, (header >> 8) & 0xff
    name = VIRGL_OPS[op] if op < len(VIRGL_OPS) else 'OP_%d' % op
    if obj and op in (1, 2, 3):
        name += '/' + (OBJ_TYPES[obj] if obj < len(OBJ_TYPES) else str(obj))
    return name


def read_messages(path):
    """Yield (command id, payload bytes) in capture order."""
    data = open(path, 'rb').read()
    off = 0
    while off + 8 <= len(data):
        length, cmd = struct.unpack_from('<II', data, off)
        off += 8
        if cmd == 8:                      # CREATE_RENDERER: length in bytes
            size = length
        elif cmd == 5:                    # TRANSFER_PUT: 11 words + data_size bytes
            size = 44 + struct.unpack_from('<I', data, off + 40)[0]
        elif cmd in FIXED_WORDS:
            size = 4 * FIXED_WORDS[cmd]
        elif cmd in NO_PAYLOAD:
            size = 0
        elif cmd in BY_LENGTH:
            size = 4 * length
        else:
            raise SystemExit('%s: unknown vtest command %d at byte %d' % (path, cmd, off - 8))
        if off + size > len(data):
            raise SystemExit('%s: truncated %s at byte %d' % (path, VCMD[cmd], off - 8))
        yield cmd, data[off:off + size]
        off += size
    if off != len(data):
        raise SystemExit('%s: %d trailing bytes' % (path, len(data) - off))


def decode_stream(payload):
    """Return [(header, dwords including the header)] of one virgl stream."""
    words = struct.unpack('<%dI' % (len(payload) // 4), payload)
    cmds, i = [], 0
    while i < len(words):
        header = words[i]
        n = 1 + (header >> 16)
        if i + n > len(words):
            raise SystemExit('virgl command runs past its submit at dword %d' % i)
        cmds.append((header, n))
        i += n
    return cmds


class Capture:
    def __init__(self, path):
        self.total_bytes = 0
        self.messages = collections.Counter()
        self.submits = 0
        self.submit_bytes = 0
        self.op_count = collections.Counter()
        self.op_dwords = collections.Counter()
        self.gaps = collections.Counter()
        for cmd, payload in read_messages(path):
            self.total_bytes += 8 + len(payload)
            self.messages[VCMD[cmd]] += 1
            if cmd != 6:
                continue
            self.submits += 1
            self.submit_bytes += len(payload)
            gap = None
            for header, n in decode_stream(payload):
                name = op_name(header)
                self.op_count[name] += 1
                self.op_dwords[name] += n
                if header & 0xff == DRAW_VBO:
                    if gap is not None:
                        self.gaps[tuple(gap)] += 1
                    gap = []
                elif gap is not None:
                    gap.append('%s:%d' % (name, n))

    @property
    def draws(self):
        return self.op_count['DRAW_VBO']


def report(small, n_small, large, n_large):
    a, b = Capture(small), Capture(large)
    dn = n_large - n_small
    draws = b.draws - a.draws
    if draws != dn:
        raise SystemExit('DRAW_VBO count grew by %d, expected %d' % (draws, dn))
    d_bytes = b.submit_bytes - a.submit_bytes
    out = [
        ('mesa_bytes_per_draw', '%.2f' % (d_bytes / dn)),
        ('mesa_dwords_per_draw', '%.2f' % (d_bytes / 4 / dn)),
        ('mesa_wire_bytes_per_draw', '%.2f' % ((b.total_bytes - a.total_bytes) / dn)),
        ('submits', b.submits),
        ('submits_n%d' % n_small, a.submits),
        ('submit_bytes_n%d' % n_small, a.submit_bytes),
        ('submit_bytes_n%d' % n_large, b.submit_bytes),
        ('draw_vbo_n%d' % n_large, b.draws),
        ('vtest_messages_n%d' % n_large,
         ','.join('%s:%d' % kv for kv in sorted(b.messages.items()))),
    ]
    for name in sorted(set(a.op_count) | set(b.op_count)):
        dc = b.op_count[name] - a.op_count[name]
        dw = b.op_dwords[name] - a.op_dwords[name]
        if dc or dw:
            out.append(('mix.%s' % name, '%.3f cmds, %.3f dwords' % (dc / dn, dw / dn)))
    gaps = b.gaps.most_common()
    for k, (gap, count) in enumerate(gaps[:4]):
        dwords = sum(int(g.rsplit(':', 1)[1]) for g in gap)
        out.append(('gap.%d' % k, '%dx %d dwords: %s' % (
            count, dwords, ' '.join(gap) if gap else '(nothing)')))
    if len(gaps) > 4:
        out.append(('gap.other', '%d more kinds, %d gaps' % (
            len(gaps) - 4, sum(c for _, c in gaps[4:]))))
    for key, value in out:
        print('%s=%s' % (key, value))


def dump(path):
    for cmd, payload in read_messages(path):
        line = '%s %d bytes' % (VCMD[cmd], len(payload))
        if cmd == 6:
            ops = collections.Counter(op_name(h) for h, _ in decode_stream(payload))
            line += ': ' + ', '.join('%s x%d' % kv for kv in ops.most_common())
        print(line)


def main(argv):
    if len(argv) == 3 and argv[1] == '--dump':
        dump(argv[2])
    elif len(argv) == 5:
        report(argv[1], int(argv[2]), argv[3], int(argv[4]))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
