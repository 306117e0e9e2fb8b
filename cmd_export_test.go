//go:build !js

package main

import (
	"encoding/xml"
	"image"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
)

// nearColor reports whether img has a pixel within r of (x, y) that
// passes want.
func nearColor(img image.Image, x, y float64, r int, want func(r, g, b uint32) bool) bool {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			cr, cg, cb, _ := img.At(int(x)+dx, int(y)+dy).RGBA()
			if want(cr>>8, cg>>8, cb>>8) {
				return true
			}
		}
	}
	return false
}

func isMagenta(r, g, b uint32) bool { return r > 150 && b > 150 && g < 100 }
func isCyan(r, g, b uint32) bool    { return g > 150 && b > 150 && r < 100 }

// pistonCentres projects A's and B's world origins with the same camera
// and viewport the export uses, independently of the exported picture.
func pistonCentres(t *testing.T, mode string, w, h float64) (a, b mgl64.Vec2) {
	sc, _ := scene.NewPreset("piston")
	m, _ := modes.ByName(mode)
	world := make([]mgl64.Mat4, 3)
	var ws modes.Workspace
	m.World(sc.Nodes, &ws, world)
	var f render.Frame
	f.Begin(render.Camera{Target: mgl64.Vec3{4, 3, 4}, Yaw: 30, Pitch: 30, Distance: 8, Fov: 60}, render.Viewport{W: w, H: h})
	pa, okA := f.Project(world[1].Col(3).Vec3())
	pb, okB := f.Project(world[2].Col(3).Vec3())
	if !okA || !okB {
		t.Fatal("piston not in view")
	}
	return pa, pb
}

func TestExportPNGAndSVG(t *testing.T) {
	dir := t.TempDir()
	pngPath := filepath.Join(dir, "p.png")
	code, out, errs := runCmd(t, "export", "-o", pngPath, "-size", "640x360", "-mode", "accumulate-matrices", "-camera", "30,30,8,4,3,4")
	if code != 0 || !strings.Contains(out, "wrote") {
		t.Fatalf("export png: %d %s", code, errs)
	}
	img := readPNG(t, pngPath)
	if img.Bounds().Dx() != 640 || img.Bounds().Dy() != 360 {
		t.Fatalf("png: %v", img.Bounds())
	}
	a, b := pistonCentres(t, "accumulate-matrices", 640, 360)
	// A is a thin cylinder and B a disc: their wireframes pass within a
	// few pixels of the projected centres' surroundings.
	if !nearColor(img, a[0], a[1], 25, isMagenta) {
		t.Errorf("no magenta near A's projection %v", a)
	}
	if !nearColor(img, b[0], b[1], 25, isCyan) {
		t.Errorf("no cyan near B's projection %v", b)
	}
	if nearColor(img, 20, 20, 10, isMagenta) || nearColor(img, 20, 20, 10, isCyan) {
		t.Error("piston colours in an empty corner")
	}

	svgPath := filepath.Join(dir, "p.svg")
	if code, _, errs := runCmd(t, "export", "-o", svgPath, "-camera", "30,30,8,4,3,4"); code != 0 {
		t.Fatalf("export svg: %s", errs)
	}
	data, _ := os.ReadFile(svgPath)
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("svg is not XML: %v", err)
		}
	}
	s := strings.ToLower(string(data))
	for _, c := range []string{"#ff00ff", "#00ffff"} {
		if !strings.Contains(s, c) {
			t.Errorf("svg lacks colour %s", c)
		}
	}
}

func TestExportBadInput(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-o", "x.jpg"},
		{"-o", "x.png", "-size", "10x10"},
		{"-o", "x.png", "-size", "big"},
		{"-o", "x.png", "-camera", "1,2"},
		{"-o", "x.png", "-mode", "nope"},
		{"-o", "x.png", "-compare", "nope"},
	} {
		code, out, errs := runCmd(t, append([]string{"export"}, args...)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("export %v: code %d stderr %q", args, code, errs)
		}
	}
}
