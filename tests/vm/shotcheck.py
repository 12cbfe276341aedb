#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""shotcheck.py: screenshots of the VM's display, and checks on them.

  shotcheck.py grab --display :N --out FILE.png
      Takes a screenshot of QEMU's SDL window on the X server :N (xwd of the
      root window, cut to the window that xwininfo reports for the program
      qemu-system-*) and writes it as PNG, with the window's geometry and the
      pixel layout in PNG text chunks. Exit status 1 when there is no QEMU
      window or it is not wholly on the screen (the PNG then holds the whole
      screen, for a look).

  shotcheck.py check [options] SHOT.png...
      Asserts that each shot is a program's picture, not a black or blank
      window, and optionally that the shots differ (animation) and that
      given places have given colours. Prints one summary line; exit status 0
      when every check passes, 1 when one fails (with the reason), 2 when a
      file cannot be read.

Why xwd, and the "packed24" layout: QEMU 7.2's `screendump` (monitor/QMP)
answers "no surface" while the guest scans out a virgl resource, because
that picture only exists as a GL texture that SDL draws into the window.
xwd reads what the X server holds. On Xvfb (xorg-server 21.1) with Mesa
22.3's software GL, the GL window's pixels land in the 32-bit framebuffer
as 24-bit packed pixels: pixel x of a window at X is at byte 3*(X+x) of the
row, not 4*(X+x). Read as 32-bit pixels that is a 3/4-wide, striped picture.
`grab` decodes the window both ways and keeps the one whose neighbouring
pixels differ least (a real picture is smooth; the wrong reading is
striped), and records which it took ("layout": xrgb32 or packed24).

Needs Debian's python3-pil (run with /usr/bin/python3) and x11-apps (xwd)
and x11-utils (xwininfo).
"""
import argparse
import re
import struct
import subprocess
import sys

from PIL import Image, ImageChops, ImageStat
from PIL.PngImagePlugin import PngInfo

PROG = "shotcheck"


class ShotError(Exception):
    pass


# --- grab ---------------------------------------------------------------------

def run(cmd):
    try:
        return subprocess.run(cmd, check=True, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=30).stdout
    except FileNotFoundError:
        raise ShotError(f"{cmd[0]} not found (apt-get install x11-apps x11-utils)")
    except subprocess.CalledProcessError as e:
        raise ShotError(f"{' '.join(cmd)} failed: {e.stderr.decode(errors='replace').strip()}")
    except subprocess.TimeoutExpired:
        raise ShotError(f"{' '.join(cmd)} timed out")


def qemu_window(display):
    """(width, height, x, y) of the top-level window of qemu-system-*."""
    tree = run(["xwininfo", "-display", display, "-root", "-children"]).decode(errors="replace")
    for line in tree.splitlines():
        if '"qemu-system-' not in line:
            continue
        # 0x200006 "QEMU": ("qemu-system-x86_64" "qemu-system-x86_64")  1280x800+480+260  +480+260
        m = re.search(r"\s(\d+)x(\d+)[+-]-?\d+[+-]-?\d+\s+\+(-?\d+)\+(-?\d+)\s*$", line)
        if m:
            return tuple(int(v) for v in m.groups())
    raise ShotError(f"no QEMU window on {display}")


def parse_xwd(data):
    """The XWD file's header fields we need, and where its pixels start."""
    if len(data) < 100:
        raise ShotError("xwd output is too short")
    h = struct.unpack(">25I", data[:100])
    hdr = {"header_size": h[0], "version": h[1], "format": h[2], "depth": h[3],
           "width": h[4], "height": h[5], "byte_order": h[7],
           "bytes_per_line": h[12], "ncolors": h[19]}
    if hdr["version"] != 7 or hdr["format"] != 2:
        raise ShotError("not a ZPixmap XWD file (version 7)")
    if hdr["depth"] != 24 or hdr["bytes_per_line"] < 4 * hdr["width"]:
        raise ShotError(f"unsupported X screen: depth {hdr['depth']}, "
                        f"{hdr['bytes_per_line']} bytes a line (want depth 24, 32-bit pixels)")
    hdr["offset"] = hdr["header_size"] + 12 * hdr["ncolors"]
    if len(data) < hdr["offset"] + hdr["bytes_per_line"] * hdr["height"]:
        raise ShotError("xwd output is truncated")
    return hdr


