#!/usr/bin/env bash
# Compares a bare nbclient run with a Sandmark bwrap run of the same notebooks and prints the ratio.
# Goal: bwrap within 1.10x of bare. Usage: bench/sandbox_overhead.sh [BUILD_DIR] [ASSIGNMENT] [REPEAT]
set -euo pipefail
build=${1:-build/dev}
assignment=${2:-examples/iris}
repeat=${3:-3}
export SANDMARK_CACHE_DIR=${SANDMARK_CACHE_DIR:-/var/tmp/sandmark-bench-cache}
mkdir -p "$SANDMARK_CACHE_DIR" && chmod 755 "$SANDMARK_CACHE_DIR"
mapfile -t notebooks < <(find "$assignment/submissions" -name '*.ipynb' | sort | head -n 5)
bare() {
  /usr/bin/python3 - "$1" <<'PY'
import sys, nbformat, nbclient
nb = nbformat.read(sys.argv[1], as_version=4)
nbclient.NotebookClient(nb, timeout=60, allow_errors=True, kernel_name="python3", shutdown_kernel="immediate",
                        resources={"metadata": {"path": __import__("os").path.dirname(sys.argv[1])}}).execute()
PY
}
now() { date +%s.%N; }
"$build/bin/sandmark-cli" run "$assignment" "${notebooks[0]}" >/dev/null # warm the environment
t_bare=0; t_bwrap=0
for _ in $(seq "$repeat"); do
  for nb in "${notebooks[@]}"; do
    s=$(now); bare "$nb" >/dev/null 2>&1 || true; e=$(now); t_bare=$(echo "$t_bare + $e - $s" | bc)
    s=$(now); "$build/bin/sandmark-cli" run "$assignment" "$nb" >/dev/null; e=$(now); t_bwrap=$(echo "$t_bwrap + $e - $s" | bc)
  done
done
n=$(( ${#notebooks[@]} * repeat ))
printf 'notebooks: %d runs\nbare nbclient: %.2f s total (%.2f s/run)\nsandmark bwrap: %.2f s total (%.2f s/run)\nratio bwrap/bare: %.3f\n' \
  "$n" "$t_bare" "$(echo "$t_bare / $n" | bc -l)" "$t_bwrap" "$(echo "$t_bwrap / $n" | bc -l)" "$(echo "$t_bwrap / $t_bare" | bc -l)"
