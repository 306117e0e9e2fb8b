package piston

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"
	"skewlab/render"
	"skewlab/state"
	"skewlab/transform"
)

// rigSize is the rig's size under accumulate-matrices (the diagonal of
// the box of its world vertices, as audit's TestRigMatricesAgainstTRSByHand
// derives it): it only sets the scale factor, so ScaledRig(k =
// size/rigSize) is size across.
const rigSize = 8.081284713857618

// meshBox returns the pixel box of the segments drawn in the scene's
// node colours at full strength (the meshes, not the grid, rods, axes or
// a ghost), and how many there are.
func meshBox(m *Model) (lo, hi mgl64.Vec2, n int) {
	colours := map[render.Color]bool{}
	for _, nd := range m.Scene.Nodes {
		colours[render.RGB(nd.Color)] = true
	}
	lo, hi = mgl64.Vec2{math.Inf(1), math.Inf(1)}, mgl64.Vec2{math.Inf(-1), math.Inf(-1)}
	for _, s := range m.Frames[0].Segments {
		if !colours[s.Color] {
			continue
		}
		n++
		for _, p := range []mgl64.Vec2{s.A, s.B} {
			lo[0], lo[1] = min(lo[0], p[0]), min(lo[1], p[1])
			hi[0], hi[1] = max(hi[0], p[0]), max(hi[1], p[1])
		}
	}
	return lo, hi, n
}

// The window frames the rig whole and centred at every size, from 1e-3
// to 1e5 units across: in the band the windows leave free, the meshes'
// pixel box lies inside it, fills at least half of its width or height,
// and its centre is within 2% of the band's size of the band's centre
// (Fit centres the box of the 3D vertices, whose projection holds the
// meshes'). The camera's unit is the size's (render.UnitFor), its zoom
// reaches from a third of the size to ten times it, and the skew arc is
// drawn. Without the scaled unit a model 800 units across was cropped
// (the camera stopped at 500) and one of 0.001 was a dot.
func TestFramingEveryScale(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []float64{1e-3, 1, 800, 1e5} {
		name := "rig-" + strconv.FormatFloat(size, 'g', -1, 64) + ".gltf"
		path := writeFile(t, dir, gltfgen.ScaledRig(name, size/rigSize))
		m, err := modelFrom(t, "-scene", path)
		if err != nil {
			t.Fatal(err)
		}
		m.Recompute(bandX, bandW, bandH)
		lo, hi, n := meshBox(m)
		if n < 100 {
			t.Fatalf("size %g: %d mesh segments drawn, want the rig's 120", size, n)
		}
		const tol = 0.02
		cx, cy := (lo[0]+hi[0])/2, (lo[1]+hi[1])/2
		if lo[0] < bandX || hi[0] > bandX+bandW || lo[1] < 0 || hi[1] > bandH {
			t.Errorf("size %g: the meshes span %v..%v, outside the band x %g..%g, y 0..%g", size, lo, hi, bandX, bandX+bandW, bandH)
		}
		if math.Abs(cx-(bandX+bandW/2)) > tol*bandW || math.Abs(cy-bandH/2) > tol*bandH {
			t.Errorf("size %g: the meshes' centre (%.1f, %.1f) is off the band's (%.1f, %.1f) by over %g", size, cx, cy, bandX+bandW/2, bandH/2, tol)
		}
		if w, h := hi[0]-lo[0], hi[1]-lo[1]; w < 0.5*bandW && h < 0.5*bandH {
			t.Errorf("size %g: the meshes are %.0f x %.0f px in a %g x %g band: too small", size, w, h, bandW, bandH)
		}
		if u := m.Camera.U(); u != render.UnitFor(size) || !(size/u >= 5 && size/u < 50 || u == 1) {
			t.Errorf("size %g: camera unit %g", size, u)
		}
		if m.Arcs[0].Text == "" {
			t.Errorf("size %g: no skew arc", size)
		}
		c := m.Camera
		c.Zoom(1e12)
		if c.Distance < 10*size {
			t.Errorf("size %g: zoomed out to %g only", size, c.Distance)
		}
		c.Zoom(1e-12)
		if c.Distance > size/3 {
			t.Errorf("size %g: zoomed in to %g only", size, c.Distance)
		}
	}
}

