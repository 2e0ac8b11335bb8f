#!/usr/bin/env bash
# Builds and tests this tree on Debian 13 "trixie" (libtorch 2.6, Qt 6.8,
# Catch2 3, GCC 14) inside a Debian 13 root made by debootstrap, on a Debian
# 12 machine (or any Debian with debootstrap and Debian's mirror in reach).
#
#   packaging/check-debian13.sh            the CPU build (libtorch-dev)
#   packaging/check-debian13.sh --cuda     Debian's CUDA build of libtorch (contrib,
#                                          libtorch-cuda-dev), built with CUDA code
#                                          and linked; tests run on the CPU here
#   packaging/check-debian13.sh --gpu-run [OPTIONS]
#                                          in the --cuda root, packaging/gpu-run.sh as
#                                          a GPU machine runs it (libraries from
#                                          .gpudeps, gathered first if missing; OPTIONS
#                                          go to gpu-run.sh): the whole script but the
#                                          GPU, whose tests skip
#
# Steps, each checked: the root (made once and kept in the cache folder, then
# reused), packaging/install-deps.sh inside it, configure, build (warnings
# counted: any fails the run), the whole ctest suite, cpack -G DEB, lintian,
# installing the .deb there with apt, `spanforge-cli --version` and `devices`,
# `train --device cuda` stopping at once with a clear message when there is
# no GPU, and the installed GUI started offscreen on the demo project.
# Prints a summary; exits non-zero on any failure. Needs root (chroot, mounts).
#
# Environment: SPANFORGE_DEBIAN13_CACHE (default ~/.cache/spanforge) holds the
# roots (trixie/, trixie-cuda/, a few GB each) and, per root, the ccache and
# build folder that make a second run fast; the .debs are left in
# $SPANFORGE_DEBIAN13_CACHE/out-{cpu,cuda}/. DEBIAN_MIRROR overrides the mirror.
# JOBS sets the build's parallel jobs (default: all cores).
set -euo pipefail

flavour=cpu
mode=package
case "${1:-}" in
  "") ;;
  --cuda) flavour=cuda ;;
  --gpu-run) flavour=cuda mode=gpu-run ;;
  *) echo "check-debian13: unknown option $1 (expected --cuda, --gpu-run or nothing)" >&2; exit 2 ;;
esac
[ $# -gt 0 ] && shift
gpu_run_options="$*"
[ "$(id -u)" -eq 0 ] || { echo "check-debian13: run as root (debootstrap, chroot, mounts)" >&2; exit 2; }

src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${SPANFORGE_DEBIAN13_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/spanforge}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
root="$cache/trixie$([ $flavour = cuda ] && echo -cuda || true)"
out="$cache/out-$flavour"
jobs="${JOBS:-$(nproc)}"
mkdir -p "$cache" "$out"

results=()
failed=0
step() {  # step NAME COMMAND...: runs it, logs to $out/NAME.log, records the result
  local name="$1" t0=$SECONDS
  shift
  echo "== $name"
  if "$@" > "$out/$name.log" 2>&1; then
    results+=("ok    $name ($((SECONDS - t0)) s)")
  else
    results+=("FAIL  $name ($((SECONDS - t0)) s): see $out/$name.log")
    failed=1
    tail -n 30 "$out/$name.log" >&2
    return 1
  fi
}
summary() {
  echo
  echo "check-debian13 ($flavour) summary:"
  printf '  %s\n' "${results[@]}"
  [ $failed -eq 0 ] && echo "  all passed" || echo "  FAILED"
}

mounted=()
unmount_all() {
  local m
  for m in "${mounted[@]}"; do umount -R -l "$m" 2>/dev/null || true; done
}
trap 'unmount_all; summary' EXIT

in_root() {  # in_root COMMAND: runs a bash command line inside the root
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    LANG=C.UTF-8 CCACHE_DIR=/var/cache/spanforge-ccache CCACHE_BASEDIR=/src \
    CCACHE_NOHASHDIR=true /bin/bash -euo pipefail -c "$1"
}

make_root() {
  command -v debootstrap >/dev/null || apt-get install -y -q debootstrap
  rm -rf "$root.tmp"
  debootstrap --variant=minbase --include=ca-certificates trixie "$root.tmp" "$mirror"
  mv "$root.tmp" "$root"
}
[ -x "$root/bin/bash" ] || step debootstrap make_root || exit 1

for m in proc sys dev; do
  mkdir -p "$root/$m"
  mountpoint -q "$root/$m" && continue
  case $m in
    proc) mount -t proc proc "$root/proc" ;;
    *) mount --rbind "/$m" "$root/$m" && mount --make-rslave "$root/$m" ;;
  esac
  mounted+=("$root/$m")
