#!/usr/bin/env bash
# CTest fixture `podman_engine` (FIXTURES_SETUP): makes the Podman base image exist for the Podman rows of
# tst_sandbox. Podman has no daemon, so nothing is started or stopped. Builds the image without any registry
# (scripts/docker-base-image --engine podman: debootstrap + podman import, cached by tag). Never fails the
# build: when something cannot be done here, it writes the reason to STATUS_FILE and the Podman tests QSKIP
# with it (a Podman that cannot enforce the limits is refused by the backend itself, which the tests report).
# Usage: tests/podman-engine.sh STATUS_FILE
set -uo pipefail
status_file=${1:?usage: podman-engine.sh STATUS_FILE}
here=$(cd "$(dirname "$0")" && pwd)
rm -f "$status_file"
skip() { echo "$*" >"$status_file"; echo "podman-engine: $*" >&2; exit 0; }

command -v podman >/dev/null || skip "Podman is not installed (scripts/bootstrap installs podman)"
podman info >/dev/null 2>&1 || skip "podman info fails: $(podman info 2>&1 | tail -n 2 | tr '\n' ' ')"
if [ -z "${SANDMARK_DOCKER_IMAGE:-}" ]; then
  if ! podman image inspect sandmark-base:latest >/dev/null 2>&1 || [ "$(id -u)" -eq 0 ]; then
    out=$("$here/../scripts/docker-base-image" --engine podman 2>&1) ||
      skip "cannot build the Podman base image: $(echo "$out" | tail -n 3 | tr '\n' ' ')"
  fi
fi
# Containers left by a Sandmark process that died (killed test run), as in docker-engine.sh.
podman ps -a --filter label=org.sandmark.run --format '{{.ID}} {{index .Labels "org.sandmark.pid"}}' |
  while read -r id pid; do
    { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || podman rm -f -t 0 "$id" >/dev/null 2>&1
  done
exit 0
