#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bytes and vtest messages per unit (draw, iteration) from two VTEST_SAVE
captures of the same program run with N and 2N units, for either peer.

    gles_bytes.py CAPTURE_SMALL N_SMALL CAPTURE_LARGE N_LARGE [--draws]

Reads captures with bench/mesa_peer/vtest_bytes.py's reader (the message
framing of virgl_test_server 0.10.4) and adds what that script leaves out
for virtgl: SUBMIT_CMD2 (24, vtest protocol 3), whose payload is a batch
count, 8-word batch headers (flags, cmd_offset, cmd_size, ...) and the
virgl stream; and data sent beside the stream (TRANSFER_PUT's inline bytes,
TRANSFER_PUT2's data_size, which travels through shared memory).

Per unit (differences between the captures / (N_LARGE - N_SMALL)):
  stream_bytes_per_unit    virgl command stream bytes (SUBMIT_CMD + SUBMIT_CMD2)
  wire_bytes_per_unit      every byte the server read, vtest headers included
  transfer_bytes_per_unit  TRANSFER_PUT inline data + TRANSFER_PUT2 data_size
  total_bytes_per_unit     stream + transfer data
  submits_per_unit         SUBMIT_CMD + SUBMIT_CMD2
  roundtrips_per_unit      messages the client waits on a reply for (ROUND_TRIPS)
  transfers_per_unit       TRANSFER_PUT/GET(2) messages
  msg.NAME                 vtest messages of each kind per unit
  mix.OP                   virgl commands per unit (count, dwords)
With --draws, the DRAW_VBO count must grow by exactly N_LARGE - N_SMALL.
"""
import collections
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'mesa_peer'))
import vtest_bytes as vb  # noqa: E402


# Messages the client waits on a reply for (virglrenderer 0.10.4 vtest).
ROUND_TRIPS = ['GET_CAPS', 'GET_CAPS2', 'GET_CAPSET', 'GET_PARAM', 'RESOURCE_BUSY_WAIT',
               'PING_PROTOCOL_VERSION', 'PROTOCOL_VERSION', 'RESOURCE_CREATE2',
               'RESOURCE_CREATE_BLOB', 'TRANSFER_GET', 'SYNC_CREATE', 'SYNC_READ', 'SYNC_WAIT']


def streams(cmd, payload):
    """The virgl command streams of one message (bytes objects)."""
    if cmd == 6:
        return [payload]
    if cmd == 24:
        words = struct.unpack('<%dI' % (len(payload) // 4), payload)
        out = []
        for b in range(words[0] if words else 0):
            hdr = 1 + 8 * b
            off, size = words[hdr + 1], words[hdr + 2]
            out.append(payload[4 * off:4 * (off + size)])
        return out
    return []


class Capture:
    def __init__(self, path):
        self.wire = 0
        self.stream = 0
        self.transfer = 0
        self.messages = collections.Counter()
        self.op_count = collections.Counter()
        self.op_dwords = collections.Counter()
        for cmd, payload in vb.read_messages(path):
            self.wire += 8 + len(payload)
            self.messages[vb.VCMD.get(cmd, str(cmd))] += 1
            if cmd == 5:
                self.transfer += len(payload) - 44
            elif cmd == 14:
                self.transfer += struct.unpack_from('<I', payload, 32)[0]
            for s in streams(cmd, payload):
                self.stream += len(s)
                for header, n in vb.decode_stream(s):
                    name = vb.op_name(header)
                    self.op_count[name] += 1
                    self.op_dwords[name] += n


def main(argv):
    args = [a for a in argv[1:] if not a.startswith('--')]
    if len(args) != 4:
        sys.stderr.write(__doc__)
        return 2
    a, b = Capture(args[0]), Capture(args[2])
    du = int(args[3]) - int(args[1])
    if '--draws' in argv:
        draws = b.op_count['DRAW_VBO'] - a.op_count['DRAW_VBO']
        if draws != du:
            print('bytes_error=DRAW_VBO count grew by %d, expected %d' % (draws, du))
            return 1
    out = [
        ('stream_bytes_per_unit', (b.stream - a.stream) / du),
        ('wire_bytes_per_unit', (b.wire - a.wire) / du),
        ('transfer_bytes_per_unit', (b.transfer - a.transfer) / du),
        ('total_bytes_per_unit', (b.stream + b.transfer - a.stream - a.transfer) / du),
    ]
    for key, value in out:
        print('%s=%.2f' % (key, value))
    print('submits_large=%d' % (b.messages['SUBMIT_CMD'] + b.messages['SUBMIT_CMD2']))

    def per_unit(names):
        return sum(b.messages[n] - a.messages[n] for n in names) / du
    print('submits_per_unit=%.3f' % per_unit(['SUBMIT_CMD', 'SUBMIT_CMD2']))
    print('roundtrips_per_unit=%.3f' % per_unit(ROUND_TRIPS))
    print('transfers_per_unit=%.3f' % per_unit(['TRANSFER_PUT', 'TRANSFER_PUT2', 'TRANSFER_GET',
                                                 'TRANSFER_GET2']))
    for name in sorted(set(a.messages) | set(b.messages)):
        d = b.messages[name] - a.messages[name]
        if d:
            print('msg.%s=%.3f' % (name, d / du))
    for name in sorted(set(a.op_count) | set(b.op_count)):
        dc = b.op_count[name] - a.op_count[name]
        dw = b.op_dwords[name] - a.op_dwords[name]
        if dc or dw:
            print('mix.%s=%.3f cmds, %.3f dwords' % (name, dc / du, dw / du))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
