#!/usr/bin/env bash
# Installs every Debian 12 package Spanforge needs to build, run and test.
# Idempotent: packages already installed are left alone; apt-get runs only when needed.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev   # Qt 6 Widgets (+ PrintSupport for QCustomPlot)
  libqcustomplot-dev                          # live training plots (GPL, hence our licence)
  libtorch-dev libgloo-dev                    # libtorch 1.13 (CPU); c10d headers need gloo
  libopenblas0-pthread                        # fast BLAS for libtorch (10x the reference BLAS)
  libsqlite3-dev                              # project store
  nlohmann-json3-dev                          # JSON / JSONL interchange formats
  libtomlplusplus-dev                         # training config (TOML)
  libcli11-dev                                # spanforge-cli argument parsing
  libutf8proc-dev                             # Unicode categories for the tokenizer
  libxxhash-dev                               # content hashes for duplicate detection
  libmicrohttpd-dev                           # spanforge-cli serve: HTTP server (event-driven)
  libcpp-httplib-dev                          # HTTP client of the serve tests and bench_serve
  libpugixml-dev                              # serve: Label Studio's labeling config (XML)
  zlib1g-dev                                  # gzip-compressed word vectors
  catch2                                      # tests
  help2man                                    # man pages from spanforge-cli --help
  lintian desktop-file-utils appstream man-db # checks of the .deb (tests/package)
  xvfb xauth                                  # screenshots under a virtual display
  fonts-noto-color-emoji                      # emoji in tweets render as emoji, not boxes
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
  sudo_cmd=(sudo)
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
