//go:build !js

package main

import (
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
	"skewlab/render"
)

// A model of any size is framed whole, and -camera's limit grows with it
// (issue 28, item 12).

// rigSize is the rig's size under accumulate-matrices, the diagonal of
// the box of its world vertices (audit's TestRigMatricesAgainstTRSByHand
// derives the box by hand): ScaledRig(k = size/rigSize) is size across.
const rigSize = 8.081284713857618

// The rig's node colours in gltfio's palette (Hips, Spine, Head, Tail),
// as SVG writes them.
var rigStrokes = map[string]bool{"#ff00ff": true, "#00ffff": true, "#ffcc00": true, "#ff731a": true}

// svgMeshBox returns the box of the lines an export SVG draws in the
// rig's node colours (its meshes), and how many.
func svgMeshBox(t *testing.T, path string) (x0, y0, x1, y1 float64, n int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		G struct {
			Lines []struct {
				X1     float64 `xml:"x1,attr"`
				Y1     float64 `xml:"y1,attr"`
				X2     float64 `xml:"x2,attr"`
				Y2     float64 `xml:"y2,attr"`
				Stroke string  `xml:"stroke,attr"`
			} `xml:"line"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, l := range doc.G.Lines {
		if !rigStrokes[l.Stroke] {
			continue
		}
		n++
		x0, x1 = min(x0, l.X1, l.X2), max(x1, l.X1, l.X2)
		y0, y1 = min(y0, l.Y1, l.Y2), max(y1, l.Y1, l.Y2)
	}
	return x0, y0, x1, y1, n
}

// writeScaledRig writes the rig scaled to size units across into dir.
func writeScaledRig(t *testing.T, dir string, size float64) string {
	t.Helper()
	f := gltfgen.ScaledRig("rig-"+strconv.FormatFloat(size, 'g', -1, 64)+".gltf", size/rigSize)
	p := filepath.Join(dir, f.Name)
	if err := os.WriteFile(p, f.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// export frames a model of any size whole and centred: the rig at 1e-3,
// 1, 800 and 1e5 units across draws its meshes inside the 1280x720
// picture, filling at least half its height, centred within 2% (Fit
// centres the box of the 3D vertices; the meshes' own box is within 1%
// of it here). Before, the model of 800 was cropped (the camera stopped
// at 500 units) and that of 1e-3 was a dot.
func TestExportFramesEveryScale(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []float64{1e-3, 1, 800, 1e5} {
		rig := writeScaledRig(t, dir, size)
		svg := filepath.Join(dir, "fig.svg")
		if code, _, errs := runCmd(t, "export", "-scene", rig, "-o", svg); code != 0 {
			t.Fatalf("size %g: exit %d, %s", size, code, errs)
		}
		x0, y0, x1, y1, n := svgMeshBox(t, svg)
		if n < 100 {
			t.Fatalf("size %g: %d mesh lines, want the rig's 120", size, n)
		}
		if x0 < 0 || y0 < 0 || x1 > 1280 || y1 > 720 || y1-y0 < 360 {
			t.Errorf("size %g: the meshes span (%.1f, %.1f)..(%.1f, %.1f) in 1280x720", size, x0, y0, x1, y1)
		}
		if cx, cy := (x0+x1)/2, (y0+y1)/2; math.Abs(cx-640) > 0.02*1280 || math.Abs(cy-360) > 0.02*720 {
			t.Errorf("size %g: the meshes' centre (%.1f, %.1f), want (640, 360) within 2%%", size, cx, cy)
		}
	}
}

// -camera takes a distance proportional to the model's size at every
// scale (3 times it, looking at Hips' origin: the rig is then inside the
// picture) and refuses one far past it with one line on stderr, exit 2
// and nothing on stdout: past the scene's limit (500 times its unit,
// render.UnitFor), or past the largest number a flag takes (1e6).
func TestExportCameraScales(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []float64{1e-3, 1, 800, 1e5} {
		rig := writeScaledRig(t, dir, size)
		svg := filepath.Join(dir, "fig.svg")
		f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
		cam := "30,20," + f(3*size) + ",0," + f(size/rigSize) + ",0"
		if code, _, errs := runCmd(t, "export", "-scene", rig, "-camera", cam, "-o", svg); code != 0 {
			t.Fatalf("size %g: -camera %s: exit %d, %s", size, cam, code, errs)
		}
		if x0, y0, x1, y1, n := svgMeshBox(t, svg); n < 100 || x0 < 0 || y0 < 0 || x1 > 1280 || y1 > 720 {
			t.Errorf("size %g: -camera %s: %d mesh lines spanning (%.1f, %.1f)..(%.1f, %.1f)", size, cam, n, x0, y0, x1, y1)
		}
		far := "30,20," + f(min(1e4*size, 1e6*2))
		code, stdout, errs := runCmd(t, "export", "-scene", rig, "-camera", far, "-o", svg)
		if code != 2 || stdout != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: export: ") || !strings.Contains(errs, "camera \""+far+"\"") {
			t.Errorf("size %g: -camera %s: exit %d, stdout %q, stderr %q; want one line, exit 2", size, far, code, stdout, errs)
		}
		if lim := render.MaxDistance * render.UnitFor(size); 1e4*size <= 1e6 && !strings.Contains(errs, "out of range (0, "+f(lim)+"]") {
			t.Errorf("size %g: the refusal does not give the limit %g: %s", size, lim, errs)
		}
	}
}
