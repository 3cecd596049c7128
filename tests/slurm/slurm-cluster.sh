#!/usr/bin/env bash
# Runs a command against a single-node Slurm cluster this script starts and owns: munged, slurmctld and
# slurmd from Debian's packages (slurm-wlm, munge; scripts/bootstrap installs them), every file of theirs
# (munge key, slurm.conf, state, logs, sockets) in a temporary folder, their ports picked free. The daemons
# are stopped by their pids when the command ends, fails or the script is interrupted: nothing is left running.
# The command sees SLURM_CONF (the Slurm client commands read it) and SANDMARK_TEST_SLURM_DIR (the folder).
# Written for a container as well as a host: no systemd, no cgroups needed (proctrack/linuxproc, task/none).
# Exit 77 (ctest's skip code) when the packages are missing or the daemons cannot run here (not root).
# Usage: slurm-cluster.sh COMMAND [ARGS...]
set -euo pipefail

for tool in munged slurmctld slurmd sbatch squeue scancel scontrol; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "slurm-cluster: SKIP: $tool is missing (scripts/bootstrap installs slurm-wlm and munge)" >&2
    exit 77
  fi
done
if [ "$(id -u)" -ne 0 ]; then
  # slurmd starts the jobs' processes as their users; only root can do that.
  echo "slurm-cluster: SKIP: slurmd must run as root to start jobs (this runs as $(id -un))" >&2
  exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sandmark-slurm.XXXXXX")
chmod 755 "$tmp"
pids=()
stop() {
  local rc=$?
  trap - EXIT INT TERM
  # Jobs first (their processes are children of slurmd's slurmstepd), then the daemons, newest first.
  if [ -n "${SLURM_CONF:-}" ] && [ ${#pids[@]} -ge 3 ]; then
    scancel --quiet --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 1 20); do
      [ -z "$(squeue --noheader 2>/dev/null)" ] && break
      sleep 0.5
    done
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill -TERM "${pids[i]}" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
    for log in slurmctld slurmd munged; do
      echo "---- $log log (last 20 lines) ----" >&2
      tail -n 20 "$tmp/$log.log" >&2 2>/dev/null || true
    done
  fi
  rm -rf "$tmp"
  exit "$rc"
}
trap stop EXIT
trap 'exit 130' INT TERM

free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# munge: a key of our own, its socket in our folder; --force because it runs as root and /tmp is shared.
mkdir -m 711 "$tmp/munge"
head -c 1024 /dev/urandom > "$tmp/munge/munge.key"
chmod 400 "$tmp/munge/munge.key"
munged --foreground --force --socket="$tmp/munge/munge.socket.2" --key-file="$tmp/munge/munge.key" \
  --pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/munged.seed" --log-file="$tmp/munged.log" \
  >>"$tmp/munged.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do
  [ -S "$tmp/munge/munge.socket.2" ] && break
  sleep 0.1
done

node=$(hostname -s)
cpus=$(nproc)
mem_mb=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
mkdir -p "$tmp/state" "$tmp/spool"
cat > "$tmp/slurm.conf" <<CONF
ClusterName=sandmarktest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket.2
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
KillWait=10
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$tmp/slurm.conf" SANDMARK_TEST_SLURM_DIR="$tmp"

slurmctld -D -i -f "$SLURM_CONF" >>"$tmp/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -N "$node" -f "$SLURM_CONF" >>"$tmp/slurmd.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
  state=$(sinfo --noheader --nodes="$node" --format=%t 2>/dev/null || true)
  case "$state" in idle*) break ;; esac
  sleep 0.2
done
if ! sinfo --noheader --nodes="$node" --format=%t 2>/dev/null | grep -q '^idle'; then
  echo "slurm-cluster: the node did not come up (state: '${state:-none}')" >&2
  exit 3
fi
echo "slurm-cluster: node $node idle ($cpus CPUs) in $tmp" >&2
"$@"
