#!/usr/bin/env bash
# The Debian package as a user gets it: cpack builds it from the build tree,
# lintian finds no errors, and then it is installed with dpkg (as root, when
# no spanforge package is installed already) or unpacked into a scratch
# root (otherwise): spanforge-cli --version, init --demo, its man page, and
# the GUI started offscreen through its desktop entry's Exec line (from the
# menu: the demo project; with a project file, as a double-click: that
# project); the install is removed again and leaves no file behind.
#   tests/package/run.sh BUILD_DIR
set -euo pipefail
build="$(cd "$1" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "package test: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/out" > "$work/cpack.log") || { cat "$work/cpack.log"; fail "cpack failed"; }
deb="$(ls "$work"/out/spanforge*_*_*.deb)"
pkg="$(dpkg-deb -f "$deb" Package)"  # spanforge, or spanforge-cuda from a CUDA build
echo "package: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB, installed size $(dpkg-deb -f "$deb" Installed-Size) KiB"

if command -v lintian >/dev/null; then
  lintian --allow-root "$deb" > "$work/lintian.txt" 2>&1 || true
  cat "$work/lintian.txt"
  ! grep -q '^E:' "$work/lintian.txt" || fail "lintian reports errors"
fi

export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
export XDG_RUNTIME_DIR="$work/runtime" QT_QPA_PLATFORM=offscreen
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

installed=0
if [ "$(id -u)" -eq 0 ] && ! dpkg -s spanforge >/dev/null 2>&1 && ! dpkg -s spanforge-cuda >/dev/null 2>&1; then
  dpkg -i "$deb" > "$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; dpkg -P "$pkg" >/dev/null 2>&1 || true; fail "dpkg -i failed"; }
  installed=1
  root=""
  echo "installed with dpkg -i"
else
  dpkg-deb -x "$deb" "$work/root"
  root="$work/root"
  echo "unpacked into a scratch root (not root, or spanforge is installed on this machine)"
fi
cleanup_install() { [ $installed -eq 1 ] && dpkg -P "$pkg" >/dev/null 2>&1 || true; }
trap 'cleanup_install; rm -rf "$work"' EXIT

cli="$root/usr/bin/spanforge-cli"
gui="$root/usr/bin/spanforge"
version_out="$("$cli" --version)"
[ "$(head -n 1 <<< "$version_out")" = "spanforge-cli $(dpkg-deb -f "$deb" Version)" ] || fail "spanforge-cli --version: $version_out"
grep -q '^built with libtorch [0-9]' <<< "$version_out" || fail "spanforge-cli --version names no libtorch: $version_out"
"$cli" devices | grep -q '^cpu ' || fail "spanforge-cli devices lists no CPU: $("$cli" devices 2>&1)"
"$cli" init --demo "$work/demo.spanforge" > /dev/null || fail "init --demo failed"
[ -s "$work/demo.spanforge" ] || fail "init --demo wrote no project"
"$cli" stats "$work/demo.spanforge" | grep -q . || fail "stats of the demo project printed nothing"

if [ $installed -eq 1 ]; then
  LC_ALL=C man -P cat spanforge-cli 2>/dev/null | grep -q "Serve a model package" || fail "man spanforge-cli"
  LC_ALL=C man -P cat spanforge-cli-serve 2>/dev/null | grep -q -- "--port" || fail "man spanforge-cli-serve"
  [ -f /usr/share/mime/application/x-spanforge-project.xml ] || fail "the project MIME type is not registered"
  [ -f /usr/share/applications/spanforge.desktop ] || fail "no desktop entry"
else
  zcat "$root/usr/share/man/man1/spanforge-cli-serve.1.gz" | grep -q -- "--port" || fail "man page of serve"
fi
# An action of a subcommand has its own page (`patterns match`).
zcat "$root/usr/share/man/man1/spanforge-cli-patterns-match.1.gz" | grep -qF -- "case\\-fold" ||
  fail "man page of patterns match"
for f in usr/share/applications/spanforge.desktop usr/share/metainfo/spanforge.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/spanforge.svg usr/share/icons/hicolor/48x48/apps/spanforge.png \
         "usr/share/doc/$pkg/copyright" "usr/share/doc/$pkg/demo-data/ATTRIBUTION.md"; do
  [ -f "$root/$f" ] || fail "missing /$f"
done

# Started as the menu starts it: the desktop entry's Exec line, its field
# code (%f) empty from the menu and a project file when one is double-clicked.
entry="$root/usr/share/applications/spanforge.desktop"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$entry" || fail "desktop-file-validate: $entry"
fi
exec_line="$(sed -n 's/^Exec=//p' "$entry")"
program="${exec_line%% *}"
[ "$program" = spanforge ] || fail "the desktop entry runs \"$exec_line\", not spanforge"
[ -x "$root/usr/bin/$program" ] || fail "the desktop entry's program /usr/bin/$program is missing"
start_from_menu() {  # start_from_menu SECONDS [FILE]: Exec with %f replaced
  local args="${exec_line#"$program"}"
  args="${args//%f/${2:-}}"
  set +e
  # shellcheck disable=SC2086  # the entry's arguments split as a launcher splits them
  timeout "$1" "$root/usr/bin/$program" $args > "$work/gui.log" 2>&1
  local code=$?
  set -e
  [ $code -eq 124 ] || { cat "$work/gui.log"; fail "the GUI exited ($code) instead of running"; }
}

# The first run from the menu opens (and creates) the demo project in the XDG data folder.
start_from_menu 30
demo="$(find "$XDG_DATA_HOME" -name demo.spanforge)"
[ -n "$demo" ] || fail "the GUI's first run created no demo project under $XDG_DATA_HOME"
echo "GUI started from the menu entry, ran 30 s on the demo project: $demo"
# A double-clicked project opens that project (it becomes the most recent one).
start_from_menu 15 "$work/demo.spanforge"
grep -rq "$work/demo.spanforge" "$XDG_CONFIG_HOME" || fail "the project given as %f was not opened"
echo "GUI started with a project file as a double-click does: it opened it"

if [ $installed -eq 1 ]; then
  dpkg -P "$pkg" > /dev/null || fail "dpkg -P failed"
  installed=0
  dpkg -s "$pkg" >/dev/null 2>&1 && fail "still installed after dpkg -P"
  for f in /usr/bin/spanforge /usr/bin/spanforge-cli /usr/share/applications/spanforge.desktop \
           /usr/share/man/man1/spanforge-cli.1.gz /usr/share/mime/application/x-spanforge-project.xml; do
    [ ! -e "$f" ] || fail "$f left behind after removal"
  done
  echo "removed cleanly"
fi
echo "package test passed"
