#!/usr/bin/env bash
# Installs the Debian 12 packages the sanitizer and fuzzing builds need (fuzz/run.sh):
# clang, its sanitizer and libFuzzer runtimes, and llvm-symbolizer for readable stacks.
# Idempotent, like install-deps.sh: apt-get runs only when something is missing.
set -euo pipefail

packages=(
  clang               # clang++ 14
  libclang-rt-14-dev  # ASan/UBSan/TSan runtimes and libFuzzer (-fsanitize=fuzzer)
  llvm                # llvm-symbolizer: sanitizer reports with file:line
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-check-tools: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-check-tools: run as root or install sudo" >&2; exit 1; }
  sudo_cmd=(sudo)
fi

echo "install-check-tools: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
