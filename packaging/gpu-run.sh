#!/usr/bin/env bash
# Builds Spanforge's core, CLI, core tests and benchmarks against a CUDA
# PyTorch's libtorch on a GPU machine, runs the GPU tests and the device
# tests, then the GPU benchmark, and writes logs and results.md to OUT. Made
# for a lent machine with no apt and no network: the libraries the build needs
# come from DEPS, which packaging/gather-gpu-deps.sh fills from Debian 12's
# packages.
#
#   packaging/gpu-run.sh [options] OUT
#     --deps DIR       the gathered libraries (default: .gpudeps in the repository root)
#     --torch PREFIX   where libtorch's CMake config lies (default: the
#                      torch.utils.cmake_prefix_path of python3's torch)
#     --build DIR      build folder (default: /tmp/spanforge-gpu-build, reused)
#     --seconds S      per benchmark setting (default 8)
#     --budget S       wall clock for everything (default 580): the
#                      benchmark shortens its settings to fit what is left
#     --all-tests      every core test, not only the GPU and device ones
#     --build-only     configure and build, then stop (to run a test by hand)
#     --std 17|20      the C++ standard (default: 20 where libtorch's headers demand it)
#
# Exit status: 0 when every step ran and every test passed.
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
deps="$root/.gpudeps"
torch_prefix=""
build=/tmp/spanforge-gpu-build
seconds=8
budget=580
all_tests=0
build_only=0
std=""
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --deps) deps="$2"; shift 2 ;;
    --torch) torch_prefix="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --budget) budget="$2"; shift 2 ;;
    --all-tests) all_tests=1; shift ;;
    --build-only) build_only=1; shift ;;
    --std) std="$2"; shift 2 ;;
    -*) echo "gpu-run: unknown option $1" >&2; exit 2 ;;
    *) out="$1"; shift ;;
  esac
done
[ -n "$out" ] || { echo "usage: packaging/gpu-run.sh [options] OUT" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
start=$(date +%s)
results="$out/results.md"
status=0

elapsed() { echo $(($(date +%s) - start)); }
say() { echo "gpu-run [$(elapsed) s]: $*"; }
note() { echo "$*" >>"$results"; }
fail() { say "FAILED: $*"; note "- **failed**: $*"; status=1; }
stop() { fail "$*"; note ""; note "Stopped after $(elapsed) s."; exit 1; }

: >"$results"
note "# Spanforge on a GPU: packaging/gpu-run.sh"
note ""
note "Started $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)."
note ""

# --- 1. The machine, and whether the carried libraries suit it ---------------
{
  echo "## machine"; uname -a; nproc; free -g | head -2
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv 2>&1 || true
  echo "## compilers"; c++ --version | head -1; cmake --version | head -1
  command -v nvcc && nvcc --version | tail -2
  echo "## glibc"; getconf GNU_LIBC_VERSION
  echo "## python torch"
  python3 -c 'import torch; print(torch.__version__, "cuda", torch.version.cuda, "cxx11_abi", int(torch.compiled_with_cxx11_abi()), "gpus", torch.cuda.device_count())' 2>&1
} >"$out/env.log" 2>&1
say "machine: $(grep -m1 -A1 '^name' "$out/env.log" | tail -1), $(nproc) cores"

# --- 2. Hugging Face's references (Python only, before any build can stop) ----
# The encoder parity fixtures and the fast tokenizer's ids for the Unigram
# fixture: copy them into tests/data/ (see each script).
if timeout 120 python3 "$root/tools/transformer-fixtures/make_fixtures.py" \
     "$out/transformer-fixtures" >"$out/fixtures.log" 2>&1; then
  note "- encoder parity fixtures written: transformer-fixtures/"
else
  fail "make_fixtures.py (see fixtures.log)"
fi
if timeout 60 python3 "$root/tools/tokenizer-reference/hf_fast_reference.py" \
     "$root/tests/data/tokenizers/unigram-xlmr/tokenizer.json" \
     "$root/tests/data/tokenizers/unigram-xlmr/reference.jsonl" \
     "$out/unigram-xlmr-hf.jsonl" >"$out/unigram-hf.log" 2>&1; then
  note "- Unigram fixture through Hugging Face's fast tokenizer: $(tail -1 "$out/unigram-hf.log")"
else
  fail "hf_fast_reference.py (see unigram-hf.log)"
fi

[ -f "$deps/MANIFEST" ] || stop "no $deps/MANIFEST: run packaging/gather-gpu-deps.sh on Debian 12 and carry the folder"
manifest() { sed -n "s/^$1=//p" "$deps/MANIFEST"; }
glibc="$(getconf GNU_LIBC_VERSION | awk '{print $2}')"
if [ "$(printf '%s\n%s\n' "$(manifest glibc_min)" "$glibc" | sort -V | head -1)" != "$(manifest glibc_min)" ]; then
  stop "the carried libraries need glibc $(manifest glibc_min); this machine has $glibc"
fi
libstdcxx="$(c++ -print-file-name=libstdc++.so.6)"
if ! strings "$libstdcxx" 2>/dev/null | grep -x "GLIBCXX_$(manifest glibcxx_min)" >/dev/null; then
  stop "the carried libraries need GLIBCXX_$(manifest glibcxx_min); $libstdcxx lacks it"
fi

if [ -z "$torch_prefix" ]; then
  torch_prefix="$(python3 -c 'import torch.utils; print(torch.utils.cmake_prefix_path)' 2>/dev/null)" ||
    stop "no --torch and python3 has no torch"
  abi="$(python3 -c 'import torch; print(int(torch.compiled_with_cxx11_abi()))')"
  [ "$abi" = "$(manifest cxx11_abi)" ] ||
    stop "libtorch uses C++11 ABI $abi, the carried C++ libraries $(manifest cxx11_abi): they cannot link together"
fi
torch_include="$(find "$torch_prefix/../.." "$torch_prefix" -maxdepth 3 -path '*include/ATen/ATen.h' 2>/dev/null | head -1)"
cxx_standard=17
if [ -n "$torch_include" ] && grep -q 'C++20 or later' "$torch_include" "$(dirname "$torch_include")/../c10/util/C++17.h" 2>/dev/null; then
  cxx_standard=20  # libtorch from 2.13 on refuses C++17
fi
[ -n "$std" ] && cxx_standard="$std"
# NCCL's header: the nvidia-nccl wheel beside PyTorch's torch (site-packages/
# nvidia/.../include), else the system's.
nccl_include=""
case "$torch_prefix" in
  */torch/share/cmake) wheels="$(cd "$torch_prefix/../../.." && pwd)/nvidia" ;;
  *) wheels="" ;;
