#!/usr/bin/env bash
# Checks that the CUDA code paths compile without a GPU or a CUDA libtorch.
# Debian's libtorch-dev is a CPU build but ships the c10/cuda, ATen/cuda and
# c10d NCCL headers; with CUDA 11.8's headers (nvidia-cuda-dev, non-free, about
# 2.8 GB) and an nccl.h (a stand-in below: Debian 12 has no NCCL package) every
# source file holding SPANFORGE_WITH_CUDA code compiles (not links) as the CUDA
# build would compile it.
#
#   packaging/check-cuda-compile.sh [BUILD_DIR]    (default ./build, needs compile_commands.json)
#
# Enables Debian 12's contrib and non-free components when missing, installs the
# headers (root or sudo), then prints each file with OK or FAIL; exits 1 on any FAIL.
# Not part of CI: the install is large.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
commands="$build/compile_commands.json"
[ -f "$commands" ] || { echo "check-cuda-compile: no $commands (configure with CMake first)" >&2; exit 2; }
command -v jq >/dev/null || { echo "check-cuda-compile: needs jq (apt-get install jq)" >&2; exit 2; }

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "check-cuda-compile: run as root or install sudo" >&2; exit 2; }
  sudo_cmd=(sudo)
fi

# --- contrib and non-free: in /etc/apt/sources.list (one-line) or debian.sources (deb822) ---
enable_components() {
  local f c
  if [ -f /etc/apt/sources.list ] && grep -Eq '^deb .*debian.* bookworm' /etc/apt/sources.list; then
    for c in contrib non-free; do
      if grep -E '^deb .*debian.* bookworm' /etc/apt/sources.list | grep -Evq " $c( |\$)"; then
        echo "check-cuda-compile: enabling $c in /etc/apt/sources.list"
        "${sudo_cmd[@]}" sed -E -i "/^deb .*debian.* bookworm/ { / $c( |\$)/! s/\$/ $c/ }" \
          /etc/apt/sources.list
      fi
    done
  fi
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && grep -q '^URIs:.*debian' "$f" || continue
    for c in contrib non-free; do
      if grep -E '^Components:' "$f" | grep -Evq " $c( |\$)"; then
        echo "check-cuda-compile: enabling $c in $f"
        "${sudo_cmd[@]}" sed -E -i "/^Components:/ { / $c( |\$)/! s/\$/ $c/ }" "$f"
      fi
    done
  done
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

packages=(nvidia-cuda-dev)
missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  enable_components
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  echo "check-cuda-compile: installing ${missing[*]} (CUDA 11.8 and NCCL headers; large)"
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
for p in "${packages[@]}"; do
  installed "$p" || { echo "check-cuda-compile: $p is not installed" >&2; exit 2; }
done

# --- compile every file with CUDA code as the CUDA build would ---
# The CUDA build's libtorch generates c10/cuda/impl/cuda_cmake_macros.h; Debian's CPU
# headers lack it, and it only sets an export macro that compiling needs not.
cuda_flags=(-DSPANFORGE_WITH_CUDA=1 -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE)

stub="$(mktemp -d)"
trap 'rm -rf "$stub"' EXIT
compiler="$(jq -r '.[0].command' "$commands" | cut -d' ' -f1)"
# Debian 12 has no NCCL package. Where no nccl.h is installed, a declaration-only one
# (NCCL 2.15's API as c10d's NCCL headers use it) stands in: this checks our code
# against c10d's ProcessGroupNCCL, not NCCL itself, and nothing is linked.
if ! echo '#include <nccl.h>' | "$compiler" -fsyntax-only -x c++ - >/dev/null 2>&1; then
  echo "check-cuda-compile: no nccl.h installed; using a declaration-only stand-in"
  cat >"$stub/nccl.h" <<'NCCL'
#pragma once
#include <cuda_runtime.h>
#define NCCL_MAJOR 2
#define NCCL_MINOR 15
#define NCCL_PATCH 5
#define NCCL_VERSION_CODE 21505
#define NCCL_UNIQUE_ID_BYTES 128
#ifdef __cplusplus
extern "C" {
#endif
typedef struct ncclComm* ncclComm_t;
typedef struct { char internal[NCCL_UNIQUE_ID_BYTES]; } ncclUniqueId;
typedef enum {
  ncclSuccess = 0, ncclUnhandledCudaError = 1, ncclSystemError = 2, ncclInternalError = 3,
  ncclInvalidArgument = 4, ncclInvalidUsage = 5, ncclRemoteError = 6, ncclInProgress = 7,
  ncclNumResults = 8
} ncclResult_t;
typedef enum {
  ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3, ncclAvg = 4, ncclNumOps = 5,
  ncclMaxRedOp = 0x7fffffff
} ncclRedOp_t;
typedef enum {
  ncclInt8 = 0, ncclChar = 0, ncclUint8 = 1, ncclInt32 = 2, ncclInt = 2, ncclUint32 = 3,
  ncclInt64 = 4, ncclUint64 = 5, ncclFloat16 = 6, ncclHalf = 6, ncclFloat32 = 7, ncclFloat = 7,
  ncclFloat64 = 8, ncclDouble = 8, ncclBfloat16 = 9, ncclNumTypes = 10
} ncclDataType_t;
typedef enum { ncclScalarDevice = 0, ncclScalarHostImmediate = 1 } ncclScalarResidence_t;
ncclResult_t ncclGetVersion(int* version);
ncclResult_t ncclGetUniqueId(ncclUniqueId* uniqueId);
ncclResult_t ncclCommInitRank(ncclComm_t* comm, int nranks, ncclUniqueId commId, int rank);
ncclResult_t ncclCommDestroy(ncclComm_t comm);
ncclResult_t ncclCommAbort(ncclComm_t comm);
const char* ncclGetErrorString(ncclResult_t result);
const char* ncclGetLastError(ncclComm_t comm);
ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t* asyncError);
ncclResult_t ncclCommCount(const ncclComm_t comm, int* count);
ncclResult_t ncclCommCuDevice(const ncclComm_t comm, int* device);
ncclResult_t ncclCommUserRank(const ncclComm_t comm, int* rank);
ncclResult_t ncclRedOpCreatePreMulSum(ncclRedOp_t* op, void* scalar, ncclDataType_t datatype,
                                      ncclScalarResidence_t residence, ncclComm_t comm);
ncclResult_t ncclRedOpDestroy(ncclRedOp_t op, ncclComm_t comm);
ncclResult_t ncclAllReduce(const void* sendbuff, void* recvbuff, size_t count,
                           ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                           cudaStream_t stream);
ncclResult_t ncclBroadcast(const void* sendbuff, void* recvbuff, size_t count,
                           ncclDataType_t datatype, int root, ncclComm_t comm,
                           cudaStream_t stream);
ncclResult_t ncclSend(const void* sendbuff, size_t count, ncclDataType_t datatype, int peer,
                      ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclRecv(void* recvbuff, size_t count, ncclDataType_t datatype, int peer,
                      ncclComm_t comm, cudaStream_t stream);
ncclResult_t ncclGroupStart(void);
ncclResult_t ncclGroupEnd(void);
#ifdef __cplusplus
}
#endif
NCCL
  cuda_flags+=(-isystem "$stub")
fi

# The compile command of `file`, or else of a file in the same folder (a source the
# build has not seen yet), else of any spanforge_core file; -o/-c dropped.
flags_for() {
  local file="$1" cmd
  cmd="$(jq -r --arg f "$file" '.[] | select(.file == $f) | .command' "$commands" | head -1)"
  [ -n "$cmd" ] || cmd="$(jq -r --arg d "$(dirname "$file")/" \
    '.[] | select(.file | startswith($d)) | .command' "$commands" | head -1)"
  [ -n "$cmd" ] || cmd="$(jq -r '.[] | select(.command | contains("spanforge_core.dir")) | .command' \
    "$commands" | head -1)"
  [ -n "$cmd" ] || { echo "check-cuda-compile: no compile command for $file" >&2; exit 2; }
  # Drops the compiler, "-o OUT" and "-c SRC"; the rest stays shell-quoted (see eval below).
  echo "$cmd" | sed -E 's/ -o [^ ]+//; s/ -c [^ ]+//; s/^[^ ]+ //'
}

mapfile -t files < <(cd "$root" && grep -rl --include='*.cpp' 'SPANFORGE_WITH_CUDA' core cli app ui | sort)
[ ${#files[@]} -gt 0 ] || { echo "check-cuda-compile: no file has SPANFORGE_WITH_CUDA code" >&2; exit 2; }

failed=0
log="$stub/log"
for rel in "${files[@]}"; do
  file="$root/$rel"
  extra=()
  # c10d's NCCL process group is compiled in only where this is defined (see core/CMakeLists.txt).
  [ "$rel" = core/train/distributed/processgroup.cpp ] && extra=(-DUSE_C10D_NCCL)
  cmdline="$(flags_for "$file")" || exit 2
  eval "flags=($cmdline)"  # compile_commands.json quotes for a shell
  if (cd "$build" && nice "$compiler" "${flags[@]}" "${cuda_flags[@]}" "${extra[@]}" \
    -fsyntax-only "$file") >"$log" 2>&1; then
    echo "OK   $rel"
  else
    echo "FAIL $rel"
    sed 's/^/     /' "$log" | head -40
    failed=1
  fi
done
exit $failed
