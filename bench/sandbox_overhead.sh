#!/usr/bin/env bash
# Sandbox overhead: the same notebooks run bare (nbclient, no sandbox), through Sandmark without isolation
# (local-unsafe: the same runner, kernel and artifacts), in bwrap and in Docker; prints medians and ratios.
# Goal: bwrap within 1.10x. The cost of the sandbox itself is bwrap (or docker) over local-unsafe: same
# runner on both sides. Over bare nbclient the ratio also measures the runner against nbclient.
#
# Usage: bench/sandbox_overhead.sh [BUILD_DIR] [ASSIGNMENT] [REPEAT] [BACKENDS]
#   defaults: build/dev examples/iris 5 "local-unsafe bwrap docker"   (docker is left out when no engine answers)
#
# Method (so the numbers can be trusted):
# - Same notebook, same kernel, same kernel environment (MPLBACKEND, OPENBLAS_NUM_THREADS, MALLOC_ARENA_MAX as
#   in the sandbox), and the kernel shut down immediately at the end in both: each submission is instrumented once (`sandmark-cli instrument`, runtime =
#   the build's share/sandmark/python), so the bare run executes exactly the cells the sandbox runs (URL
#   redirect and probe cells included), with /usr/bin/python3's ipykernel in a folder holding the data files.
# - Each measurement is the wall time of one whole command, process start to exit (bare: python3 + nbclient;
#   Sandmark: sandmark-cli run = environment lookup, instrument, run folder, sandbox, artifacts, cleanup).
# - Warm caches: one untimed round first (page cache, the environment, the Docker image, fonts); then REPEAT
#   rounds, the modes interleaved per notebook so machine load drifts hit all of them alike.
# - Per mode: the median over the rounds of the sum over notebooks; ratios of those medians. Also the
#   per-notebook median ratio range.
set -euo pipefail
build=${1:-build/dev}
assignment=${2:-examples/iris}
repeat=${3:-5}
backends=${4:-local-unsafe bwrap docker}
cli="$build/bin/sandmark-cli"
runtime="$build/share/sandmark/python"
export SANDMARK_CACHE_DIR=${SANDMARK_CACHE_DIR:-/var/tmp/sandmark-bench-cache}
mkdir -p "$SANDMARK_CACHE_DIR" && chmod 755 "$SANDMARK_CACHE_DIR"
if [[ " $backends " == *" docker "* ]] && ! docker info >/dev/null 2>&1; then
  echo "bench: no Docker engine answers (tests/docker-engine.sh starts one); docker left out" >&2
  backends=${backends//docker/}
fi
work=$(mktemp -d /var/tmp/sandmark-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

mapfile -t found < <(find "$assignment/submissions" -name '*.ipynb' | sort)
notebooks=()
i=0
for nb in "${found[@]}"; do
  d="$work/bare/$i"; mkdir -p "$d"
  # a submission Sandmark refuses to load (the example has a broken one on purpose) is left out of all modes
  if ! "$cli" instrument "$assignment" "$nb" --runtime-dir "$runtime" -o "$d/notebook.ipynb" 2>/dev/null; then
    echo "bench: $nb left out (sandmark-cli instrument refuses it)" >&2
    rm -rf "$d"; continue
  fi
  notebooks+=("$nb")
  # the supplied data files, where the redirect cell looks for them
  (cd "$assignment" && /usr/bin/python3 -c 'import json,sys; [print(d["path"]) for d in json.load(open("assignment.json")).get("data_files", [])]') \
    | while read -r f; do mkdir -p "$d/$(dirname "$f")"; cp "$assignment/$f" "$d/$f"; done
  i=$((i + 1))
done

exec /usr/bin/python3 - "$cli" "$assignment" "$work" "$repeat" "$backends" "${notebooks[@]}" <<'PY'
import os, statistics, subprocess, sys, time
cli, assignment, work, repeat, backends = sys.argv[1:6]
notebooks = sys.argv[6:]
repeat = int(repeat)
modes = ["bare"] + backends.split()
BARE = r'''
import sys, nbformat, nbclient
nb = nbformat.read("notebook.ipynb", as_version=4)
try:
    # shutdown_kernel="immediate": the runner kills its kernel at the end too (nbclient's default
    # "graceful" waits for the kernel to exit on its own, seconds that are not notebook work).
    nbclient.NotebookClient(nb, timeout=15, allow_errors=True, kernel_name="python3",
                            shutdown_kernel="immediate", resources={"metadata": {"path": "."}}).execute()
except (nbclient.exceptions.CellTimeoutError, nbclient.exceptions.DeadKernelError):
    sys.exit(3)
'''

def run(mode, i, nb):
    env = None
    if mode == "bare":
        cmd, cwd = ["/usr/bin/python3", "-c", BARE], os.path.join(work, "bare", str(i))
        # the variables the sandbox sets (docs/runner-protocol.md) that change what the kernel does
        env = dict(os.environ, MPLBACKEND="Agg", OPENBLAS_NUM_THREADS="1", MALLOC_ARENA_MAX="2",
                   PYTHONDONTWRITEBYTECODE="1", LANG="C.UTF-8")
    else:
        cmd, cwd = [cli, "run", assignment, nb, "--sandbox", mode, "--json"], None
    t = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t
    if p.returncode == 3 and mode == "bare":
        return None
    if p.returncode != 0:
        sys.exit("bench: %s failed on %s: %s" % (mode, nb, p.stderr.decode(errors="replace")[-500:]))
    return dt

kept = []
for i, nb in enumerate(notebooks):          # warm-up round, not timed
    # A notebook with a cell that never ends (or that kills its kernel) measures the timeout or the
    # death, which bare nbclient and Sandmark handle differently, not the sandbox: left out.
    if run("bare", i, nb) is None:
        print("bench: %s left out (a cell times out or the kernel dies)" % nb, file=sys.stderr)
        continue
    for m in modes[1:]:
        run(m, i, nb)
    kept.append((i, nb))
notebooks = [nb for _, nb in kept]
dirs = [i for i, _ in kept]
times = {m: [[0.0] * len(notebooks) for _ in range(repeat)] for m in modes}
for r in range(repeat):
    for i, nb in enumerate(notebooks):
        for m in modes:
            times[m][r][i] = run(m, dirs[i], nb)

n = len(notebooks)
med = {m: statistics.median(sum(row) for row in times[m]) for m in modes}
print("notebooks: %d (%s), rounds: %d after one warm-up round" % (n, assignment, repeat))
for m in modes:
    print("%-6s median %.3f s per round of %d notebooks (%.3f s/notebook)" % (m, med[m], n, med[m] / n))
# The sandbox's own cost against the same runner unsandboxed (when measured), else against bare nbclient.
base = "local-unsafe" if "local-unsafe" in modes else "bare"
for m in modes[1:]:
    for b in (["bare", base] if base != "bare" and m != base else ["bare"]):
        per_nb = [statistics.median(times[m][r][i] for r in range(repeat)) /
                  statistics.median(times[b][r][i] for r in range(repeat)) for i in range(n)]
        goal = m == "bwrap" and b == base
        print("ratio %s/%s: %.3f  (per notebook %.3f .. %.3f)%s" % (
            m, b, med[m] / med[b], min(per_nb), max(per_nb),
            "  goal <= 1.10: %s" % ("met" if med[m] / med[b] <= 1.10 else "MISSED") if goal else ""))
PY
