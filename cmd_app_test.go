package main

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
	if out.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "skewlab: ") || !strings.Contains(msg, "xvfb-run -a ./skewlab") {
		t.Errorf("stdout %q, stderr %q: want nothing and one line starting \"skewlab: \" mentioning xvfb-run -a ./skewlab", out.String(), msg)
	}
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
