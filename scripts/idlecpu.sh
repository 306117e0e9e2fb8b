#!/bin/sh
# Measures the idle CPU of the app's window under Xvfb (make idlecpu):
# starts BIN (default ./skewlab) with SKEWLAB_PROBE so it says when it is
# quiet (settled, the anti-aliasing choice made) and its pid, then reads
# utime+stime (fields 14 and 15 of /proc/PID/stat, in clock ticks) twice,
# 10 s apart, and prints the percentage of one core. Extra arguments go to
# the app (for example -spin to compare with an animating window).
set -eu
BIN=${BIN:-./skewlab}
SECS=10
HZ=$(getconf CLK_TCK)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
SKEWLAB_PROBE=$((SECS + 3)) xvfb-run -a -s "-screen 0 1280x720x24" "$BIN" "$@" >"$out" 2>&1 &
job=$!
pid=""
while [ -z "$pid" ]; do
	if ! kill -0 "$job" 2>/dev/null; then
		echo "idlecpu: the app ended before it was quiet:" >&2
		cat "$out" >&2
		exit 1
	fi
	pid=$(sed -n 's/^skewlab: probe: quiet, pid \([0-9]*\)$/\1/p' "$out")
	[ -n "$pid" ] || sleep 0.2
done
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
a=$(ticks "$pid")
sleep "$SECS"
b=$(ticks "$pid")
wait "$job"
frames=$(sed -n 's/^skewlab: probe: \([0-9]*\) frames.*/\1/p' "$out")
echo "idlecpu: $(awk "BEGIN{printf \"%.1f\", ($b - $a) * 100 / ($HZ * $SECS)}")% of a core ($((b - a)) ticks of 1/$HZ s in $SECS s; $frames frames drawn in $((SECS + 3)) s of quiet)"
