package main

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/state"
)

func TestAppNoDisplayExitsWithOneLine(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	var out, errb bytes.Buffer
	if code := runApp(nil, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	msg := errb.String()
	if out.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "skewlab: ") {
		t.Errorf("stdout %q, stderr %q: want nothing and one line starting \"skewlab: \"", out.String(), msg)
	}
	checkNoDisplayWays(t, msg)
}

// The two ways the no-display hint offers (issue 30, item 7), as a user
// copies them: the figure from export, and the window's first frame on a
// virtual display. Before, the hint said only "xvfb-run -a ./skewlab",
// which opens a window no one sees that never exits.
const (
	hintExport = "./skewlab export -o fig.png"
	hintXvfb   = "xvfb-run -a ./skewlab -screenshot fig.png"
)

// checkNoDisplayWays checks that msg offers both ways and that every
// xvfb-run it suggests comes with -screenshot.
func checkNoDisplayWays(t *testing.T, msg string) {
	t.Helper()
	if !strings.Contains(msg, hintExport) || !strings.Contains(msg, hintXvfb) {
		t.Errorf("%q: want both %q and %q", msg, hintExport, hintXvfb)
	}
	if n, m := strings.Count(msg, "xvfb-run"), strings.Count(msg, hintXvfb); n != m {
		t.Errorf("%q: %d xvfb-run suggestions, %d of them with -screenshot", msg, n, m)
	}
}

// TestNoDisplayHintWorks: the commands the hint gives do what it says,
// run as given with ./skewlab the built binary in a fresh directory:
// export writes fig.png with no display at all, and the window under
// xvfb-run saves fig.png and exits 0 by itself (the test waits at most
// 3 minutes, far beyond the few seconds it takes). A DISPLAY that points
// nowhere gets the same hint after ebiten's own error, exit 1.
func TestNoDisplayHintWorks(t *testing.T) {
	xr := xvfb(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	if err := os.Rename(bin, filepath.Join(dir, "skewlab")); err != nil {
		t.Fatal(err)
	}
	run := func(env []string, timeout time.Duration, line string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		f := strings.Fields(line)
		cmd := exec.CommandContext(ctx, f[0], f[1:]...)
		if f[0] == "xvfb-run" {
			cmd = exec.CommandContext(ctx, xr, f[1:]...)
		}
		cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, line := range []string{hintExport, hintXvfb} {
		os.Remove(filepath.Join(dir, "fig.png"))
		env := []string{"DISPLAY=", "WAYLAND_DISPLAY="}
		if out, err := run(env, 3*time.Minute, line); err != nil {
			t.Errorf("%s: %v\n%s", line, err, out)
			continue
		}
		if img := readPNG(t, filepath.Join(dir, "fig.png")); img.Bounds().Dx() != 1280 || img.Bounds().Dy() != 720 {
			t.Errorf("%s: fig.png is %v, want 1280x720", line, img.Bounds())
		}
	}
	out, err := run([]string{"DISPLAY=:64999", "WAYLAND_DISPLAY="}, time.Minute, "./skewlab -size 200x100")
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "skewlab: cannot open a window (") {
		t.Errorf("DISPLAY=:64999: %v, output %q; want exit 1 and one line \"skewlab: cannot open a window (...\"", err, out)
	}
	checkNoDisplayWays(t, out)
}

// xvfb returns the path of xvfb-run, skipping the test when it is missing
// (failing under CI).
func xvfb(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("xvfb-run")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("xvfb-run not found (apt-get install -y --no-install-recommends xvfb xauth)")
		}
		t.Skip("xvfb-run not found")
	}
	return p
}

// readPNG decodes the PNG file at path, failing the test when it cannot.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "skewlab")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestAppScreenshotUnderXvfb runs the built binary in a virtual display
// with -screenshot and checks the piston's colours at the projected
// positions of A and B (same camera, same 1280x720 viewport).
func TestAppScreenshotUnderXvfb(t *testing.T) {
	xr := xvfb(t)
	bin := buildBinary(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	const camera = "30,40,9,3,3,4"
	cmd := exec.Command(xr, "-a", "-s", "-screen 0 1280x720x24", bin,
		"-screenshot", shot, "-ui", "off", "-camera", camera, "-mode", "accumulate-matrices")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	img := readPNG(t, shot)
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Fatalf("screenshot is %v, want 1280x720", b)
	}
	spec, _ := state.ParseCamera(camera)
	cam := render.DefaultCamera()
	cam.Yaw, cam.Pitch, cam.Distance, cam.Target = spec.Yaw, spec.Pitch, spec.Distance, spec.Target
	sc, _ := scene.NewPreset("piston")
	world := make([]mgl64.Mat4, len(sc.Nodes))
	modes.AccumulateMatrices.World(sc.Nodes, &modes.Workspace{}, world)
	var fr render.Frame
	fr.Begin(cam, render.Viewport{W: 1280, H: 720})
	for _, c := range []struct {
		node string
		want [3]bool // which of r, g, b are high
	}{{"A", [3]bool{true, false, true}}, {"B", [3]bool{false, true, true}}} {
		w := world[sc.Index(c.node)]
		p, ok := fr.Project(mgl64.Vec3{w[12], w[13], w[14]})
		if !ok {
			t.Fatalf("%s does not project", c.node)
		}
		if d := nearestColour(img, p, c.want, 40); d > 25 {
			t.Errorf("%s: nearest pixel of its colour is %.1f px from its projection %v", c.node, d, p)
		}
	}
}

// nearestColour returns the distance from p to the nearest pixel within
// r whose channels are high exactly where want says.
func nearestColour(img image.Image, p mgl64.Vec2, want [3]bool, r int) float64 {
	best := math.Inf(1)
	for y := int(p[1]) - r; y <= int(p[1])+r; y++ {
		for x := int(p[0]) - r; x <= int(p[0])+r; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			got := [3]bool{cr > 0x8000, cg > 0x8000, cb > 0x8000}
			low := [3]bool{cr < 0x5a00, cg < 0x5a00, cb < 0x5a00}
			match := true
			for k := range got {
				if want[k] != got[k] || (!want[k] && !low[k]) {
					match = false
				}
			}
			if match {
				best = math.Min(best, math.Hypot(float64(x)-p[0], float64(y)-p[1]))
			}
		}
	}
	return best
}

// TestAppStressFrameRate measures the app's frame rate on 1,000 spinning
// pistons under Xvfb (logged; it fails only if the app fails). Run with
// -run StressFrameRate -v; skipped in -short mode.
func TestAppStressFrameRate(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	xr := xvfb(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	cmd := exec.Command("go", "test", "./ui", "-run", "TestWriteStressScene", "-count=1")
	cmd.Env = append(os.Environ(), "SKEWLAB_STRESS_OUT="+filepath.Join(dir, "stress.json"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, c := range []struct{ name, args string }{
		{"piston", "-spin"},
		{"1000 pistons", "-spin -ui off -scene " + filepath.Join(dir, "stress.json") + " -camera 45,35,260,128,0,128"},
	} {
		args := append([]string{"-a", "-s", "-screen 0 1280x720x24", bin, "-measure", "8"}, strings.Fields(c.args)...)
		out, err := exec.Command(xr, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, out)
		}
		t.Logf("%s: %s", c.name, strings.TrimSpace(string(out)))
	}
}
