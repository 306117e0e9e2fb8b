package piston

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/state"
)

// The band a 1280x720 screen leaves at UI 1x with both window columns
// (kit.FreeBand: 330 + 2*6 units each side).
const bandX, bandW, bandH = 342.0, 596.0, 720.0

// boxOnScreen projects every point of the meshes under world with f (the
// drawn vertices, each placed by its node's world matrix) and returns
// their pixel extent; ok is false when a point does not project (it is
// outside the view).
func boxOnScreen(t *testing.T, m *Model, f *render.Frame, world []mgl64.Mat4) (x0, y0, x1, y1 float64, ok bool) {
	t.Helper()
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	n := 0
	for i := range m.Scene.Nodes {
		mesh := render.NodeMesh(&m.Scene.Nodes[i])
		if mesh == nil || i >= len(world) {
			continue
		}
		for _, p := range mesh.Points {
			q, in := f.Project(world[i].Mul4x1(p.Vec4(1)).Vec3())
			if !in {
				return 0, 0, 0, 0, false
			}
			x0, x1, y0, y1 = math.Min(x0, q[0]), math.Max(x1, q[0]), math.Min(y0, q[1]), math.Max(y1, q[1])
			n++
		}
	}
	if n == 0 {
		t.Fatal("no meshes")
	}
	return x0, y0, x1, y1, true
}

// checkFramed: the drawn points of world's meshes lie inside f's viewport and
// fills at least least of its width or height.
func checkFramed(t *testing.T, name string, m *Model, f *render.Frame, world []mgl64.Mat4, least float64) {
	t.Helper()
	vp := f.Viewport()
	x0, y0, x1, y1, ok := boxOnScreen(t, m, f, world)
	const tol = 1e-6
	if !ok || x0 < vp.X-tol || x1 > vp.X+vp.W+tol || y0 < vp.Y-tol || y1 > vp.Y+vp.H+tol {
		t.Errorf("%s: box %.1f,%.1f..%.1f,%.1f (projects %v) not inside %v", name, x0, y0, x1, y1, ok, vp)
	}
	fx, fy := (x1-x0)/vp.W, (y1-y0)/vp.H
	if max(fx, fy) < least {
		t.Errorf("%s: box fills %.2f x %.2f of %v, want at least %.2f of one", name, fx, fy, vp, least)
	}
	// A single picture (least above a half: framed alone, not with
	// another mode's) is centred on both axes, within 2% of the band.
	if cx, cy := (x0+x1)/2-(vp.X+vp.W/2), (y0+y1)/2-(vp.Y+vp.H/2); least > 0.5 && (math.Abs(cx) > 0.02*vp.W || math.Abs(cy) > 0.02*vp.H) {
		t.Errorf("%s: the picture's centre is off the band's by (%.1f, %.1f) px", name, cx, cy)
	}
}

// TestLaunchFramesThePistons: at the first Recompute the piston and the
// skew preset fill 75% of the band's limiting side (FrameMargin),
// centred, inside it, seen from the default direction.
func TestLaunchFramesThePistons(t *testing.T) {
	for _, preset := range []string{"piston", "skew"} {
		st := state.Default()
		st.Preset = preset
		m, err := NewModel(st)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Framing() {
			t.Fatalf("%s: NewModel did not ask for framing", preset)
		}
		m.Recompute(bandX, bandW, bandH)
		checkFramed(t, preset, m, &m.Frames[0], m.World[0], 0.74)
		d := render.DefaultCamera()
		if m.Camera.Yaw != d.Yaw || m.Camera.Pitch != d.Pitch || m.Camera.Fov != d.Fov || m.Camera.Ortho {
			t.Errorf("%s: framing changed the direction: %+v", preset, m.Camera)
		}
		if m.Home != m.Camera || m.Framing() {
			t.Errorf("%s: home %+v is not the framed camera %+v (pending %v)", preset, m.Home, m.Camera, m.Framing())
		}
	}
}

// TestGivenCameraIsKept: a camera from the command line or URL is used as
// is, at launch and on Reset, and Share writes it.
func TestGivenCameraIsKept(t *testing.T) {
	st := state.Default()
	spec, err := state.ParseCamera("30,20,12,1,0,0")
	if err != nil {
		t.Fatal(err)
	}
	st.Camera = &spec
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	want := CameraFromSpec(spec, render.DefaultCamera())
	want.Unit = 1 // the scene's unit (render.UnitFor): the piston is 2.9 units across
	m.Recompute(bandX, bandW, bandH)
	if m.Camera != want || m.Framing() {
		t.Fatalf("given camera became %+v", m.Camera)
	}
	m.Camera.Yaw += 40
	m.Reset()
	m.Recompute(bandX, bandW, bandH)
	if m.Camera != want {
		t.Errorf("Reset gave %+v, want the given %+v", m.Camera, want)
	}
	shared := state.Default()
	m.Share(&shared)
	if shared.Camera == nil || *shared.Camera != spec {
		t.Errorf("Share wrote camera %+v, want the given %+v", shared.Camera, spec)
	}
}

