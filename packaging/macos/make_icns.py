#!/usr/bin/env python3
"""Writes a macOS .icns from square PNG files, without macOS tools.

Usage: make_icns.py OUT.icns sandmark-16.png sandmark-32.png ... (sizes 16..1024, taken from the pixels)

An .icns is the 8-byte header b"icns" + big-endian total length, then one element per image: a 4-byte
type, a big-endian length (including these 8 bytes) and the PNG data. Types for PNG payloads, from
Apple's IconFamily format as iconutil writes it: ic04 16, ic05 32, ic07 128, ic08 256, ic09 512,
ic10 1024 (512@2x), ic11 32 (16@2x), ic12 64 (32@2x), ic13 256 (128@2x), ic14 512 (256@2x).
On a Mac, `iconutil -c icns sandmark.iconset` gives an equivalent file (docs/packaging.md).
"""
import struct
import sys

TYPES = {16: [b"ic04"], 32: [b"ic05", b"ic11"], 64: [b"ic12"], 128: [b"ic07"],
         256: [b"ic08", b"ic13"], 512: [b"ic09", b"ic14"], 1024: [b"ic10"]}


def png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    if width != height:
        raise ValueError(f"not square: {width}x{height}")
    return width


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    elements = []
    for path in argv[2:]:
        with open(path, "rb") as f:
            data = f.read()
        try:
            size = png_size(data)
        except ValueError as e:
            print(f"{path}: {e}", file=sys.stderr)
            return 1
        if size not in TYPES:
            print(f"{path}: size {size} has no icns type", file=sys.stderr)
            return 1
        for t in TYPES[size]:
            elements.append(t + struct.pack(">I", len(data) + 8) + data)
    body = b"".join(elements)
    with open(argv[1], "wb") as f:
        f.write(b"icns" + struct.pack(">I", len(body) + 8) + body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
