#!/usr/bin/env bash
# Checks the packaging files as built, without installing anything (fast; runs with every ctest):
# desktop file, AppStream metainfo, MIME type, man pages (render cleanly, list every command and exit
# code of the built sandmark-cli), bash completion (syntax; completes every command).
# Usage: test_packaging_files.sh BUILD_DIR SOURCE_DIR APP_ID
set -euo pipefail
build=$1 src=$2 app_id=$3
gen=$build/packaging
cli=$build/bin/sandmark-cli
fail=0
problem() { echo "FAIL: $*" >&2; fail=1; }
note() { echo "note: $*"; }

# Desktop entry.
if command -v desktop-file-validate >/dev/null; then
  out=$(desktop-file-validate "$gen/$app_id.desktop" 2>&1) || problem "desktop-file-validate: $out"
  [ -z "$out" ] || problem "desktop-file-validate: $out"
else
  note "desktop-file-validate not installed (apt: desktop-file-utils); desktop file not validated"
fi

# AppStream metainfo: no errors and no warnings (pedantic hints are allowed).
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net --explain "$gen/$app_id.metainfo.xml" || problem "appstreamcli validate failed"
else
  note "appstreamcli not installed (apt: appstream); metainfo not validated"
fi

# MIME: build a private database from the freedesktop.org types plus ours; assignment.json must map
# to our type with a weight above *.json, and *.ipynb to the type the desktop file lists.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/mime/packages"
cp "$gen/$app_id.xml" "$tmp/mime/packages/"
[ -f /usr/share/mime/packages/freedesktop.org.xml ] && cp /usr/share/mime/packages/freedesktop.org.xml "$tmp/mime/packages/"
if command -v update-mime-database >/dev/null; then
  update-mime-database "$tmp/mime" 2>"$tmp/mime.err" || problem "update-mime-database: $(cat "$tmp/mime.err")"
  grep -qx '80:application/x-sandmark-assignment:assignment.json' "$tmp/mime/globs2" \
    || problem "globs2 has no weighted assignment.json glob"
  for t in $(sed -n 's/^MimeType=//p' "$gen/$app_id.desktop" | tr ';' ' '); do
    grep -q "^$t\$" "$tmp/mime/types" || problem "desktop file lists MIME type $t, which no MIME file defines"
  done
else
  note "update-mime-database not installed (apt: shared-mime-info); MIME file not checked"
fi

# Man pages render without groff warnings.
for page in sandmark-cli.1 sandmark.1; do
  warnings=$(groff -man -Tutf8 -ww -z "$src/packaging/linux/$page" 2>&1 || true)
  [ -z "$warnings" ] || problem "$page: groff: $warnings"
done

# Every command of the built CLI is documented in the man page and completes in bash.
commands=$("$cli" --help | awk '/^Commands:/{c=1;next} c&&/^  [a-z]/{print $1}')
[ -n "$commands" ] || problem "no commands in '$cli --help'"
for c in $commands; do
  grep -Eq "^\.BI? \"?$c( |\"|$)" "$src/packaging/linux/sandmark-cli.1" \
    || problem "packaging/linux/sandmark-cli.1 does not document the command '$c' (add a .TP entry under COMMANDS)"
done
for code in 0 1 2 3 130; do
  grep -qx "\.B $code" "$src/packaging/linux/sandmark-cli.1" || problem "sandmark-cli.1: exit status $code missing"
done
grep -q "Exit codes: 0 ok, 1 bad input or check failed, 2 usage, 3 grader error, 130 interrupted" \
  <("$cli" --help) || note "sandmark-cli --help changed its exit-code line: re-check EXIT STATUS in sandmark-cli.1"

completion=$src/packaging/linux/sandmark-cli.bash-completion
bash -n "$completion" || problem "bash completion: syntax error"
# Drive the completion function with a minimal stand-in for bash-completion's helpers.
got=$(PATH="$build/bin:$PATH" bash -c '
  _init_completion() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }
  _filedir() { :; }
  source "$1"
  COMP_WORDS=(sandmark-cli ""); COMP_CWORD=1; _sandmark_cli; echo "${COMPREPLY[*]}"
  COMP_WORDS=(sandmark-cli datasets ""); COMP_CWORD=2; _sandmark_cli; echo "${COMPREPLY[*]}"
  COMP_WORDS=(sandmark-cli release --); COMP_CWORD=2; _sandmark_cli; echo "${COMPREPLY[*]}"
  COMP_WORDS=(sandmark-cli grade x --sandbox ""); COMP_CWORD=4; _sandmark_cli; echo "${COMPREPLY[*]}"
' _ "$completion")
first=$(sed -n 1p <<<"$got")
for c in $commands; do
  [[ " $first " == *" $c "* ]] || problem "bash completion does not offer '$c' (got: $first)"
done
[[ $(sed -n 2p <<<"$got") == *"warm"* ]] || problem "bash completion: no datasets actions"
[[ $(sed -n 3p <<<"$got") == *"--output"* ]] || problem "bash completion: no options for release"
# Every registered sandbox backend (the registry, as --help prints it) completes and is in the man page.
backends=$("$cli" doctor --help 2>/dev/null | tr -s ' \n' '  ' | sed -n 's/.*--sandbox <NAME> Backend: \([^(]*\) (default.*/\1/p' | tr -d ',')
[ -n "$backends" ] || problem "no backend list in '$cli doctor --help'"
for b in $backends; do
  [[ " $(sed -n 4p <<<"$got") " == *" $b "* ]] || problem "bash completion does not offer --sandbox $b (got: $(sed -n 4p <<<"$got"))"
  grep -Eq "^\.BR? ${b//-/\\\\-}( |,|$)" "$src/packaging/linux/sandmark-cli.1" \
    || problem "packaging/linux/sandmark-cli.1 does not name the sandbox backend '$b' under run --sandbox"
done

[ $fail -eq 0 ] && echo "packaging files ok"
exit $fail