// TestFramingWaitsForTheUser: edits do not re-frame; Z (FrameNext) does,
// keeping the user's direction; Share writes the camera only once it left
// the framed home; a camera set between a request and the Recompute wins.
func TestFramingWaitsForTheUser(t *testing.T) {
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	m.Recompute(bandX, bandW, bandH)
	framed := m.Camera
	shared := state.Default()
	if m.Share(&shared); shared.Camera != nil {
		t.Errorf("the framed home is shared as camera %+v", shared.Camera)
	}
	m.Edits[m.Scene.Index("Root")].Scale[0] = 3
	m.Touch()
	m.Recompute(bandX, bandW, bandH)
	if m.Camera != framed {
		t.Error("an edit re-framed the camera")
	}
	m.Camera.Orbit(30, 10)
	m.Camera.Zoom(3)
	turned := m.Camera
	if m.Share(&shared); shared.Camera == nil {
		t.Error("a moved camera is not shared")
	}
	m.FrameNext()
	m.Recompute(bandX, bandW, bandH)
	if m.Camera.Yaw != turned.Yaw || m.Camera.Pitch != turned.Pitch || m.Camera.Distance == turned.Distance {
		t.Errorf("Z: camera %+v, want the user's direction %g, %g re-framed", m.Camera, turned.Yaw, turned.Pitch)
	}
	checkFramed(t, "Z", m, &m.Frames[0], m.World[0], 0.74)

	m.FrameNext()
	m.Camera.Yaw = 10
	m.Recompute(bandX, bandW, bandH)
	if m.Camera.Yaw != 10 || m.Framing() {
		t.Errorf("a camera set after the request was framed: %+v", m.Camera)
	}
	// A request waits while the picture has no area.
	m.FrameNext()
	m.Recompute(0, 0, 0)
	if !m.Framing() {
		t.Error("a zero-size picture dropped the request")
	}
}

// TestSplitFramesBothPanes: side by side, one camera fitted to both
// modes' boxes at a pane's aspect puts each piston inside its own pane,
// at least 25% of it, at the same scale.
func TestSplitFramesBothPanes(t *testing.T) {
	st := state.Default()
	st.Mode, st.Compare, st.Split = "accumulate-matrices", "skew-stripping", true
	st.Sets = []state.Set{{Node: "Root", Field: "scale", Values: []float64{3, 1, 1}}, {Node: "A", Field: "euler", Values: []float64{0, 38, 0}}}
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Recompute(bandX, bandW, bandH)
	for k := 0; k < 2; k++ {
		want := render.Viewport{X: bandX + float64(k)*bandW/2, W: bandW / 2, H: bandH}
		if vp := m.Frames[k].Viewport(); vp != want {
			t.Fatalf("pane %d is %v, want %v", k, vp, want)
		}
		checkFramed(t, modes.All[[2]int{m.Mode, m.Compare}[k]].Name, m, &m.Frames[k], m.World[k], 0.25)
		if len(m.Frames[k].Segments) == 0 {
			t.Errorf("pane %d draws nothing", k)
		}
	}
}

// TestZoomAtCursorInARightPane: the wheel's zoom aims at the pane under
// the cursor (PaneAt): the point of the target's plane under a cursor in
// the right pane keeps its pixel there.
func TestZoomAtCursorInARightPane(t *testing.T) {
	st := state.Default()
	st.Compare, st.Split = "accumulate-matrices", true
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Recompute(bandX, bandW, bandH)
	c := m.Camera
	p := c.Target.Add(c.Right().Mul(0.4 * c.HalfHeight())).Add(c.Up().Mul(0.2 * c.HalfHeight()))
	at, ok := m.Frames[1].Project(p)
	if !ok {
		t.Fatal("the point is not in the right pane")
	}
	if vp := m.PaneAt(at); vp != m.Frames[1].Viewport() {
		t.Fatalf("PaneAt(%v) = %v, want the right pane", at, vp)
	}
	m.Camera.ZoomAt(0.5, at, m.PaneAt(at))
	m.Touch()
	m.Recompute(bandX, bandW, bandH)
	if after, ok := m.Frames[1].Project(p); !ok || after.Sub(at).Len() > 1e-6 {
		t.Errorf("the point under the cursor moved %v -> %v", at, after)
	}
	if vp := m.PaneAt(mgl64.Vec2{bandX + 1, 10}); vp != m.Frames[0].Viewport() {
		t.Errorf("PaneAt in the left pane = %v", vp)
	}
}

