#!/usr/bin/env bash
# Runs last (the cleanup of the fixture every test requires): fails when a process of one of Sandmark's sandbox
# uids outlived the process that started it — an orphan, whose parent is now pid 1 (security report: a self-test
# probe left sleeping after a full run). Sandbox uids: the sandmark-sandbox account, the fallback 4000000 and the
# lease range 4100000–4101023 (src/core/sandbox/backend.h). Runs of another live Sandmark process have a live
# parent and are not counted. Exit 77 (skipped) when not root: runs then use the invoking user's own uid.
set -euo pipefail
if [ "$(id -u)" -ne 0 ]; then
  echo "skipped: not root: sandbox runs use the invoking user's uid, so no uid of their own can be looked for"
  exit 77
fi
account=$(id -u sandmark-sandbox 2>/dev/null || echo -1)
orphans() {
  ps -eo pid=,ppid=,uid=,etimes=,args= |
    awk -v a="$account" '$2 == 1 && ($3 == a || $3 == 4000000 || ($3 >= 4100000 && $3 <= 4101023))'
}
# A run being torn down right now is given a few seconds to go.
for _ in 1 2 3 4 5 6 7 8 9 10; do
  [ -z "$(orphans)" ] && { echo "no process of a sandbox uid outlived its run"; exit 0; }
  sleep 1
done
echo "processes of a sandbox uid outlived their run (pid ppid uid seconds command):" >&2
orphans | cut -c1-400 >&2
exit 1
