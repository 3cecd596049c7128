#!/usr/bin/env bash
# CTest fixture `docker_engine` (FIXTURES_SETUP): makes a Docker engine answer and the Docker base image exist
# for the Docker rows of tst_sandbox. Starts `dockerd` when no engine answers (`docker info`), waits for it
# and records its pid in STATUS_FILE.pid; builds the base image without any registry
# (scripts/docker-base-image: debootstrap + docker import, cached by tag). Never fails the build: when
# something cannot be done here, it writes the reason to STATUS_FILE and the Docker tests QSKIP with it.
# `--stop` (fixture `docker_engine_stop`, FIXTURES_CLEANUP) stops the dockerd this script started, by its
# pid, and nothing else: an engine that was already running is left alone.
# Usage: tests/docker-engine.sh STATUS_FILE      tests/docker-engine.sh --stop STATUS_FILE
set -uo pipefail
if [ "${1:-}" = "--stop" ]; then
  pid_file="${2:?usage: docker-engine.sh --stop STATUS_FILE}.pid"
  [ -s "$pid_file" ] || exit 0
  pid=$(cat "$pid_file")
  rm -f "$pid_file"
  # Only our dockerd: the pid must still name a dockerd process.
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "dockerd" ] || exit 0
  kill "$pid"
  for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || exit 0; sleep 1; done
  echo "docker-engine: dockerd ($pid) did not stop within 30 s of SIGTERM; sending SIGKILL" >&2
  kill -9 "$pid" 2>/dev/null
  exit 0
fi
status_file=${1:?usage: docker-engine.sh STATUS_FILE}
here=$(cd "$(dirname "$0")" && pwd)
# A pid file left by an earlier run that was killed before its cleanup names a dockerd this run did not start; that
# engine may now serve others (CI's container once died so): forget it, and stop only what this run starts.
rm -f "$status_file" "$status_file.pid"
skip() { echo "$*" >"$status_file"; echo "docker-engine: $*" >&2; exit 0; }

command -v docker >/dev/null || skip "the Docker CLI is not installed (scripts/bootstrap installs docker.io)"
if ! docker info >/dev/null 2>&1; then
  command -v dockerd >/dev/null || skip "no Docker engine answers and dockerd is not installed (apt install docker.io)"
  [ "$(id -u)" -eq 0 ] || skip "no Docker engine answers, and starting dockerd needs root (or start Docker yourself)"
  log=/var/log/sandmark-dockerd.log
  echo "docker-engine: starting dockerd (log: $log)" >&2
  # A session of its own and no inherited descriptors: it outlives this script; the cleanup fixture stops it.
  setsid dockerd >"$log" 2>&1 </dev/null &
  echo $! >"$status_file.pid"
  for _ in $(seq 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
  docker info >/dev/null 2>&1 || skip "dockerd did not come up within 60 s: $(tail -n 3 "$log" | tr '\n' ' ')"
fi

image=${SANDMARK_DOCKER_IMAGE:-}
if [ -z "$image" ]; then
  out=$("$here/../scripts/docker-base-image" 2>&1) || skip "cannot build the Docker base image: $(echo "$out" | tail -n 3 | tr '\n' ' ')"
fi
# Containers left by a Sandmark process that died (killed test run): the process that started a container is
# in its org.sandmark.pid label; containers of live processes (others on this machine) are left alone.
docker ps -a --filter label=org.sandmark.run --format '{{.ID}} {{.Label "org.sandmark.pid"}}' |
  while read -r id pid; do
    { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || docker rm -f "$id" >/dev/null 2>&1
  done
exit 0
