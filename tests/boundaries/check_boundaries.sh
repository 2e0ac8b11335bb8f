#!/usr/bin/env bash
# The layering rules of ARCHITECTURE.md, checked over the source tree:
#   core/, cli/   no Qt (core and the CLI must build and run without it)
#   core/ headers no torch (Qt code includes them; torch's `slots` member
#                 clashes with Qt's macro), and no torch in ui/, app/, cli/
#   ui/           no SQL: no store/database.h, store::Transaction or sqlite3
#   everywhere    no loading of PyTorch/TorchScript archives (it runs the code
#                 inside them) but in core/train/package/legacyweights.cpp, the
#                 converter `upgrade-package --trust` runs; writing one is fine
#   everywhere    no check of libtorch's or Catch2's version but in their
#                 adapters, core/torchcompat/ and tests/common/catchapi.h
#   everywhere    no reference to the workspace folder beside the repository
# Prints every offending file:line and exits 1 if there is any.
# Usage: check_boundaries.sh [SOURCE_DIR [BUILD_DIR]]
set -u
src=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${2:-}
cd "$src" || exit 2

status=0
cpp=(--include='*.h' --include='*.hpp' --include='*.cpp' --include='*.cc' --include='*.inl')
include='^[[:space:]]*#[[:space:]]*include[[:space:]]*'
qt="${include}(<Q[A-Za-z]|\"Q[A-Za-z]|[<\"]qcustomplot\.h)"
torch="${include}[<\"](torch|ATen|c10)/"

# check RULE PATTERN GREP_ARGS... : report every match of PATTERN.
check() {
  local rule=$1 pattern=$2
  shift 2
  local hits rc
  hits=$(grep -rnE "$@" -e "$pattern")
  rc=$?
  if [[ $rc -gt 1 ]]; then  # grep itself failed: say so rather than pass
    echo "check_boundaries: grep failed for [$rule]" >&2
    status=2
  elif [[ -n $hits ]]; then
    while IFS= read -r hit; do echo "${hit#./}   [$rule]"; done <<<"$hits"
    [[ $status -eq 0 ]] && status=1
  fi
}

dirs() { for d in "$@"; do [[ -d $d ]] && echo "$d"; done; }

mapfile -t noqt < <(dirs core cli)
mapfile -t notorch < <(dirs ui app cli)
[[ ${#noqt[@]} -gt 0 ]] && check "Qt include outside ui/ and app/" "$qt" "${cpp[@]}" "${noqt[@]}"
[[ -d core ]] && check "torch include in a core header" "$torch" --include='*.h' --include='*.hpp' core
[[ ${#notorch[@]} -gt 0 ]] && check "torch include outside core/*.cpp" "$torch" "${cpp[@]}" "${notorch[@]}"
if [[ -d ui ]]; then
  check "ui/ includes the SQL layer" "${include}[<\"]store/database\.h[>\"]" "${cpp[@]}" ui
  check "ui/ opens a transaction itself" 'store::Transaction\b' "${cpp[@]}" ui
  check "ui/ uses SQLite directly" 'sqlite3' "${cpp[@]}" ui
fi

# Files from other people are data: an archive loader executes TorchScript
# (__setstate__) from the file, so only the trusted converter may call one.
archive='\bInputArchive\b|torch::load\b|jit::load\b|\bload_from\b|pickle_load\b|_load_for_mobile\b|import_ir_module\b|torch/serialize/input-archive\.h'
mapped=()
mapfile -t mapped < <(dirs core cli ui app tests fuzz bench)
[[ ${#mapped[@]} -gt 0 ]] && check "loads a PyTorch archive (runs its code) outside core/train/package/legacyweights.cpp" \
  "$archive" "${cpp[@]}" --exclude=legacyweights.cpp "${mapped[@]}"

# Library versions differ in one adapter each (ARCHITECTURE.md).
[[ ${#mapped[@]} -gt 0 ]] && check "checks libtorch's version outside core/torchcompat/" \
  '\bTORCH_VERSION_(MAJOR|MINOR|PATCH)\b' "${cpp[@]}" --exclude-dir=torchcompat \
  "${mapped[@]}"
[[ ${#mapped[@]} -gt 0 ]] && check "includes Catch2 other than through tests/common/catchapi.h" \
  "${include}[<\"]catch2/|CATCH_VERSION_MAJOR" "${cpp[@]}" --exclude=catchapi.h "${mapped[@]}"

# Everything but .git and build trees; the pattern is split so that this
# file does not match itself.
dotdot='\.\.' work='/work'
excludes=(--exclude-dir=.git --exclude-dir='build*' --exclude-dir='cmake-build-*' --exclude-dir=.cache)
# A build tree inside the sources under another name (its generated files may
# hold absolute paths); one outside them is not searched anyway.
if [[ -n $build && -d $build ]]; then
  build=$(cd "$build" && pwd -P)
  [[ $build == "$(pwd -P)"/* ]] && excludes+=(--exclude-dir="$(basename "$build")")
fi
check "refers to the workspace's shared folder" "(${dotdot}|${work})/shared\b" -I "${excludes[@]}" .

if [[ $status -ne 0 ]]; then
  echo 'Boundary violations found: see "Boundaries, and why" in ARCHITECTURE.md.' >&2
else
  echo "Boundaries hold."
fi
exit $status