def decode(data, hdr, box, layout):
    """The pixels of box=(x, y, w, h) as an RGB image, read as layout."""
    x, y, w, h = box
    bpl, off = hdr["bytes_per_line"], hdr["offset"]
    bpp = 4 if layout == "xrgb32" else 3
    rows = b"".join(data[off + r * bpl + x * bpp: off + r * bpl + (x + w) * bpp]
                    for r in range(y, y + h))
    if layout == "xrgb32":
        raw = "BGRX" if hdr["byte_order"] == 0 else "XRGB"
    else:
        raw = "BGR" if hdr["byte_order"] == 0 else "RGB"
    return Image.frombuffer("RGB", (w, h), rows, "raw", raw, 0, 1)


def roughness(img):
    """Mean difference between horizontally neighbouring pixels."""
    w, h = img.size
    if w < 2:
        return 0.0
    a = img.crop((0, 0, w - 1, h))
    b = img.crop((1, 0, w, h))
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean)


def grab(args):
    data = run(["xwd", "-root", "-silent", "-display", args.display])
    hdr = parse_xwd(data)
    info = PngInfo()
    try:
        w, h, x, y = qemu_window(args.display)
        if x < 0 or y < 0 or x + w > hdr["width"] or y + h > hdr["height"]:
            raise ShotError(f"the QEMU window {w}x{h}+{x}+{y} is not wholly on the "
                            f"{hdr['width']}x{hdr['height']} screen (make the X screen larger)")
    except ShotError as e:
        decode(data, hdr, (0, 0, hdr["width"], hdr["height"]), "xrgb32").save(args.out)
        raise ShotError(f"{e}; the whole screen is in {args.out}")
    shots = {layout: decode(data, hdr, (x, y, w, h), layout) for layout in ("xrgb32", "packed24")}
    rough = {layout: roughness(img) for layout, img in shots.items()}
    layout = "packed24" if rough["packed24"] < rough["xrgb32"] else "xrgb32"
    info.add_text("qemu-window", f"{w}x{h}+{x}+{y}")
    info.add_text("x-screen", f"{hdr['width']}x{hdr['height']}")
    info.add_text("layout", layout)
    shots[layout].save(args.out, pnginfo=info)
    print(f"{PROG}: {args.out}: QEMU window {w}x{h}+{x}+{y}, layout {layout}")


# --- check --------------------------------------------------------------------

def parse_colour(s):
    m = re.fullmatch(r"#?([0-9a-fA-F]{6})", s)
    if not m:
        raise argparse.ArgumentTypeError(f"colour '{s}' is not #RRGGBB")
    v = int(m.group(1), 16)
    return (v >> 16 & 255, v >> 8 & 255, v & 255)


def parse_expect(s):
    """SHOT:X,Y=#RRGGBB[~TOL] or X,Y=#RRGGBB[~TOL] (every shot)."""
    m = re.fullmatch(r"(?:(\d+):)?(-?\d+),(-?\d+)=(#?[0-9a-fA-F]{6})(?:~(\d+))?", s)
    if not m:
        raise argparse.ArgumentTypeError(f"--expect '{s}' is not [N:]X,Y=#RRGGBB[~TOL]")
    shot = int(m.group(1)) if m.group(1) else None
    return (shot, int(m.group(2)), int(m.group(3)), parse_colour(m.group(4)),
            int(m.group(5) or 24))


def parse_size(s):
    m = re.fullmatch(r"(\d+)x(\d+)", s)
    if not m:
        raise argparse.ArgumentTypeError(f"size '{s}' is not WxH")
    return (int(m.group(1)), int(m.group(2)))


def hexc(c):
    return "#%02x%02x%02x" % c


def stats(img, black):
    """colours, the share of pixels brighter than black, the commonest colour and its share."""
    n = img.size[0] * img.size[1]
    colours = img.getcolors(n)
    top_count, top = max(colours)
    lit_mask = img.convert("L").point(lambda v: 255 if v > black else 0)
    lit = ImageStat.Stat(lit_mask).mean[0] / 255.0
    return len(colours), lit, top, top_count / n


def check_one(path, img, args, failures):
    if args.size and img.size != args.size:
        failures.append(f"{path}: {img.size[0]}x{img.size[1]}, not the expected "
                        f"{args.size[0]}x{args.size[1]} QEMU window")
    ncol, lit, top, share = stats(img, args.black)
    if ncol < args.min_colours:
        failures.append(f"{path}: only {ncol} colours (want at least {args.min_colours}): "
                        "a blank or unrendered window")
    if lit < args.min_lit:
        failures.append(f"{path}: {lit:.1%} of the pixels are brighter than {args.black} "
                        f"(want at least {args.min_lit:.1%}): the window is black")
    if share > args.max_share:
        failures.append(f"{path}: {hexc(top)} covers {share:.2%} of the window "
                        f"(at most {args.max_share:.2%} allowed): nothing drawn on it")
    return f"{ncol} colours, lit {lit:.0%}, top {hexc(top)} {share:.0%}"


