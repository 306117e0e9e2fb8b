#!/usr/bin/env bash
# Runs every fuzz target in the module for a fixed number of inputs.
# Usage: scripts/fuzz.sh [factor]   (multiplies every count; default 1)
#
# Counts, not durations: a time-based -fuzztime can fail with "context
# deadline exceeded" and no crasher when the deadline races a worker
# (golang/go#75804, unfixed in Go 1.26), which failed make test on a
# correct tree. A count has no deadline; a crasher still fails the run
# and is written to testdata/fuzz/.
#
# Each count is about 5 s of fuzzing on the 2-core CI machine (the rates
# go test printed there, inputs per second with 2 workers, in brackets);
# a target missing from the table gets the default and a note.
set -euo pipefail
factor="${1:-1}"
if ! [[ "$factor" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz: the factor must be a positive whole number, got '$factor' (durations are not used: see the comment in $0)" >&2
  exit 2
fi
default=100000
count_of() {
  case "$1" in
    FuzzPolar) echo 500000 ;;       # [100,000/s]
    FuzzAnalysis) echo 320000 ;;    # [63,000/s here, load 3, with chains up to depth 100; 81,000/s before]
    FuzzStorages) echo 500000 ;;    # [109,000/s]
    FuzzModes) echo 6000 ;;         # [900/s here with ten modes: half the inputs are 100-node chains analysed node by node; 2,800/s with four]
    FuzzOrthoY) echo 300000 ;;      # [65,000/s]
    FuzzDriftArgs) echo 40000 ;;    # [6,000-9,000/s: runs the drift command]
    FuzzWebState) echo 60000 ;;     # [12,700/s]
    FuzzSceneFile) echo 200000 ;;   # [45,000/s]
    FuzzRead) echo 50000 ;;         # [10,800/s: glTF files, fixtures as seeds]
    FuzzBake) echo 60000 ;;         # [12,000/s: bakes each input, then reads the copy back]
    FuzzBakeAnim) echo 3000 ;;      # [600/s: bake -anim plays every vertex at every sample and half way, then reads the copy back]
    *) echo "fuzz: $1 has no count in $0; using $default" >&2; echo "$default" ;;
  esac
}
found=0
while IFS= read -r line; do
  file=${line%%:*}
  name=$(sed -E 's/^.*func (Fuzz[A-Za-z0-9_]+).*/\1/' <<<"${line#*:}")
  dir=$(dirname "$file"); pkg="./${dir#./}"
  n=$(( $(count_of "$name") * factor ))
  echo "fuzz: $pkg $name for $n inputs"
  CGO_ENABLED=0 go test -run='^$' -fuzz="^${name}\$" -fuzztime="${n}x" "$pkg"
  found=$((found + 1))
done < <(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]+\(' . | grep -v '/node_modules/' | sort)
echo "fuzz: $found targets passed"
