#!/usr/bin/env bash
# Renders resources/icons/spanforge.svg to the PNG sizes the freedesktop icon
# theme (hicolor) and the app itself use. The PNGs are committed, so builds
# do not need this; run it after changing the SVG (needs librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/../resources/icons"
command -v rsvg-convert >/dev/null || { echo "render-icons: needs rsvg-convert (apt-get install librsvg2-bin)" >&2; exit 2; }
for size in 16 22 24 32 48 64 128 256 512; do
  mkdir -p "hicolor/${size}x${size}/apps"
  rsvg-convert -w "$size" -h "$size" spanforge.svg -o "hicolor/${size}x${size}/apps/spanforge.png"
done
cp hicolor/256x256/apps/spanforge.png spanforge.png  # the window icon compiled into the app