def check_expect(paths, imgs, expects, failures):
    for shot, x, y, want, tol in expects:
        for i, (path, img) in enumerate(zip(paths, imgs), 1):
            if shot is not None and shot != i:
                continue
            w, h = img.size
            px, py = (x + w if x < 0 else x), (y + h if y < 0 else y)
            if not (0 <= px < w and 0 <= py < h):
                failures.append(f"{path}: --expect place {x},{y} is outside the {w}x{h} shot")
                continue
            got = img.getpixel((px, py))
            if max(abs(a - b) for a, b in zip(got, want)) > tol:
                failures.append(f"{path}: pixel {px},{py} is {hexc(got)}, want {hexc(want)} ±{tol}")


def changed_share(a, b):
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 8 else 0)
    return ImageStat.Stat(diff).mean[0] / 255.0


def check_differ(paths, imgs, args, failures):
    """--differ: each shot against the one before; --differ-any: some shot
    against the first (for an animation with a period that two shots may
    happen to sample in phase)."""
    if args.differ_any:
        pairs = [(0, i) for i in range(1, len(imgs))]
    else:
        pairs = [(i - 1, i) for i in range(1, len(imgs))]
    changes = []
    for i, j in pairs:
        if imgs[i].size != imgs[j].size:
            failures.append(f"{paths[i]} and {paths[j]} differ in size")
            return changes
        changes.append(changed_share(imgs[i], imgs[j]))
    if not changes:
        failures.append("--differ needs at least two shots")
    elif args.differ_any and max(changes) < args.min_changed:
        failures.append(f"no shot has at least {args.min_changed:.3%} of its pixels changed since "
                        f"{paths[0]} (at most {max(changes):.3%}): the picture does not move")
    elif not args.differ_any:
        for (i, j), changed in zip(pairs, changes):
            if changed < args.min_changed:
                failures.append(f"{paths[j]}: only {changed:.3%} of the pixels changed since {paths[i]} "
                                f"(want at least {args.min_changed:.3%}): the picture does not move")
    return changes


def check(args):
    imgs = []
    for path in args.shots:
        try:
            imgs.append(Image.open(path).convert("RGB"))
        except OSError as e:
            print(f"{PROG}: ERROR: cannot read {path}: {e}", file=sys.stderr)
            return 2
    failures = []
    parts = [f"{p.rsplit('/', 1)[-1]} {check_one(p, img, args, failures)}"
             for p, img in zip(args.shots, imgs)]
    check_expect(args.shots, imgs, args.expect, failures)
    if args.differ or args.differ_any:
        changes = check_differ(args.shots, imgs, args, failures)
        parts.append("changed " + "/".join(f"{c:.1%}" for c in changes))
    label = f"{args.label}: " if args.label else ""
    if failures:
        for f in failures:
            print(f"{PROG}: FAIL: {label}{f}", file=sys.stderr)
        print(f"{PROG}: FAIL {label}" + "; ".join(parts))
        return 1
    print(f"{PROG}: OK {label}" + "; ".join(parts))
    return 0


def main():
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("grab", help="screenshot of the QEMU window as PNG")
    g.add_argument("--display", required=True)
    g.add_argument("--out", required=True)
    c = sub.add_parser("check", help="assert that screenshots show a picture")
    c.add_argument("shots", nargs="+")
    c.add_argument("--label", default="", help="name for the summary line")
    c.add_argument("--size", type=parse_size, help="expected window size WxH (the guest mode)")
    c.add_argument("--min-colours", type=int, default=16)
    c.add_argument("--black", type=int, default=16,
                   help="a pixel whose grey level is at most this counts as black")
    c.add_argument("--min-lit", type=float, default=0.05,
                   help="least share of non-black pixels")
    c.add_argument("--max-share", type=float, default=0.99,
                   help="most share of the commonest colour")
    c.add_argument("--differ", action="store_true", help="each shot must differ from the one before")
    c.add_argument("--differ-any", action="store_true",
                   help="some shot must differ from the first")
    c.add_argument("--min-changed", type=float, default=0.002,
                   help="least share of changed pixels between shots, with --differ")
    c.add_argument("--expect", type=parse_expect, action="append", default=[],
                   help="[N:]X,Y=#RRGGBB[~TOL]: pixel X,Y of shot N (every shot without N; "
                        "negative X/Y count from the right/bottom) is that colour, ±TOL (24)")
    args = ap.parse_args()
    try:
        return grab(args) or 0 if args.cmd == "grab" else check(args)
    except ShotError as e:
        print(f"{PROG}: ERROR: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