// A given camera's distance may be proportional to the model's size at
// every scale, as the flag's help says (up to 500 times the scene's
// unit, which is at least 10 times its size), and is used as given; a
// distance far beyond the model is refused with one line naming the
// camera and the limit, by NewModel and by the lab's CheckCamera (so the
// window refuses it whichever lab it opens), and dropped with a message
// by a page, which shows the framed view instead.
func TestCameraLimitScales(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []float64{1e-3, 1, 800, 1e5} {
		path := writeFile(t, dir, gltfgen.ScaledRig("rig-"+strconv.FormatFloat(size, 'g', -1, 64)+".gltf", size/rigSize))
		at := strconv.FormatFloat(size/rigSize, 'g', -1, 64) // Hips' origin, (0, k, 0)
		ok := "30,20," + strconv.FormatFloat(3*size, 'g', -1, 64) + ",0," + at + ",0"
		m, err := modelFrom(t, "-scene", path, "-camera", ok)
		if err != nil {
			t.Fatalf("size %g: -camera %s: %v", size, ok, err)
		}
		m.Recompute(bandX, bandW, bandH)
		if math.Abs(m.Camera.Distance-3*size) > 1e-12*size || m.Camera.U() != render.UnitFor(size) {
			t.Errorf("size %g: camera %+v, want distance %g as given", size, m.Camera, 3*size)
		}
		if lo, hi, _ := meshBox(m); lo[0] < bandX || hi[0] > bandX+bandW || lo[1] < 0 || hi[1] > bandH {
			t.Errorf("size %g: -camera %s shows the meshes at %v..%v, outside the band", size, ok, lo, hi)
		}
		// 1e4 times the size is past the scene's limit, or past the
		// largest number a setting takes (transform.MaxMagnitude, 1e6),
		// which the parser refuses first.
		far := "30,20," + strconv.FormatFloat(min(1e4*size, transform.MaxMagnitude), 'g', -1, 64)
		if 1e4*size > transform.MaxMagnitude {
			far = "30,20," + strconv.FormatFloat(render.MaxDistance*render.UnitFor(size)*1.01, 'g', -1, 64)
		}
		st := state.Default()
		st.ScenePath = path
		spec, perr := state.ParseCamera(far)
		if perr != nil {
			if 1e4*size <= transform.MaxMagnitude || !strings.Contains(perr.Error(), "magnitude at most") {
				t.Errorf("size %g: -camera %s: %v", size, far, perr)
			}
		} else {
			st.Camera = &spec
			_, err = NewModel(st)
			var ce cameraError
			if err == nil || !errors.As(err, &ce) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "camera \""+far+"\": distance ") {
				t.Errorf("size %g: -camera %s: %v, want one line refusing the distance", size, far, err)
			}
			if err := CheckCamera(st); err == nil {
				t.Errorf("size %g: CheckCamera accepts %s", size, far)
			}
		}
		spec, _ = state.ParseCamera(ok)
		st.Camera = &spec
		if err := CheckCamera(st); err != nil {
			t.Errorf("size %g: CheckCamera refuses %s: %v", size, ok, err)
		}
	}
	// The page: the piston preset is 2.9 units across (unit 1, limit 500).
	st, errs := state.FromSearch("?camera=30,20,600&spin=1")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "URL parameter camera: camera \"30,20,600\": distance 600 out of range (0, 500]") || st.Camera != nil || !st.Spin {
		t.Errorf("camera=30,20,600 on the page: %v, camera %v", errs, st.Camera)
	}
	if st, errs := state.FromSearch("?camera=30,20,400"); len(errs) != 0 || st.Camera == nil {
		t.Errorf("camera=30,20,400 on the page: %v", errs)
	}
}

// A Share link of a model 0.001 across keeps its camera to 1e-6 of the
// camera's unit (1e-4 here), not to 1e-6 absolute (a tenth of a percent
// of the model), and reopens it: the camera comes back within that
// rounding and with the scene's unit.
func TestShareTinyCamera(t *testing.T) {
	path := writeFile(t, t.TempDir(), gltfgen.ScaledRig("tiny.gltf", 1e-3/rigSize))
	m, err := modelFrom(t, "-scene", path)
	if err != nil {
		t.Fatal(err)
	}
	m.Recompute(bandX, bandW, bandH)
	m.Camera.Orbit(10, 5)
	m.Camera.Pan(0.1, 0.05)
	m.Recompute(bandX, bandW, bandH)
	st := state.Default()
	m.Share(&st)
	if st.Camera == nil {
		t.Fatal("Share left out a moved camera")
	}
	back, err := modelFrom(t, "-scene", path, "-camera", st.Camera.String())
	if err != nil {
		t.Fatal(err)
	}
	u := m.Camera.U()
	if u != 1e-4 || back.Camera.U() != u || math.Abs(back.Camera.Distance-m.Camera.Distance) > 1e-6*u ||
		back.Camera.Target.Sub(m.Camera.Target).Len() > 2e-6*u {
		t.Errorf("the link %q reopens camera %+v, want %+v to 1e-6 of its unit", st.Camera.String(), back.Camera, m.Camera)
	}
}
