#!/usr/bin/env bash
# Runs every fuzz target in the module for a few seconds each.
# Usage: scripts/fuzz.sh [fuzztime]   (default 5s)
set -euo pipefail
t="${1:-5s}"
found=0
while IFS= read -r line; do
  file=${line%%:*}
  name=$(sed -E 's/^.*func (Fuzz[A-Za-z0-9_]+).*/\1/' <<<"${line#*:}")
  dir=$(dirname "$file"); pkg="./${dir#./}"
  echo "fuzz: $pkg $name for $t"
  CGO_ENABLED=0 go test -run='^$' -fuzz="^${name}\$" -fuzztime="$t" "$pkg"
  found=$((found + 1))
done < <(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]+\(' . | grep -v '/node_modules/' | sort)
echo "fuzz: $found targets passed"