// TestTopViewShowsTheParallelogram: Root scale (3, 1, 1), A turned 38
// degrees about y, accumulate-matrices. By hand, B's world linear part is
// diag(3,1,1) * Ry(38) * diag(.25,.25,2) * diag(4,4,.5) = diag(3,1,1) *
// Ry(38), so its x and z columns are (3c, 0, -s) and (3s, 0, c) with
// c = cos 38, s = sin 38. From the Top (orthographic, world x right and
// z down the screen) they project to (3c, -s) and (3s, c) times the
// pixels per unit: the angle between them is
// acos(8cs / sqrt((9c²+s²)(9s²+c²))), about 37.70 degrees (the readout's
// 52.30 degrees of skew), where a rigid B would show 90.
func TestTopViewShowsTheParallelogram(t *testing.T) {
	st := state.Default()
	st.Mode = "accumulate-matrices"
	st.Sets = []state.Set{{Node: "Root", Field: "scale", Values: []float64{3, 1, 1}}, {Node: "A", Field: "euler", Values: []float64{0, 38, 0}}}
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.SetView(ViewTop)
	m.ToggleOrtho()
	m.Recompute(bandX, bandW, bandH)
	checkFramed(t, "top", m, &m.Frames[0], m.World[0], 0.74)
	f := &m.Frames[0]
	w := m.World[0][m.Scene.Index("B")]
	o := mgl64.Vec3{w[12], w[13], w[14]}
	po, _ := f.Project(o)
	px, okx := f.Project(o.Add(mgl64.Vec3{w[0], w[1], w[2]}))
	pz, okz := f.Project(o.Add(mgl64.Vec3{w[8], w[9], w[10]}))
	if !okx || !okz {
		t.Fatal("B's columns do not project")
	}
	ax, az := px.Sub(po), pz.Sub(po)
	got := math.Acos(ax.Dot(az) / (ax.Len() * az.Len()))
	c, s := math.Cos(38*math.Pi/180), math.Sin(38*math.Pi/180)
	want := math.Acos(8 * c * s / math.Sqrt((9*c*c+s*s)*(9*s*s+c*c)))
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("angle between B's projected x and z columns %.9f deg, want %.9f", got*180/math.Pi, want*180/math.Pi)
	}
	if math.Abs(want*180/math.Pi-37.70) > 0.01 {
		t.Errorf("hand value %.4f deg, want about 37.70", want*180/math.Pi)
	}
	// Screen x is world x, screen y world z: B's x column goes right and up.
	if !(ax[0] > 0 && ax[1] < 0 && az[0] > 0 && az[1] > 0) {
		t.Errorf("projected columns %v and %v are not in the top view's quadrants", ax, az)
	}
}

// TestViewsAndOrtho: SetView turns to the named direction and frames;
// ToggleOrtho flips the projection; ResetCamera returns to the framed
// home direction.
func TestViewsAndOrtho(t *testing.T) {
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	m.Recompute(bandX, bandW, bandH)
	for _, v := range Views {
		m.SetView(v)
		m.Recompute(bandX, bandW, bandH)
		o := v.Orientation()
		if m.Camera.Yaw != o.Yaw || m.Camera.Pitch != o.Pitch {
			t.Errorf("%v: yaw %g pitch %g, want %v", v, m.Camera.Yaw, m.Camera.Pitch, o)
		}
		checkFramed(t, v.String(), m, &m.Frames[0], m.World[0], 0.74)
	}
	m.ToggleOrtho()
	if !m.Camera.Ortho {
		t.Error("ToggleOrtho did not switch to orthographic")
	}
	m.ResetCamera()
	m.Recompute(bandX, bandW, bandH)
	if m.Camera != m.Home || m.Camera.Ortho || m.Camera.Yaw != render.DefaultCamera().Yaw {
		t.Errorf("ResetCamera gave %+v, want the framed home %+v", m.Camera, m.Home)
	}
}

// TestFramingAllocatesNothing: a Recompute that frames allocates nothing
// once the buffers have grown.
func TestFramingAllocatesNothing(t *testing.T) {
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	m.Recompute(bandX, bandW, bandH)
	if a := testing.AllocsPerRun(20, func() { m.FrameNext(); m.Recompute(bandX, bandW, bandH) }); a != 0 {
		t.Errorf("a framing Recompute allocates %g times", a)
	}
}

// TestViewSetting: the view and ortho settings turn the home camera to
// the standard view (by its name in state.Views) and make it
// orthographic; every name in state.Views is a View.
func TestViewSetting(t *testing.T) {
	for _, name := range state.Views {
		st := state.Default()
		st.View, st.Ortho = name, true
		cam := HomeCamera(st)
		found := false
		for _, v := range Views {
			if strings.EqualFold(v.String(), name) {
				found = true
				if o := v.Orientation(); cam.Yaw != o.Yaw || cam.Pitch != o.Pitch || !cam.Ortho {
					t.Errorf("view %s: yaw %g pitch %g ortho %v, want %g %g true", name, cam.Yaw, cam.Pitch, cam.Ortho, o.Yaw, o.Pitch)
				}
			}
		}
		if !found {
			t.Errorf("state.Views has %q, which is no piston View", name)
		}
	}
	if c := HomeCamera(state.Default()); c.Ortho || c.Pitch != render.DefaultCamera().Pitch {
		t.Errorf("no view setting: %+v, want the default direction in perspective", c)
	}
}
