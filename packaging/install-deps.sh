#!/usr/bin/env bash
# Installs every Debian package Spanforge needs to build, run and test, for the
# release it runs on: Debian 12 "bookworm" (libtorch 1.13, Qt 6.4, Catch2 2) or
# Debian 13 "trixie" (libtorch 2.6, Qt 6.8, Catch2 3).
#
#   packaging/install-deps.sh           the CPU build (what the README's commands use)
#   packaging/install-deps.sh --cuda    Debian 13 only: Debian's CUDA build of libtorch
#                                       (contrib and non-free; about 1.4 GB more)
#
# Idempotent: packages already installed are left alone; apt-get runs only when needed.
set -euo pipefail

cuda=0
case "${1:-}" in
  "") ;;
  --cuda) cuda=1 ;;
  *) echo "install-deps: unknown option $1 (expected --cuda or nothing)" >&2; exit 2 ;;
esac

codename="$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")"
case "$codename" in
  bookworm) echo "install-deps: Debian 12 (bookworm) found" ;;
  trixie) echo "install-deps: Debian 13 (trixie) found" ;;
  *) echo "install-deps: ${codename:-an unknown system} found; Spanforge is built on Debian 12" \
          "(bookworm) or 13 (trixie)" >&2; exit 1 ;;
esac
if [ "$cuda" = 1 ] && [ "$codename" != trixie ]; then
  echo "install-deps: --cuda needs Debian 13: Debian 12 has no CUDA build of libtorch" >&2
  exit 1
fi

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev   # Qt 6 Widgets (+ PrintSupport for QCustomPlot)
  libqcustomplot-dev                          # live training plots (GPL, hence our licence)
  libopenblas0-pthread                        # fast BLAS for libtorch (10x the reference BLAS)
  libsqlite3-dev                              # project store
  nlohmann-json3-dev                          # JSON / JSONL interchange formats
  libtomlplusplus-dev                         # training config (TOML)
  libcli11-dev                                # spanforge-cli argument parsing
  libutf8proc-dev                             # Unicode categories for the tokenizer
  libxxhash-dev                               # content hashes for duplicate detection
  libre2-dev                                  # pattern REGEX in linear time (RE2)
  libmicrohttpd-dev                           # spanforge-cli serve: HTTP server (event-driven)
  libcpp-httplib-dev                          # HTTP client of the serve tests and bench_serve
  libpugixml-dev                              # serve: Label Studio's labeling config (XML)
  zlib1g-dev                                  # gzip-compressed word vectors
  catch2                                      # tests
  python3                                     # tests: tools/unity-names.py
  help2man                                    # man pages from spanforge-cli --help
  lintian desktop-file-utils appstream man-db # checks of the .deb (tests/package)
  xvfb xauth                                  # screenshots under a virtual display
  fonts-noto-color-emoji                      # emoji in tweets render as emoji, not boxes
)
if [ "$cuda" = 1 ]; then
  # Debian 13 contrib: libtorch 2.6 for CUDA 12 (instead of libtorch-dev), NCCL
  # for the all-reduce of CUDA tensors, Gloo built for CUDA (instead of libgloo-dev).
  # nvcc (nvidia-cuda-toolkit) only because libtorch's CMake config looks for it.
  packages+=(libtorch-cuda-dev libnccl-dev libgloo-cuda-dev nvidia-cuda-toolkit)
else
  # libtorch 1.13 (Debian 12) or 2.6 (Debian 13), CPU; c10d's headers include Gloo's.
  packages+=(libtorch-dev libgloo-dev)
fi

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

# contrib and non-free (deb822 sources, as Debian 13 writes them) for --cuda.
enable_components() {
  local f c
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && grep -q '^URIs:.*debian' "$f" || continue
    for c in contrib non-free; do
      if grep -E '^Components:' "$f" | grep -Evq " $c( |\$)"; then
        echo "install-deps: enabling $c in $f"
        "${sudo_cmd[@]}" sed -E -i "/^Components:/ { / $c( |\$)/! s/\$/ $c/ }" "$f"
      fi
    done
  done
  if [ -f /etc/apt/sources.list ] && grep -Eq "^deb .*debian.* $codename" /etc/apt/sources.list; then
    for c in contrib non-free; do
      if grep -E "^deb .*debian.* $codename" /etc/apt/sources.list | grep -Evq " $c( |\$)"; then
        echo "install-deps: enabling $c in /etc/apt/sources.list"
        "${sudo_cmd[@]}" sed -E -i "/^deb .*debian.* $codename/ { / $c( |\$)/! s/\$/ $c/ }" \
          /etc/apt/sources.list
      fi
    done
  fi
}
[ "$cuda" = 1 ] && enable_components

echo "install-deps: installing ${missing[*]}"
# With --cuda, apt shows the question of nvidia-cudnn (a dependency of the CUDA
# libtorch, which downloads cuDNN from NVIDIA): its licence is the user's to accept.
[ "$cuda" = 1 ] || export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
