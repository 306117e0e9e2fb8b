//go:build !js

package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
)

// stretchyArm writes gltfgen's stretchy-arm.gltf (skinned, animated:
// "stretch", 2 s, and "shrug", 1 s) into a fresh directory and returns
// its path.
func stretchyArm(t *testing.T) string {
	t.Helper()
	var file gltfgen.File
	for _, f := range gltfgen.StretchyArm() {
		if f.Name == "stretchy-arm.gltf" {
			file = f
		}
	}
	if file.Data == nil {
		t.Fatal("gltfgen.StretchyArm wrote no stretchy-arm.gltf")
	}
	p := filepath.Join(t.TempDir(), file.Name)
	if err := os.WriteFile(p, file.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// keyRun is a startKeyRun: the app under Xvfb with SKEWLAB_PROBE, a
// key pressed in it.
type keyRun struct {
	cmd      *exec.Cmd
	lines    chan string // the app's stdout after the display line, as it comes
	keyFirst bool        // the key was pressed before the app said it was quiet
}

// startKeyRun starts bin under xr with SKEWLAB_PROBE=secs and args,
// waits for its window, moves the pointer over it and presses key (X
// gives the keyboard to the window under the pointer when there is no
// window manager; xdotool's XTEST events are a person's), then waits for
// the app's "quiet" line. The app is quiet only settleFrames frames
// after the last input and once its anti-aliasing choice is final,
// about 5 s after the start with -aa auto, so the key normally comes
// first and the probe counts the frames drawn once the app has settled
// after it; keyFirst says whether it did.
func startKeyRun(t *testing.T, xr, bin string, secs int, key string, args ...string) *keyRun {
	t.Helper()
	cmd := exec.Command(xr, append([]string{"-a", "-s", "-screen 0 1280x720x24",
		"sh", "-c", `echo "display $DISPLAY $XAUTHORITY"; exec "$@"`, "sh", bin}, args...)...)
	cmd.Env = append(os.Environ(), fmt.Sprintf("SKEWLAB_PROBE=%d", secs))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	r := &keyRun{cmd: cmd, lines: make(chan string, 16)}
	go func() {
		defer close(r.lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
	}()
	first, ok := <-r.lines
	d, isDisplay := strings.CutPrefix(first, "display ")
	disp, auth, _ := strings.Cut(d, " ")
	if !ok || !isDisplay || disp == "" {
		t.Fatalf("first line %q, want the display", first)
	}
	x := exec.Command("xdotool", "search", "--sync", "--onlyvisible", "--name", "skewlab",
		"mousemove", "640", "360", "key", key)
	x.Env = append(os.Environ(), "DISPLAY="+disp, "XAUTHORITY="+auth)
	xerr := make(chan error, 1)
	go func() {
		out, err := x.CombinedOutput()
		if err != nil {
			err = fmt.Errorf("%v: %s", err, out)
		}
		xerr <- err
	}()
	pressed := xerr
	for {
		select {
		case err := <-pressed:
			if err != nil {
				t.Fatalf("xdotool key %s: %v", key, err)
			}
			r.keyFirst, pressed = true, nil // a nil channel: never again
		case line, ok := <-r.lines:
			if !ok {
				t.Fatalf("%v: the app ended before it was quiet", args)
			}
			if !strings.HasPrefix(line, "skewlab: probe: quiet") {
				continue
			}
			if pressed != nil {
				if err := <-pressed; err != nil {
					t.Fatalf("xdotool key %s: %v", key, err)
				}
			}
			return r
		}
	}
}

// frames waits for the app to end and returns the frames its probe
// counted.
func (r *keyRun) frames(t *testing.T) int {
	t.Helper()
	for line := range r.lines {
		var n int
		var s float64
		if _, err := fmt.Sscanf(line, "skewlab: probe: %d frames in %g s", &n, &s); err == nil {
			if err := r.cmd.Wait(); err != nil {
				t.Fatalf("the app failed: %v", err)
			}
			return n
		}
	}
	t.Fatal("no frame count before the output ended")
	return 0
}

// xdotool skips t when xdotool is missing (failing under CI).
func xdotool(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("xdotool"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("xdotool not found (apt-get install -y --no-install-recommends xdotool)")
		}
		t.Skip("xdotool not found")
	}
}

// TestAppSpacePlaysAndPauses presses real keys (xdotool) in the window
// under Xvfb with the stretchy arm, every window shown (the Timeline
// among them), then counts the frames it draws in
// the 2 s after it is quiet (SKEWLAB_PROBE: once its anti-aliasing
// choice is final and 3 frames after the last input). Paused, a key that
// does nothing (x) leaves it drawing nothing; Space plays it, and it
// keeps drawing. Playing (-play), x leaves it playing; Space pauses it,
// and the frames stop: none in the window. The key comes before the
// probe's window (keyFirst; a run where it did not is tried again, up to
// three times), so no count depends on when the key arrived. Measured
// (2 cores, llvmpipe, 2 s, every window shown): 0, 57, 52 and 0 frames. At most 2 frames
// count as stopped, at least 8 (4 a second) as playing.
func TestAppSpacePlaysAndPauses(t *testing.T) {
	xr := xvfb(t)
	xdotool(t)
	bin := buildBinary(t)
	arm := stretchyArm(t)
	const secs, stopped, playing = 2, 2, 8
	for _, c := range []struct {
		name, key string
		args      []string
		plays     bool
	}{
		{"paused, x", "x", nil, false},
		{"paused, Space", "space", nil, true},
		{"playing, x", "x", []string{"-play"}, true},
		{"playing, Space", "space", []string{"-play"}, false},
	} {
		var n int
		for try := 1; ; try++ {
			r := startKeyRun(t, xr, bin, secs, c.key, append([]string{"-scene", arm}, c.args...)...)
			n = r.frames(t)
			if r.keyFirst {
				break
			}
			if try == 3 {
				t.Fatalf("%s: the app was quiet before the key, three times", c.name)
			}
		}
		t.Logf("%s: %d frames in %d s", c.name, n, secs)
		if c.plays && n < playing {
			t.Errorf("%s: %d frames drawn in %d s, want at least %d (playing)", c.name, n, secs, playing)
		}
		if !c.plays && n > stopped {
			t.Errorf("%s: %d frames drawn in %d s, want at most %d (paused: the frames stop)", c.name, n, secs, stopped)
		}
	}
}
