#!/usr/bin/env bash
# One run of issue #34's active-learning comparison, resumable: margin sampling on a
# train/dev/test split, 5 % seed share, 5 % steps, 12 rounds (to 60 % of the pool), one
# thread, rounds retrained warm, from scratch or from pretrained weights.
#
#   tools/al-retrain-run.sh CLI SPLIT_DIR OUT_DIR warm|scratch|pretrained SEED [al-simulate args...]
#
# CLI: the spanforge-cli to run; SPLIT_DIR: train.txt, dev.txt and test.txt (for wikigold,
# tools/crossval-fold.py tests/data/wikigold.txt K SPLIT_DIR; for WNUT-17, resources/demo/);
# OUT_DIR gets result.json (al-simulate --json), log.txt and models/, which an interrupted run
# reuses when started again with the same arguments. Extra arguments go to al-simulate, e.g.
# --full-f1 0.519 (a full-data F1 already measured the same way) or --config C.toml.
# Pin it to a core (taskset -c N) when runs share a machine; rounds stop by steps and
# patience, so a pause or a busy machine does not change the curve. Runs of the same
# split and SEED share their seed round: copy OUT_DIR/models/round-1 of one into the
# other's OUT_DIR/models/ before starting it, and --resume reuses it. Pretrained runs of
# the same split and config share their pretraining the same way (models/pretrained: the
# same texts, config and training seed) and, like seeds, the full-data run: give the
# first run's full_data_f as --full-f1. The log is appended to, so a resumed run keeps
# the lines of the runs before it. OUT_DIR/models/rounds.jsonl holds every finished round's
# figures and picks: copied alone into a new OUT_DIR/models/ (another machine, the same
# split, config and paths), it continues a scratch or pretrained run from its last
# recorded round (a pretrained run pretrains again first).
set -euo pipefail
cli=${1:?usage: al-retrain-run.sh CLI SPLIT_DIR OUT_DIR MODE SEED [args...]}
split=${2:?} out=${3:?} mode=${4:?} seed=${5:?}
shift 5
mkdir -p "$out"
exec "$cli" al-simulate --train "$split/train.txt" --dev "$split/dev.txt" --test "$split/test.txt" \
  --strategy margin --seed-fraction 0.05 --step-fraction 0.05 --rounds 12 --threads 1 --json \
  --seed "$seed" --retrain "$mode" --models-dir "$out/models" --resume "$@" \
  > "$out/result.json" 2>> "$out/log.txt"
