#!/bin/sh
# Runs a test binary inside a private D-Bus session with an unlocked gnome-keyring (a real Secret Service),
# in a throw-away HOME so the user's own keyring is never touched. Without dbus-run-session or
# gnome-keyring-daemon the test runs as is and skips what needs the keychain (SANDMARK_NO_KEYRING=1).
# Usage: keyring-session.sh TEST_BINARY [ARGS...]
set -eu
if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  SANDMARK_NO_KEYRING=1 exec "$@"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -m 700 "$tmp/run"
export HOME="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_RUNTIME_DIR="$tmp/run"
export SANDMARK_KEYRING_HOME="$tmp"
unset DISPLAY WAYLAND_DISPLAY HF_TOKEN
# A non-empty password: gnome-keyring refuses to create an unlocked login keyring with an empty one.
dbus-run-session -- sh -c 'echo -n sandmark-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@"
