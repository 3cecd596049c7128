#!/usr/bin/env bash
# Renders the checked-in PNG icons (hicolor sizes and the macOS .icns) from sandmark.svg.
# Run after editing the SVG; needs rsvg-convert (apt: librsvg2-bin, brew: librsvg) and python3.
# The outputs are committed, so building Sandmark never needs these tools.
set -euo pipefail
cd "$(dirname "$0")"
for s in 16 22 24 32 48 64 128 256 512 1024; do
  rsvg-convert -w "$s" -h "$s" sandmark.svg -o "sandmark-$s.png"
done
python3 ../../macos/make_icns.py ../../macos/sandmark.icns \
  sandmark-16.png sandmark-32.png sandmark-64.png sandmark-128.png sandmark-256.png sandmark-512.png \
  sandmark-1024.png
rm sandmark-1024.png
