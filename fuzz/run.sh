#!/usr/bin/env bash
# fuzz/run.sh [SECONDS-PER-TARGET] [TARGET...]
#
# Builds the fuzz targets with clang + libFuzzer in build-fuzz/ (the core compiled
# with -fsanitize=address,undefined,fuzzer-no-link) and runs each for the given
# time (default 60 s; all targets when none is named). The work corpus lives in
# build-fuzz/corpus/TARGET (seeded from fuzz/corpus/TARGET, kept between runs);
# crashing inputs go to build-fuzz/crashes/TARGET/, logs to build-fuzz/logs/.
# A run that crashes is restarted for the rest of its time (at most 5 times).
# Environment: BUILD_DIR (default build-fuzz), JOBS (ninja -j, default nproc), TMPDIR
# (where each input is written; default /dev/shm).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build-fuzz}
seconds=${1:-60}
shift || true
all=(jsonl doccano labelstudio conll text config vectors tokenizer modelpackage safetensors patterns
  subwords)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

# Inputs longer than this are not tried: room for a few records or a whole
# config, small enough to keep executions fast.
max_len() {
  case $1 in
    config | modelpackage) echo 16384 ;;
    tokenizer | vectors) echo 4096 ;;
    *) echo 8192 ;;
  esac
}

# JSON syntax, edge numbers and keys: with it, 1.5k runs found "1e400" (without: none in 60k).
uses_json_dict() {
  case $1 in
    jsonl | doccano | labelstudio | modelpackage | safetensors) return 0 ;;
  esac
  return 1
}

# clang and its libFuzzer runtime (packaging/install-check-tools.sh installs them).
probe='extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }'
if ! command -v clang++ >/dev/null ||
  ! echo "$probe" | clang++ -x c++ -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then
  bash "$root/packaging/install-check-tools.sh"
fi

sanitizers="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined"
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g" "-DCMAKE_CXX_FLAGS=-fno-omit-frame-pointer $sanitizers" \
  -DSPANFORGE_BUILD_GUI=OFF -DSPANFORGE_BUILD_TESTS=OFF -DSPANFORGE_BUILD_BENCH=OFF \
  -DSPANFORGE_BUILD_FUZZ=ON -DSPANFORGE_FUZZ_ENGINE=libfuzzer >/dev/null
nice -n 10 ninja -C "$build" -j "${JOBS:-$(nproc)}" "${targets[@]/#/fuzz_}"

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The targets write each input to a file under TMPDIR: tmpfs ran 3x the execs/s of /tmp.
[ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] && export TMPDIR=/dev/shm

mkdir -p "$build/logs"
rows=()
for t in "${targets[@]}"; do
  corpus=$build/corpus/$t
  crashes=$build/crashes/$t
  log=$build/logs/$t.log
  mkdir -p "$corpus" "$crashes"
  dict=()
  uses_json_dict "$t" && dict=(-dict="$root/fuzz/json.dict")
  before=$(find "$crashes" -type f | wc -l)
  : >"$log"
  units=0
  start=$(date +%s)
  for attempt in 1 2 3 4 5 6; do
    left=$((seconds - ($(date +%s) - start)))
    [ "$left" -le 0 ] && break
    echo "fuzz: $t for ${left}s (log: $log)"
    rc=0
    "$build/fuzz/fuzz_$t" "$corpus" "$root/fuzz/corpus/$t" -max_total_time="$left" \
      "${dict[@]}" -max_len="$(max_len "$t")" -rss_limit_mb=2048 -timeout=25 -print_final_stats=1 \
      -artifact_prefix="$crashes/" >"$log.run" 2>&1 || rc=$?
    cat "$log.run" >>"$log"
    n=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log.run" | grep -o '[0-9]*$' || true)
    rm -f "$log.run"
    units=$((units + ${n:-0}))
    [ "$rc" -eq 0 ] && break
    echo "fuzz: $t stopped with exit code $rc; see $log"
  done
  elapsed=$(($(date +%s) - start))
  found=$(($(find "$crashes" -type f | wc -l) - before))
  rows+=("$(printf '%-14s %12d %10d %8d' "$t" "$units" $((units / (elapsed > 0 ? elapsed : 1))) "$found")")
done

# A crashed target leaves its scratch directory (fuzzinput.h) behind; drop those
# of processes that are gone.
for d in "${TMPDIR:-/tmp}"/spanforge-fuzz-*; do
  [ -d "$d" ] && ! kill -0 "${d##*-}" 2>/dev/null && rm -rf "$d"
done

echo
printf '%-14s %12s %10s %8s\n' target runs execs/s crashes
printf '%s\n' "${rows[@]}"
echo "crashing inputs: $build/crashes/TARGET/ (replay one: $build/fuzz/fuzz_TARGET FILE)"
