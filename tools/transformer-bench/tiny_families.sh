#!/usr/bin/env bash
# Trains a small random encoder of each family (tiny_families.py: 2 layers,
# hidden 64, the family's real tokenizer) on a train/dev/test split and prints
# each one's dev and test F1: issue #36's check that every architecture learns
# NER from scratch, not only its loss in CI.
#
#   tools/transformer-bench/tiny_families.sh CLI OUT_DIR [DATA_DIR] [EPOCHS] [SEED]
#
# CLI: the spanforge-cli to run; DATA_DIR: train.txt, dev.txt, test.txt
# (default resources/demo, WNUT-17); EPOCHS: the budget (default 30: epochs,
# not minutes, so a busy machine does not change the result); one thread.
set -euo pipefail
cli=${1:?usage: tiny_families.sh CLI OUT_DIR [DATA_DIR] [EPOCHS] [SEED]}
out=${2:?}
here=$(cd "$(dirname "$0")" && pwd)
data=${3:-$here/../../resources/demo}
epochs=${4:-30}
seed=${5:-0}
python3 "$here/tiny_families.py" "$out/folders" >/dev/null
for family in bert roberta xlm-roberta distilbert electra modernbert; do
  cat > "$out/$family.toml" <<TOML
[model]
encoder = "transformer"
transformer = "$out/folders/$family"
dropout = 0.1
[training]
seed = $seed
transformer_learning_rate = 5e-4
max_epochs = $epochs
[device]
threads = 1
TOML
  rm -rf "$out/model-$family"
  "$cli" train --train "$data/train.txt" --dev "$data/dev.txt" --test "$data/test.txt" \
    --config "$out/$family.toml" --output "$out/model-$family" > "$out/$family.log" 2>&1
  echo "== $family"
  grep -iE "best dev|test F1|words/s|steps" "$out/$family.log" | tail -6
done
