#!/usr/bin/env bash
# Writes man pages for spanforge-cli and each of its subcommands from the
# program's own --help (help2man), so that they cannot drift from it.
#   packaging/make-manpages.sh SPANFORGE_CLI OUTPUT_DIR [SPANFORGE_GUI]
set -euo pipefail
cli="$1"
out="$2"
gui="${3:-}"
command -v help2man >/dev/null || { echo "make-manpages: needs help2man (apt-get install help2man)" >&2; exit 2; }
mkdir -p "$out"
version="$("$cli" --version | head -n 1 | awk '{print $NF}')"
# The subcommands as the top-level help lists them ("  name   description").
subs=$("$cli" --help | awk '/^Subcommands:/{on=1; next} on && /^  [a-z]/{print $1}')

see_also="$(mktemp)"
trap 'rm -f "$see_also"' EXIT
{
  echo "[SEE ALSO]"
  echo ".nh"  # page names are not hyphenated
  first=1
  for s in $subs; do
    [ $first -eq 1 ] || printf ',\n'
    printf '.BR spanforge\\-cli\\-%s (1)' "$s"
    first=0
  done
  printf ',\n.BR spanforge (1)\n'
} > "$see_also"

help2man --no-info --no-discard-stderr --version-string="$version" \
  --name="label, import, export, check, train and serve named-entity models headless" \
  --include="$see_also" --output="$out/spanforge-cli.1" "$cli"

# One page per subcommand, and per action of a subcommand that has actions
# (`patterns match`: spanforge-cli-patterns-match(1)).
page_for() {
  local words="$1" see="$2" name page title
  name="$("$cli" $words --help | head -1)"
  title="${words// /-}"
  page="$out/spanforge-cli-$title.1"
  help2man --no-info --no-discard-stderr --version-string="$version" \
    --help-option="$words --help" --name="$name" --output="$page" "$cli"
  # help2man titles every page after the program; this one is the subcommand's.
  sed -i -e "s/^\\.TH SPANFORGE-CLI /.TH SPANFORGE-CLI-${title^^} /" \
    -e "0,/^spanforge-cli \\\\- /s//spanforge-cli-$title \\\\- /" "$page"
  printf '.SH "SEE ALSO"\n%s\n' "$see" >> "$page"
}
for s in $subs; do
  actions=$("$cli" "$s" --help | awk '/^Subcommands:/{on=1; next} on && /^  [a-z]/{print $1}')
  see='.BR spanforge\-cli (1)'
  for a in $actions; do see+=$',\n'".BR spanforge\\-cli\\-$s\\-$a (1)"; done
  page_for "$s" "$see"
  for a in $actions; do
    page_for "$s $a" ".BR spanforge\\-cli\\-$s (1)"
  done
done
if [ -n "$gui" ]; then
  help2man --no-info --no-discard-stderr --version-string="$version" \
    --name="label entity spans, train named-entity models and watch them learn" \
    --output="$out/spanforge.1" "$gui"
  printf '.SH "SEE ALSO"\n.BR spanforge\-cli (1)\n' >> "$out/spanforge.1"
fi
for p in "$out"/*.1; do gzip -9nf "$p"; done
