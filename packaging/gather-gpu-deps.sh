#!/usr/bin/env bash
# Gathers, from Debian 12's packages, the libraries Spanforge's core and CLI
# build against (headers, shared libraries, pkg-config and CMake files) into
# one folder, for packaging/gpu-run.sh on a GPU machine that has a CUDA
# PyTorch but none of these, and no apt or network: the device tool carries
# the folder along. Nothing is installed here; apt-get download fetches the
# .debs and dpkg -x unpacks them.
#
#   packaging/gather-gpu-deps.sh [DIR]     DIR: default .gpudeps in the repository
#                                          root (ignored by git)
#
# The libraries need glibc 2.34 or later and libstdc++'s C++11 string ABI
# (which PyTorch 2.x builds use too); DIR/MANIFEST records what they need and
# gpu-run.sh checks it against the machine before building.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/.gpudeps}"
arch=x86_64-linux-gnu

codename="$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")"
if [ "$codename" != bookworm ]; then
  echo "gather-gpu-deps: run this on Debian 12 (bookworm), not ${codename:-an unknown system}:" \
       "its libraries are old enough for the GPU machine's glibc" >&2
  exit 1
fi

packages=(
  libsqlite3-dev libsqlite3-0            # project store
  libutf8proc-dev libutf8proc2           # tokenizer
  libxxhash-dev libxxhash0               # content hashes
  libre2-dev libre2-9                    # pattern REGEX
  libtomlplusplus-dev libtomlplusplus3   # training config
  nlohmann-json3-dev libcli11-dev        # header-only
  libcpp-httplib-dev libcpp-httplib0.11  # serve tests' HTTP client
  libpugixml-dev libpugixml1v5           # Label Studio configs
  libmicrohttpd-dev libmicrohttpd12      # spanforge-cli serve
  libgloo-dev                            # headers only: c10d's ProcessGroupGloo.hpp includes them
  zlib1g-dev zlib1g                      # gzipped vectors
  libssl-dev libssl3 libbrotli-dev libbrotli1   # what cpp-httplib is built with
  # What libmicrohttpd12 links: GnuTLS and the libraries it links.
  libgnutls30 libp11-kit0 libidn2-0 libunistring2 libtasn1-6 libnettle8 libhogweed6 libgmp10 libffi8
)
# Every shared library above may need only these from the machine itself.
base_libs="libc.so.6 libm.so.6 libstdc++.so.6 libgcc_s.so.1 ld-linux-x86-64.so.2 libpthread.so.0 libdl.so.2 librt.so.1"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"  # apt's sandbox user writes the .debs here
echo "gather-gpu-deps: downloading ${#packages[@]} Debian 12 packages"
(cd "$work" && apt-get download -q "${packages[@]}" >/dev/null)
mkdir "$work/root"
for deb in "$work"/*.deb; do dpkg -x "$deb" "$work/root"; done

rm -rf "$out"
mkdir -p "$out/usr/lib/$arch" "$out/usr/share"
cp -a "$work/root/usr/include" "$out/usr/"
# Multiarch headers (OpenSSL's configuration.h) into the main folder: a build
# names only that one, and the machine's own multiarch folder must not answer
# for them.
if [ -d "$out/usr/include/$arch" ]; then
  cp -a "$out/usr/include/$arch/." "$out/usr/include/"
  rm -rf "$out/usr/include/$arch"
fi
# Shared libraries (and their dev symlinks), pkg-config and CMake files; no
# static archives, documentation or manuals.
for d in "$work/root/usr/lib/$arch" "$work/root/lib/$arch"; do
  [ -d "$d" ] || continue
  find "$d" -maxdepth 1 \( -name '*.so' -o -name '*.so.*' \) -exec cp -a {} "$out/usr/lib/$arch/" \;
  for sub in pkgconfig cmake; do
    [ -d "$d/$sub" ] && cp -a "$d/$sub" "$out/usr/lib/$arch/"
  done
done
for sub in pkgconfig cmake; do
  [ -d "$work/root/usr/share/$sub" ] && cp -a "$work/root/usr/share/$sub" "$out/usr/share/"
done
# Static archives only where a CMake file names one (pugixml's config checks
# that its static target's archive exists).
for a in $(grep -rhoE "lib/$arch/lib[A-Za-z0-9_+-]+\.a" "$out/usr/lib/$arch/cmake" | sort -u); do
  cp -a "$work/root/usr/$a" "$out/usr/$a"
done
# zlib's dev symlink points at /lib/... (absolute): make every link relative.
for link in "$out/usr/lib/$arch"/*.so; do
  target="$(readlink "$link" || true)"
  case "$target" in /*) ln -sfn "$(basename "$target")" "$link" ;; esac
done

# pkg-config files: prefixes relative to where they lie; Requires.private
# dropped, since nothing is linked statically and GnuTLS's own .pc is not carried.
for pc in "$out/usr/lib/$arch/pkgconfig"/*.pc "$out/usr/share/pkgconfig"/*.pc; do
  [ -f "$pc" ] || continue
  case "$pc" in
    */lib/$arch/pkgconfig/*) prefix='${pcfiledir}/../../..' ;;
    *) prefix='${pcfiledir}/../..' ;;
  esac
  sed -i -e "s|^prefix=.*|prefix=$prefix|" -e 's|=/usr/|=${prefix}/|' -e '/^Requires.private:/d' "$pc"
done
# Gloo's CMake files name its library, which is not carried (libtorch has Gloo inside).
rm -rf "$out/usr/share/cmake/Gloo"
if grep -rlE '(IMPORTED_LOCATION[A-Z_]*|INTERFACE_INCLUDE_DIRECTORIES) +"/' \
     "$out/usr/lib/$arch/cmake" "$out/usr/share/cmake" 2>/dev/null; then
  echo "gather-gpu-deps: the CMake files above name absolute paths; they would not work carried" >&2
  exit 1
fi

# Every library's needs are met by the folder or by the base above.
missing=0
max_glibc=0 max_glibcxx=0
for lib in "$out/usr/lib/$arch"/*.so.*; do
  [ -L "$lib" ] && continue
  for need in $(objdump -p "$lib" | awk '$1 == "NEEDED" {print $2}'); do
    if [ ! -e "$out/usr/lib/$arch/$need" ] && ! grep -qw "$need" <<<"$base_libs"; then
      echo "gather-gpu-deps: $(basename "$lib") needs $need, which is neither carried nor basic" >&2
      missing=1
    fi
  done
  for v in $(objdump -T "$lib" | grep -o 'GLIBC_2\.[0-9]*' | sort -u); do
    [ "$(printf '%s\n%s\n' "$max_glibc" "${v#GLIBC_}" | sort -V | tail -1)" = "${v#GLIBC_}" ] && max_glibc="${v#GLIBC_}"
  done
  for v in $(objdump -T "$lib" | grep -o 'GLIBCXX_3\.4\.[0-9]*' | sort -u); do
    [ "$(printf '%s\n%s\n' "$max_glibcxx" "${v#GLIBCXX_}" | sort -V | tail -1)" = "${v#GLIBCXX_}" ] && max_glibcxx="${v#GLIBCXX_}"
  done
done
[ "$missing" = 0 ] || exit 1
# The C++ libraries' std::string in their interfaces: the C++11 ABI
# (std::__cxx11::basic_string), as in PyTorch 2.x's own builds.
cxx11=0
if [ "$(objdump -T "$out/usr/lib/$arch"/libcpp-httplib.so.*.* | grep -c '__cxx11')" -gt 0 ]; then
  cxx11=1
fi

{
  echo "# Written by packaging/gather-gpu-deps.sh on $(date -u +%Y-%m-%d); read by gpu-run.sh."
  echo "glibc_min=$max_glibc"
  echo "glibcxx_min=$max_glibcxx"
  echo "cxx11_abi=$cxx11"
  echo "multiarch=$arch"
  for deb in "$work"/*.deb; do
    echo "package=$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)"
  done
} >"$out/MANIFEST"
echo "gather-gpu-deps: $out ($(du -sh "$out" | cut -f1)), libraries need glibc $max_glibc," \
     "GLIBCXX $max_glibcxx, C++11 ABI $cxx11"
