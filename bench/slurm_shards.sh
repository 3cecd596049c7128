#!/usr/bin/env bash
# Grading through Slurm (issue 21): the example's COUNT-submission batch (good submissions replicated, as
# bench/batch_throughput.sh) as 1 shard and as 2 shards of 1 CPU each, back to back, on a single-node Slurm that
# tests/slurm/slurm-cluster.sh starts here (root, slurm-wlm and munge needed). Prints
#  - the wall time of each, from `slurm submit` returning to the merge job's end, and their ratio (goal >= 1.8 on
#    2 cores: the shards scale like --jobs);
#  - the setup the shared cache saves each shard: the first `slurm submit` prepares the environment and the
#    reference run into an empty cache, the second finds them (its own time is sbatch and the checks); without a
#    shared cache every shard would pay the difference itself.
# Usage: bench/slurm_shards.sh [BUILD_DIR] [COUNT]      (default: build/dev 40)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SLURM_CONF:-}" ]; then
  exec bash tests/slurm/slurm-cluster.sh "$0" "$@"
fi
build=${1:-build/dev}
count=${2:-40}
cli=$(realpath "$build/bin/sandmark-cli")
work=$(mktemp -d /var/tmp/sandmark-slurm-bench.XXXXXX)
[ -n "${SANDMARK_BENCH_KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
export SANDMARK_CACHE_DIR=$work/cache # empty: the first submit builds what the shards need
export SANDMARK_PYTHON=${SANDMARK_PYTHON:-/usr/bin/python3}

make_batch() { # FOLDER: the assignment with COUNT students
  local src=examples/iris good=(alice bob carol heidi ivan mallory niaj) i s
  mkdir -p "$1"
  cp "$src/assignment.json" "$src/iris-analysis.ipynb" "$1/"
  cp -r "$src/data" "$1/"
  for i in $(seq 1 "$count"); do
    s=${good[$(((i - 1) % ${#good[@]}))]}
    mkdir -p "$1/submissions/$(printf 's%03d' "$i")"
    cp "$src/submissions/$s/iris-analysis.ipynb" "$1/submissions/$(printf 's%03d' "$i")/"
  done
}
now() { date +%s.%N; }
wait_gone() { # JOB IDS…
  while [ -n "$(squeue --noheader --jobs="$(IFS=,; echo "$*")" 2>/dev/null)" ]; do sleep 0.5; done
}
run_shards() { # N FOLDER → "submit_seconds grade_seconds"
  local n=$1 a=$2 s m e ids
  s=$(now)
  ids=$("$cli" slurm submit "$a" --shards "$n" --cpus-per-task 1 2>"$a.submit.log" | awk '/^(array|merge) job/ { sub(":", "", $3); print $3 }')
  m=$(now)
  # shellcheck disable=SC2086
  wait_gone $ids
  e=$(now)
  grep -q "merged $n shard(s)" "$a/.sandmark/slurm/logs/merge.log" || { echo "bench: $n shard(s) did not merge:" >&2; cat "$a/.sandmark/slurm/logs/"*.log >&2; exit 1; }
  echo "$(echo "$m - $s" | bc -l) $(echo "$e - $m" | bc -l)"
}

make_batch "$work/one"
make_batch "$work/two"
read -r submit1 t1 < <(run_shards 1 "$work/one")
read -r submit2 t2 < <(run_shards 2 "$work/two")
printf 'submissions: %d; node: %d CPUs; load average after: %s\n' "$count" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '1 shard:  %.1f s   2 shards of 1 CPU: %.1f s   ratio: %.2fx (goal >= 1.8x on 2 cores)\n' "$t1" "$t2" "$(echo "$t1 / $t2" | bc -l)"
printf 'slurm submit with an empty cache: %.1f s, with the prepared cache: %.1f s\n' "$submit1" "$submit2"
printf 'setup each shard would repeat without the shared cache (environment + reference run): %.1f s\n' \
  "$(echo "$submit1 - $submit2" | bc -l)"
