#!/usr/bin/env bash
# The cost lab's numbers against modes' benchmarks (docs/cost.md, "Checked
# against make bench"): `skewlab cost -time 1s -format json` (1 s of timed
# work per cost, as go test -bench gives each benchmark) on the 4-ary tree of
# NODES nodes (default 100000; the benchmark has 1000, 10000 and 100000),
# then `go test -bench BenchmarkFloorSizes/n=NODES` (the floor table of
# `make bench`), each RUNS times (default 3; each side's cost is the least
# over its runs: load only slows an update, so the fastest run is the
# least disturbed, and one burst of load does not decide), then
# scripts/costcheck compares every rule on one thread and on all cores,
# and the floor, in ns per node: exit 1 when any pair is more than
# TOLERANCE apart (default 0.3, the issue's 30%).
# Usage: make costcheck [NODES=100000] [TOLERANCE=0.3] [RUNS=3]
# Timing: run it on a quiet machine. It is not part of make test.
set -euo pipefail
GO="${GO:-go}"
nodes="${NODES:-100000}"
tol="${TOLERANCE:-0.3}"
runs="${RUNS:-3}"
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "costcheck: the number of runs must be a positive whole number, got '$runs'" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
jsons=()
for i in $(seq "$runs"); do
  echo "costcheck: skewlab cost -sizes $nodes -shapes 4ary -time 1s -format json, run $i of $runs" >&2
  ./skewlab cost -sizes "$nodes" -shapes 4ary -time 1s -format json >"$tmp/cost$i.json"
  jsons+=(-json "$tmp/cost$i.json")
done
echo "costcheck: go test -bench BenchmarkFloorSizes/n=$nodes -count $runs ./modes/" >&2
"$GO" test -run '^$' -bench "^BenchmarkFloorSizes\$/^n=$nodes\$/" -count "$runs" ./modes/ >"$tmp/bench.txt"
"$GO" run ./scripts/costcheck "${jsons[@]}" -bench "$tmp/bench.txt" -nodes "$nodes" -tolerance "$tol"
