#!/usr/bin/env bash
# Writes a reference model package and what it predicts, with the spanforge-cli
# given, into OUT_DIR (tests/data/packages/<platform>/). The test
# "model package: what Debian 12 and Debian 13 wrote loads and predicts the same here"
# (tests/cli/test_platformpackages_cli.cpp) loads every such folder on the
# platform it runs on and checks the predictions against the recorded ones.
#   tests/data/packages/make-reference.sh BUILD/app/spanforge-cli OUT_DIR
set -euo pipefail
cli="$(realpath "$1")"
out="$2"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
demo="$here/../../../resources/demo"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The first N sentences of a CoNLL file (sentences end at blank lines).
sentences() { awk -v n="$2" 'BEGIN{RS=""; ORS="\n\n"} NR<=n' "$1"; }
sentences "$demo/train.txt" 600 > "$work/train.txt"
sentences "$demo/dev.txt" 150 > "$work/dev.txt"

mkdir -p "$out"
rm -rf "$out/model"
"$cli" train --train "$work/train.txt" --dev "$work/dev.txt" --config "$here/reference.toml" \
  --output "$out/model" > "$work/train.log" 2>&1 || { cat "$work/train.log"; exit 1; }
"$cli" predict "$out/model" "$here/input.jsonl" --output "$out/predictions.jsonl" --threads 1
"$cli" --version > "$out/written-by.txt"
echo "wrote $out: $(du -sk "$out" | cut -f1) KiB"