done
cp -L /etc/resolv.conf "$root/etc/resolv.conf"

# The tree as git sees it (tracked and new files, not ignored ones such as build/).
copy_tree() {
  # A folder mounted there (someone's bind mount of a work tree) is never emptied.
  if mountpoint -q "$root/src"; then echo "$root/src is a mount point: unmount it first"; return 1; fi
  rm -rf "$root/src" && mkdir -p "$root/src"
  (cd "$src" && git ls-files -z -co --exclude-standard | tar --null -T - -cf -) | tar -xf - -C "$root/src"
}
step copy-tree copy_tree || exit 1

deps_flag=$([ $flavour = cuda ] && echo --cuda || true)
# Debian's CUDA libtorch depends on nvidia-cudnn, which downloads cuDNN from
# NVIDIA when it is configured (after a licence question). This root declines:
# it needs no network beyond Debian's mirror, and no test here runs on a GPU.
[ $flavour = cuda ] && in_root "echo 'nvidia-cudnn nvidia-cudnn/question select I Decline' |
  debconf-set-selections 2>/dev/null || true"
step install-deps in_root "apt-get update -q && DEBIAN_FRONTEND=noninteractive \
  /src/packaging/install-deps.sh $deps_flag &&
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ccache" || exit 1
# Without cuDNN, libtorch_cuda.so (which needs libcudnn.so.9) can be neither linked
# against nor loaded. A stand-in library with cuDNN's symbols and soname, whose
# functions return CUDNN_STATUS_NOT_INITIALIZED, lets the CUDA build link and run
# its tests on the CPU; only a GPU would call it. It goes to /usr/local/lib of
# this root, never into a package.
cudnn_standin() {
  in_root 'lib=/usr/lib/x86_64-linux-gnu
    [ -e $lib/libcudnn.so.9 ] && { echo "cuDNN is installed"; exit 0; }
    dir=$(mktemp -d)
    nm -D --undefined-only $lib/libtorch_cuda.so | sed -n "s/^ *U \([A-Za-z0-9_]*\)@libcudnn\.so\.9\$/\1/p" |
      sort -u > $dir/symbols
    [ -s $dir/symbols ] || { echo "libtorch_cuda.so names no cuDNN symbol"; exit 1; }
    while read -r s; do echo "int $s(void) { return 1001; }"; done < $dir/symbols > $dir/standin.c
    echo "libcudnn.so.9 { global: *; };" > $dir/version.map
    gcc -shared -fPIC -o /usr/local/lib/libcudnn.so.9 -Wl,-soname,libcudnn.so.9 \
      -Wl,--version-script=$dir/version.map $dir/standin.c
    ldconfig
    echo "cuDNN stand-in: $(wc -l < $dir/symbols) symbols in /usr/local/lib/libcudnn.so.9"'
}
if [ $flavour = cuda ]; then step cudnn-standin cudnn_standin || exit 1; fi

