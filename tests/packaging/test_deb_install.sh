#!/usr/bin/env bash
# Installs the Sandmark DEBs on this machine with apt, uses them from the installed files only, and purges
# them again, checking that nothing is left in /usr. Needs root (CI); exits 77 (skipped) otherwise.
#
# Usage: test_deb_install.sh BUILD_DIR SOURCE_DIR
#   Packages: $SANDMARK_PACKAGE_DIR (e.g. build/packages from scripts/package; relative paths are relative
#   to SOURCE_DIR) when set, else
#   `cpack -G DEB` of BUILD_DIR into BUILD_DIR/packages.
# Careful: this writes into the real /usr — only our own two packages, purged on every exit path.
set -euo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
started=$(date +%s)

say() { echo "== $*"; }
skip() { echo "SKIP: $*"; exit 77; }
die() { echo "FAIL: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || skip "needs root to install packages (run in CI, or as root)"
command -v apt-get >/dev/null && command -v dpkg >/dev/null || skip "not a Debian-based system"
for p in sandmark sandmark-cli; do
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "installed"; then
    die "package $p is already installed on this machine; not touching it (apt-get purge $p first)"
  fi
done

work=$(mktemp -d /tmp/sandmark-deb-test.XXXXXX)
# As root the sandbox drops to its own user, which must reach the run folders under $work/home/.cache.
chmod 755 "$work"
installed=0
cleanup() {
  local rc=$?
  if [ $installed -eq 1 ]; then
    echo "== cleanup: purging sandmark sandmark-cli"
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq sandmark sandmark-cli >/dev/null 2>&1 || \
      dpkg --purge sandmark sandmark-cli >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- Packages ------------------------------------------------------------------------------------------
pkgdir=${SANDMARK_PACKAGE_DIR:-}
if [ -z "$pkgdir" ]; then
  pkgdir=$build/packages
  # cpack installs what is built without building it: bring the build up to date first (a no-op normally).
  say "cmake --build $build, cpack -G DEB"
  cmake --build "$build" -j2 >"$work/build.log" 2>&1 || { tail -50 "$work/build.log"; die "build failed"; }
  rm -f "$pkgdir"/*.deb
  (cd "$build" && cpack -G DEB -B "$pkgdir" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; die "cpack failed"; }
  rm -rf "$pkgdir/_CPack_Packages"
fi
[[ $pkgdir == /* ]] || pkgdir=$src/$pkgdir # relative to the source tree, as scripts/package prints it
pkgdir=$(cd "$pkgdir" && pwd)
cli_deb=$(ls "$pkgdir"/sandmark-cli_*.deb 2>/dev/null | tail -1)
gui_deb=$(ls "$pkgdir"/sandmark_*.deb 2>/dev/null | tail -1)
[ -n "$cli_deb" ] || die "no sandmark-cli_*.deb in $pkgdir"
[ -n "$gui_deb" ] || die "no sandmark_*.deb in $pkgdir"
version=$(dpkg-deb -f "$cli_deb" Version)
say "packages: $(basename "$cli_deb") $(basename "$gui_deb") (version $version)"

# Which of the packaged paths exist before installing (directories such as /usr/share/man/man1 do):
# those are not ours to check after the purge.
dpkg-deb -c "$cli_deb" >"$work/contents"
dpkg-deb -c "$gui_deb" >>"$work/contents"
awk '{print $6}' "$work/contents" | sed 's|^\./|/|; s|/$||' | grep -v '^$' | sort -u >"$work/paths"
while read -r p; do [ -e "$p" ] || [ -L "$p" ] || echo "$p"; done <"$work/paths" >"$work/new-paths"
[ -s "$work/new-paths" ] || die "every packaged path exists already: a previous install was not removed?"

# ---- Install -------------------------------------------------------------------------------------------
# --no-install-recommends: the Recommends (python3-nbclient, python3-ipykernel, docker.io) are not pulled
# into this machine by a test; scripts/bootstrap installs the first two.
say "apt-get install"
installed=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$cli_deb" "$gui_deb" \
  >"$work/apt.log" 2>&1 || { cat "$work/apt.log"; die "apt-get install failed"; }
dpkg -L sandmark sandmark-cli | sort -u >"$work/dpkg-L"

# Everything below runs the installed programs from a neutral place with a neutral environment, so
# nothing can come from the source or build tree.
cd "$work"
mkdir -p home
run() { env -i PATH=/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8 "$@"; }

say "installed files never name the source or build tree"
while read -r f; do
  [ -f "$f" ] || continue
  if grep -qF -e "$src" -e "$build" "$f"; then die "$f contains the path of the source or build tree"; fi
done <"$work/dpkg-L"
for exe in /usr/bin/sandmark /usr/bin/sandmark-cli; do
  file -b "$exe" | grep -q ', stripped' || die "$exe is not stripped: $(file -b "$exe")"
done

say "sandmark-cli --version"
out=$(run sandmark-cli --version)
echo "$out"
[ "$out" = "sandmark-cli ${version%-*}" ] || die "expected 'sandmark-cli ${version%-*}', got '$out'"

# A DEB built on a fresh machine is the full app: the optional parts are linked (ldd, every library found in
# what apt installed) and the programs say so themselves (--version --verbose, one "part: yes/no" line each).
links() { # EXE SONAME-PREFIX...
  local exe=$1 libs; shift
  libs=$(ldd "$exe") || die "ldd $exe failed"
  ! grep -q 'not found' <<<"$libs" || die "$exe: libraries not found after apt install: $(grep 'not found' <<<"$libs")"
  for lib in "$@"; do
    grep -q "^[[:space:]]*$lib\." <<<"$libs" || die "$exe does not link $lib (ldd: $(tr '\n' ' ' <<<"$libs"))"
  done
}
has_parts() { # OUTPUT PART...
  local out=$1; shift
  for part in "$@"; do
    grep -Eq "^$part: yes \([0-9.]+\)\$" <<<"$out" || die "--version --verbose does not list '$part: yes': $out"
  done
}
say "sandmark-cli links QtKeychain and libarchive, and says so"
links /usr/bin/sandmark-cli libqt6keychain.so libarchive.so
out=$(run sandmark-cli --version --verbose)
echo "$out"
has_parts "$out" QtKeychain libarchive
say "sandmark links Qt Charts and QtKeychain, and says so"
links /usr/bin/sandmark libQt6Charts.so libqt6keychain.so libarchive.so
out=$(run sandmark --version --verbose)
echo "$out"
has_parts "$out" "Qt Charts" QtKeychain libarchive

say "sandmark-cli validate /usr/share/sandmark/examples/iris"
run sandmark-cli validate /usr/share/sandmark/examples/iris

say "sandmark-cli doctor"
run sandmark-cli doctor

say "sandmark-cli grade (the example assignment, from a copy: the installed folder is read-only)"
cp -r /usr/share/sandmark/examples/iris "$work/iris"
chmod -R a+rX "$work/iris"
run sandmark-cli grade "$work/iris" --json >"$work/grades.jsonl" || die "sandmark-cli grade failed (exit $?)"
# Every submission got the grade examples/iris/expected-grades.json says it deserves.
/usr/bin/python3 - "$work/iris/expected-grades.json" "$work/grades.jsonl" <<'PY' || die "grades differ from expected-grades.json"
import json, sys
expected = json.load(open(sys.argv[1]))["grades"]
got, summary = {}, None
for line in open(sys.argv[2]):
    if line.strip():
        o = json.loads(line)
        if "summary" in o:  # the last line (sandmark-cli(1), grade --json): the batch's counts
            summary = o["summary"]
        else:
            got[o["submission"]] = o
bad = 0
if summary is None or summary["submissions"] != len(expected):
    print("  the summary line is missing or counts another number of submissions: %s" % summary)
    bad += 1
for student, want in sorted(expected.items()):
    g = got.get(student)
    # A null score (nothing could be graded) must stay null, never 0.
    ok = g is not None and g["status"] == want["status"] and (
        g["score"] is None if want["score"] is None else g["score"] is not None and abs(g["score"] - want["score"]) < 1e-9)
    print("  %-8s %-13s %4s  %s" % (student, g and g["status"], g and g["score"], "ok" if ok else "EXPECTED %s %s" % (want["status"], want["score"])))
    bad += not ok
sys.exit(1 if bad else 0)
PY

say "the GUI starts offscreen and quits"
run QT_QPA_PLATFORM=offscreen sandmark --version
run QT_QPA_PLATFORM=offscreen timeout 60 sandmark --quit-after-start /usr/share/sandmark/examples/iris \
  || die "sandmark --quit-after-start failed (exit $?)"

say "the user guide is installed for Help -> User Guide"
for f in README.md docs/review.md docs/screenshots/06-submissions.png; do
  [ -f "/usr/share/sandmark/doc/$f" ] || die "/usr/share/sandmark/doc/$f is missing (cmake/Packaging.cmake installs the user guide)"
done

say "desktop integration is registered"
grep -q ':application/x-sandmark-assignment:assignment.json' /usr/share/mime/globs2 \
  || die "/usr/share/mime/globs2 lacks the assignment type (the shared-mime-info trigger did not run?)"
[ -f /usr/share/applications/invalid.sandmark.Sandmark.desktop ] || die "no desktop file"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate /usr/share/applications/*.Sandmark.desktop
fi

# ---- Remove --------------------------------------------------------------------------------------------
say "apt-get purge"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq sandmark sandmark-cli >"$work/purge.log" 2>&1 \
  || { cat "$work/purge.log"; die "apt-get purge failed"; }
installed=0
left=0
while read -r p; do
  if [ -e "$p" ] || [ -L "$p" ]; then echo "left behind: $p" >&2; left=1; fi
done <"$work/new-paths"
[ $left -eq 0 ] || die "files or folders remain after the purge"
! grep -q 'x-sandmark-assignment' /usr/share/mime/globs2 || die "the MIME database still has our type"
for p in sandmark sandmark-cli; do
  ! dpkg-query -W "$p" >/dev/null 2>&1 || die "dpkg still knows $p"
done

say "ok: installed, used and purged cleanly in $(( $(date +%s) - started )) s ($(wc -l <"$work/new-paths") paths checked)"