esac
for f in $([ -n "$wheels" ] && find "$wheels" -path '*/include/nccl.h' 2>/dev/null) \
         /usr/include/nccl.h /usr/local/cuda/include/nccl.h /usr/local/include/nccl.h; do
  if [ -f "$f" ]; then nccl_include="$(dirname "$f")"; break; fi
done
[ -d /usr/local/cuda/bin ] && export PATH="/usr/local/cuda/bin:$PATH"
note "- libtorch: \`$torch_prefix\` (C++$cxx_standard); nccl.h: ${nccl_include:-not found (CUDA tensors all-reduce through Gloo)}"
note "- carried libraries: $(grep -c '^package=' "$deps/MANIFEST") Debian 12 packages, need glibc $(manifest glibc_min) (here $glibc)"

# Carried libraries the machine lacks, for the loader; the build tree's
# RUNPATH covers those linked directly.
arch="$(manifest multiarch)"
libdir="$deps/usr/lib/$arch"
runtime="$build/carried-runtime"
mkdir -p "$runtime"
for lib in "$libdir"/*.so.*; do
  soname="$(objdump -p "$lib" 2>/dev/null | awk '$1 == "SONAME" {print $2}')"
  [ -n "$soname" ] && [ "$(basename "$lib")" = "$soname" ] || continue
  ldconfig -p | grep "^[[:space:]]*$soname " >/dev/null || ln -sfn "$lib" "$runtime/$soname"
done
# The driver's NVML (libnvidia-ml.so.1), for the GPU monitor, where a container
# mounts the driver outside the loader's cache.
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib; do
  [ -d "$d" ] && runtime="$runtime:$d"
done
export LD_LIBRARY_PATH="$runtime${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PKG_CONFIG_PATH="$libdir/pkgconfig:$deps/usr/share/pkgconfig"

# --- 3. Configure and build ----------------------------------------------------
t0=$(date +%s)
rm -f "$build/CMakeCache.txt"  # found libraries are cached: find them afresh each run
generator="Unix Makefiles"
command -v ninja >/dev/null && generator=Ninja
TORCH_CUDA_ARCH_LIST="${TORCH_CUDA_ARCH_LIST:-9.0}" cmake -G "$generator" -S "$root" -B "$build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=$cxx_standard \
  -DSPANFORGE_BUILD_GUI=OFF -DSPANFORGE_BUILD_FUZZ=OFF -DSPANFORGE_TORCH_PCH=ON \
  "-DCMAKE_PREFIX_PATH=$deps/usr;$torch_prefix" \
  ${nccl_include:+-DNCCL_INCLUDE_DIR=$nccl_include} \
  "-DCMAKE_EXE_LINKER_FLAGS=-Wl,-rpath-link,$libdir" >"$out/configure.log" 2>&1 ||
  stop "cmake configure (configure.log)"
grep -q "with CUDA: the CUDA code is compiled in" "$out/configure.log" ||
  stop "libtorch at $torch_prefix is not a CUDA build (configure.log)"
grep -E '^(SQLite3_INCLUDE_DIR|SQLite3_LIBRARY|nlohmann_json_DIR|CLI11_DIR|tomlplusplus_DIR|pugixml_DIR|ZLIB_LIBRARY_RELEASE|NCCL_INCLUDE_DIR|Torch_DIR)[:=]' \
  "$build/CMakeCache.txt" >>"$out/configure.log"
say "configured in $(($(date +%s) - t0)) s"
targets=(spanforge-cli test_gpu test_train test_cli bench_gpu)
[ "$all_tests" = 1 ] && targets=(all)
t0=$(date +%s)
if cmake --build "$build" -j "$(nproc)" --target "${targets[@]}" >"$out/build.log" 2>&1; then
  build_s=$(($(date +%s) - t0))
  warnings=$(grep -c 'warning:' "$out/build.log")
  say "built in $build_s s, $warnings warnings"
  note "- build: $build_s s on $(nproc) cores (precompiled torch headers), $warnings warnings"
  grep 'warning:' "$out/build.log" | sort -u | head -5 | sed 's/^/    /' >>"$results"
else
  tail -40 "$out/build.log"
  stop "build (build.log)"
fi

if [ "$build_only" = 1 ]; then
  note ""; note "Built only, in $(elapsed) s."
  say "built only; the loader path for the carried libraries: $LD_LIBRARY_PATH"
  exit 0
fi

# --- 4. Tests: the GPU ones, then the device-related ones of the core suite ---------
export CUDA_MODULE_LOADING=LAZY
t0=$(date +%s)
(
  echo "## GPU tests (tests/gpu)"
  # Four at once: the WNUT-17 comparison's CPU runs take longest.
  (cd "$build" && ctest -L gpu -j 4 --output-on-failure --timeout 400)
  gpu_rc=$?
  echo "## device-related core tests"
  if [ "$all_tests" = 1 ]; then
    (cd "$build" && ctest -LE gpu -j "$(nproc)" --output-on-failure --timeout 300)
  else
    (cd "$build" && ctest -LE gpu -j 8 --output-on-failure --timeout 300 -R \
      'mixed_precision|AutocastScope|GradScaler|BatchGradient|batch_size|prefetch|hardware sampler|devices|--nproc 2|torchrun-style')
  fi
  core_rc=$?
  exit $((gpu_rc | core_rc))
) >"$out/tests.log" 2>&1
tests_rc=$?
# The C++ encoder against the fixtures the real transformers package wrote in step 2.
if [ -d "$out/transformer-fixtures" ]; then
  if SPANFORGE_PARITY_DIR="$out/transformer-fixtures" "$build/tests/test_transformer" \
       "Encoder parity*" -s >"$out/parity-real-package.log" 2>&1; then
    note "- encoder parity against the transformers package's own fixtures: passed"
  else
    fail "encoder parity against the transformers package (parity-real-package.log)"
  fi
fi
note "- tests ($(($(date +%s) - t0)) s):"
grep -E 'tests passed|tests failed|Not Run|Skipped|\*\*\*Failed|Timeout|SEGFAULT' "$out/tests.log" | sed 's/^/    /' >>"$results"
[ "$tests_rc" = 0 ] || fail "tests (tests.log)"
say "tests done (exit $tests_rc)"

# --- 5. Benchmark ------------------------------------------------------------------
left=$((budget - $(elapsed)))
# 16 training settings, each with about 4 s of set-up, final evaluation and
# writing beside its training time, plus about 40 s of start-up and inference.
fit=$(( (left - 40 - 16 * 4) / 16 ))
[ "$fit" -lt "$seconds" ] && seconds=$fit
if [ "$seconds" -ge 3 ]; then
  say "benchmark, $seconds s a setting"
  note ""
  note "## Benchmark (\`bench_gpu --seconds $seconds\`, default model, WNUT-17)"
  note ""
  if timeout $((left - 5)) "$build/bench/bench_gpu" --seconds "$seconds" --table "$out/bench.md" >"$out/bench.log" 2>&1; then
    cat "$out/bench.md" >>"$results"
  else
    fail "bench_gpu (bench.log)"
    grep '^|' "$out/bench.log" >>"$results"  # the rows it printed before it stopped
  fi
else
  fail "no time left for the benchmark ($left s)"
fi
note ""
note "Finished in $(elapsed) s, exit $status."
say "finished, exit $status; $results"
exit $status
