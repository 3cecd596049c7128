#!/usr/bin/env bash
# Runs last (the cleanup of the fixture every test requires): fails when a process of one of Sandmark's sandbox
# uids outlived the process that started it — an orphan, whose parent is now pid 1 (security report: a self-test
# probe left sleeping after a full run). Sandbox uids: the sandmark-sandbox account, the fallback 4000000 and the
# lease range 4100000–4101023 (src/core/sandbox/backend.h). Runs of another live Sandmark process have a live
# parent and are not counted. A container run's processes run as the container's user (65534) under the engine's
# shim or conmon, never with parent 1: for them, a running container labelled org.sandmark.run whose starting
# process (label org.sandmark.pid) is gone counts, in Docker and in Podman (an engine that is not installed or does
# not answer within 10 s is not asked; a live Sandmark's containers are left alone).
# Exit 77 (skipped) when not root: runs then use the invoking user's own uid.
set -euo pipefail
if [ "$(id -u)" -ne 0 ]; then
  echo "skipped: not root: sandbox runs use the invoking user's uid, so no uid of their own can be looked for"
  exit 77
fi
account=$(id -u sandmark-sandbox 2>/dev/null || echo -1)
orphans() { # "pid uid command" of each, read from /proc (a minimal system has no ps)
  local dir uid ppid state
  for dir in /proc/[0-9]*; do
    read -r state ppid uid < <(awk '$1 == "State:" {s = $2} $1 == "PPid:" {p = $2} $1 == "Uid:" {u = $2}
                                    END {print s, p, u}' "$dir/status" 2>/dev/null) || continue
    [ "$ppid" = 1 ] || continue
    [ "$state" != Z ] || continue # exited, not yet reaped by pid 1: nothing runs
    if [ "$uid" = "$account" ] || [ "$uid" = 4000000 ] || { [ -n "$uid" ] && [ "$uid" -ge 4100000 ] && [ "$uid" -le 4101023 ]; }; then
      echo "${dir#/proc/} $uid $(tr '\0' ' ' <"$dir/cmdline" 2>/dev/null | cut -c1-300)"
    fi
  done
}
containers() { # "engine:id owner pid" of each running container of a run whose Sandmark process is gone
  local engine format id pid
  for engine in docker podman; do
    command -v "$engine" >/dev/null || continue
    if [ "$engine" = podman ]; then format='{{.ID}} {{index .Labels "org.sandmark.pid"}}'
    else format='{{.ID}} {{.Label "org.sandmark.pid"}}'; fi
    { timeout 10 "$engine" ps --filter label=org.sandmark.run --format "$format" 2>/dev/null || true; } |
      while read -r id pid; do
        { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; } || echo "$engine:$id owner ${pid:-unknown} (a container still running)"
      done
  done
}
leftovers() { orphans; containers; }
# A run being torn down right now can leave a process with parent 1 for an instant (its tree is killed deepest
# first): only a process still there ten seconds later counts.
first=$(leftovers)
[ -z "$first" ] && { echo "no process of a sandbox uid outlived its run"; exit 0; }
sleep 10
left=$(leftovers | awk 'NR == FNR {seen[$1] = 1; next} seen[$1]' <(echo "$first") -)
[ -z "$left" ] && { echo "no process of a sandbox uid outlived its run (a run's teardown was under way)"; exit 0; }
echo "processes of a sandbox uid outlived their run (pid uid command, or engine:container owner pid):" >&2
echo "$left" >&2
exit 1
