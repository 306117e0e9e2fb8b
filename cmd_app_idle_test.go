package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// probeRun is one run of the built binary under Xvfb with SKEWLAB_PROBE
// (cmd_app.go's probeEnv): the app says when it is quiet and its pid,
// counts the frames it draws for the probe's seconds, prints them and
// ends.
type probeRun struct {
	cmd   *exec.Cmd
	lines *bufio.Scanner
	Pid   int
}

// startProbe starts bin under xr with SKEWLAB_PROBE=secs and args, and
// waits for its "quiet" line (a condition, not a sleep).
func startProbe(t *testing.T, xr, bin string, secs int, args ...string) *probeRun {
	t.Helper()
	cmd := exec.Command(xr, append([]string{"-a", "-s", "-screen 0 1280x720x24", bin}, args...)...)
	cmd.Env = append(os.Environ(), "SKEWLAB_PROBE="+strconv.Itoa(secs))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	r := &probeRun{cmd: cmd, lines: bufio.NewScanner(out)}
	for r.lines.Scan() {
		if _, err := fmt.Sscanf(r.lines.Text(), "skewlab: probe: quiet, pid %d", &r.Pid); err == nil {
			return r
		}
	}
	t.Fatalf("%v: no quiet line before the output ended", args)
	return nil
}

// frames waits for the app to end and returns the frames it counted.
func (r *probeRun) frames(t *testing.T) int {
	t.Helper()
	for r.lines.Scan() {
		var n int
		var s float64
		if _, err := fmt.Sscanf(r.lines.Text(), "skewlab: probe: %d frames in %g s", &n, &s); err == nil {
			if err := r.cmd.Wait(); err != nil {
				t.Fatalf("the app failed: %v", err)
			}
			return n
		}
	}
	t.Fatal("no frame count before the output ended")
	return 0
}

// cpuTicks returns utime+stime of pid, fields 14 and 15 of
// /proc/PID/stat, in clock ticks (USER_HZ, 100 a second on Linux). The
// name field (2) may hold spaces; fields are counted after its ")".
func cpuTicks(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	// f[0] is field 3 (state): field k is f[k-3].
	u, err1 := strconv.Atoi(f[14-3])
	s, err2 := strconv.Atoi(f[15-3])
	if err1 != nil || err2 != nil {
		t.Fatalf("/proc/%d/stat: fields 14 and 15 are %q %q", pid, f[14-3], f[15-3])
	}
	return u + s
}

// TestAppIdleDrawsNoFrames: once settled, the window draws no frame in a
// 2 s window without input; with B spinning it keeps drawing (counted by
// the app, in the real game loop under Xvfb). Measured: 0 frames idle,
// 44 spinning (22 FPS under llvmpipe on 2 cores); the floor of 24 (12
// FPS) leaves room for a loaded machine and is far over 0.
func TestAppIdleDrawsNoFrames(t *testing.T) {
	xr := xvfb(t)
	bin := buildBinary(t)
	if n := startProbe(t, xr, bin, 2, "-aa", "on").frames(t); n != 0 {
		t.Errorf("idle: %d frames drawn in 2 s after settling, want 0", n)
	}
	// A spinning app keeps drawing: a quiet one draws 0 frames, so a few
	// prove the difference. The count is not a frame rate (a loaded CI
	// machine with the other packages' tests drew 19, an idle one 44).
	if n := startProbe(t, xr, bin, 2, "-aa", "on", "-spin").frames(t); n < 6 {
		t.Errorf("spinning: %d frames drawn in 2 s, want at least 6 (it must keep drawing)", n)
	}
}

// TestAppIdleCPU measures the CPU time of the settled window (default
// settings, so the automatic anti-aliasing choice is made first) over
// 10 s under Xvfb: it must stay under 10% of a core (the goal is under 5%;
// 0% measured, against 147% before the window drew on demand).
func TestAppIdleCPU(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	xr := xvfb(t)
	bin := buildBinary(t)
	const window = 10 * time.Second
	r := startProbe(t, xr, bin, 13)
	a := cpuTicks(t, r.Pid)
	time.Sleep(window) // the measurement's window itself
	b := cpuTicks(t, r.Pid)
	pct := float64(b-a) / 100 / window.Seconds() * 100
	t.Logf("idle CPU: %.1f%% of a core (%d ticks in %v)", pct, b-a, window)
	if pct > 10 {
		t.Errorf("idle CPU %.1f%% of a core over %v, want at most 10%% (goal under 5%%)", pct, window)
	}
	if n := r.frames(t); n != 0 {
		t.Errorf("%d frames drawn in 13 s after settling, want 0", n)
	}
}