if [ $mode = gpu-run ]; then
  # Debian's CUDA libtorch stands in for PyTorch's, and the time budget is off:
  # two cores build for half an hour where a GPU machine's sixteen take minutes.
  [ -f "$src/.gpudeps/MANIFEST" ] || step gather-gpu-deps "$src/packaging/gather-gpu-deps.sh" || exit 1
  rm -rf "$root/src/.gpudeps" && cp -a "$src/.gpudeps" "$root/src/"
  step gpu-run in_root "CMAKE_CXX_COMPILER_LAUNCHER=ccache /src/packaging/gpu-run.sh --torch /usr \
    --build /build/gpu-run --budget 100000 --seconds 3 $gpu_run_options /build/gpu-run-out" || true
  rm -rf "$out/gpu-run" && cp -a "$root/build/gpu-run-out" "$out/gpu-run"
  cat "$out/gpu-run/results.md"
  exit $failed
fi

build=/build/$flavour
# From scratch each time, so the warnings counted below are every file's: ccache
# makes a rebuild quick and replays the warnings of the files it had compiled.
step configure in_root "rm -rf $build && cmake -S /src -B $build -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache" || exit 1
step build in_root "cmake --build $build -j $jobs" || exit 1
warnings=$(grep -c 'warning:' "$out/build.log" || true)
if [ "$warnings" -eq 0 ]; then
  results+=("ok    no compiler warnings")
else
  results+=("FAIL  $warnings compiler warnings: see $out/build.log")
  failed=1
  grep -A3 'warning:' "$out/build.log" | head -n 40 >&2
fi

step ctest in_root "ctest --test-dir $build --output-on-failure -j $jobs" || true
grep -E '^[0-9]+% tests passed' "$out/ctest.log" | sed 's/^/  /' || true

package=spanforge$([ $flavour = cuda ] && echo -cuda || true)
step cpack in_root "rm -rf /build/deb-$flavour && cd $build && cpack -G DEB -B /build/deb-$flavour &&
  cp /build/deb-$flavour/${package}_*.deb /build/" || exit 1
deb="$(basename "$(ls "$root"/build/deb-$flavour/${package}_*.deb)")"
cp "$root/build/deb-$flavour/$deb" "$out/"
echo "  $deb"
# lintian-clean: no errors and no warnings (informational tags are listed only).
step lintian in_root "lintian --allow-root /build/$deb | tee /tmp/lintian.txt;
  ! grep -Eq '^(E|W):' /tmp/lintian.txt" || true

step install-deb in_root "DEBIAN_FRONTEND=noninteractive apt-get install -y -q /build/$deb" || exit 1
step installed-cli in_root "spanforge-cli --version && spanforge-cli devices &&
  spanforge-cli --version | grep -q '^built with libtorch 2\.' &&
  spanforge-cli devices --json | grep -q '\"auto\": \"cpu\"'" || true
# No GPU here: asking for one must stop the run at once with the reason.
step no-gpu-message in_root "cd /tmp && rm -rf nogpu && mkdir nogpu && cd nogpu &&
  spanforge-cli init --demo demo.spanforge > /dev/null &&
  set +e; timeout 60 spanforge-cli train demo.spanforge --device cuda --output model > out.txt 2>&1;
  code=\$?; set -e; cat out.txt; [ \$code -eq 1 ] &&
  grep -Eq 'device \"cuda\": (no NVIDIA GPU|this Spanforge was built against a CPU-only)' out.txt" || true
# Started as from the menu, offscreen: still running after 15 s means it came up.
step installed-gui in_root "export QT_QPA_PLATFORM=offscreen HOME=/tmp/guihome XDG_RUNTIME_DIR=/tmp/guirt;
  rm -rf /tmp/guihome /tmp/guirt && mkdir -p /tmp/guihome /tmp/guirt && chmod 700 /tmp/guirt;
  set +e; timeout 15 spanforge --demo > /tmp/gui.log 2>&1; code=\$?; set -e; cat /tmp/gui.log;
  [ \$code -eq 124 ]" || true
step remove-deb in_root "DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $package" || true

exit $failed
