package piston

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/transform"
)

// TestMain installs the piston lab, the only lab this package's states
// need.
func TestMain(m *testing.M) {
	state.UseLabs(Lab)
	os.Exit(m.Run())
}

// topDown is an orthographic camera looking straight down the y axis at
// target: screen x is world x, screen y (down) is world z.
func topDown(target mgl64.Vec3) render.Camera {
	c := render.DefaultCamera()
	c.Target, c.Yaw, c.Pitch, c.Distance, c.Ortho = target, 0, 89.9, 12, true
	return c
}

// pistonModel returns the piston under mode with Root scale (sx, 1, 1),
// nothing drawn but the node shapes, seen from above.
func pistonModel(t testing.TB, mode string, sx float64) *Model {
	st := state.Default()
	st.Mode = mode
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Edits[m.Scene.Index("Root")].Scale[0] = sx
	m.Opt = render.Options{}
	m.Camera = topDown(mgl64.Vec3{4, 3, 4.5})
	return m
}

func TestModelEulerIsTheSourceOfTruth(t *testing.T) {
	st := state.Default()
	set, err := state.ParseSet("A.euler=30,90,10")
	if err != nil {
		t.Fatal(err)
	}
	st.Sets = []state.Set{set}
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	a := m.Scene.Index("A")
	if got := m.Edits[a].Euler; got != (mgl64.Vec3{30, 90, 10}) {
		t.Errorf("A's Euler angles %v, want the set's (30, 90, 10) kept at the gimbal lock", got)
	}
	m.Recompute(0, 640, 480)
	if got := m.Edits[a].Euler; got != (mgl64.Vec3{30, 90, 10}) {
		t.Errorf("after a recompute A's Euler angles are %v", got)
	}
}

// forCollapsed calls f with the piston recomputed in every mode, spinning,
// with A scaled to zero and Root's x scale at each of 0, -5, 5 and
// -0.0001; what names the case for messages.
func forCollapsed(t *testing.T, f func(m *Model, what string)) {
	t.Helper()
	for _, sx := range []float64{0, -5, 5, -0.0001} {
		for mi := range modes.All {
			m := pistonModel(t, modes.All[mi].Name, sx)
			m.Edits[m.Scene.Index("A")].Scale = mgl64.Vec3{0, 0, 0}
			m.Spin = true
			m.Recompute(0, 640, 480)
			f(m, fmt.Sprintf("%s, Root scale x %g", modes.All[mi].Name, sx))
		}
	}
}

func TestModelExtremeScalesStayFinite(t *testing.T) {
	forCollapsed(t, func(m *Model, what string) {
		for _, sg := range m.Frames[0].Segments {
			for _, x := range [4]float64{sg.A[0], sg.A[1], sg.B[0], sg.B[1]} {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("%s: segment %v not finite", what, sg)
				}
			}
		}
	})
}

func TestModelReparentKeepsOtherEulerAngles(t *testing.T) {
	m := pistonModel(t, "accumulate-matrices", 1)
	root, a, b := m.Scene.Index("Root"), m.Scene.Index("A"), m.Scene.Index("B")
	m.Edits[a].Euler = mgl64.Vec3{12, 90, 0} // a gimbal-lock pair the quaternion cannot give back
	if err := m.Reparent(b, root); err != nil {
		t.Fatal(err)
	}
	if got := m.Edits[m.Scene.Index("A")].Euler; got != (mgl64.Vec3{12, 90, 0}) {
		t.Errorf("A's angles changed to %v", got)
	}
	if m.Scene.Nodes[m.Scene.Index("B")].Parent != root || a < 0 {
		t.Errorf("B's parent is %d, want Root", m.Scene.Nodes[m.Scene.Index("B")].Parent)
	}
	if m.Residual == "" {
		t.Error("no residual reported")
	}
	if err := m.Reparent(root, m.Scene.Index("B")); err == nil {
		t.Error("making Root a child of its descendant succeeded")
	}
}

func TestModelFoldKeepsThePicture(t *testing.T) {
	m := pistonModel(t, "accumulate-matrices", 3)
	m.Recompute(0, 640, 480)
	want := append([]mgl64.Mat4(nil), m.World[0]...)
	m.Mode = modes.Index("uniform-inner-scale")
	m.Fold()
	m.Recompute(0, 640, 480)
	for i := range want {
		if d := maxAbsDiff(m.World[0][i], want[i]); d > 1e-9 {
			t.Errorf("node %d: folded uniform-inner-scale %v, want accumulate-matrices' %v", i, m.World[0][i], want[i])
		}
	}
}

func maxAbsDiff(a, b mgl64.Mat4) float64 {
	d := 0.0
	for k := range a {
		d = math.Max(d, math.Abs(a[k]-b[k]))
	}
	return d
}

// Finding 8 in the app: a fold that leaves children unfolded says so.
func TestFoldMessageUnfolded(t *testing.T) {
	nodes := []scene.Node{{Name: "Root", Parent: -1, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}}}
	for i := 0; i < 5; i++ {
		nodes = append(nodes, scene.Node{Name: fmt.Sprintf("C%d", i), Parent: 0, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}})
	}
	sc, err := scene.New(nodes)
	if err != nil {
		t.Fatal(err)
	}
	got := FoldMessage(sc, modes.FoldResult{Residual: 0, Unfolded: []int{1, 2, 3, 5}})
	want := "folded, NOT exact: 4 left unfolded (a folded value would exceed 1e6): C0, C1, C2 and 1 more; largest residual of the rest 0.00e+00"
	if got != want {
		t.Errorf("FoldMessage = %q\nwant %q", got, want)
	}
	if got := FoldMessage(sc, modes.FoldResult{Residual: 0.5}); got != "folded; largest residual 5.00e-01" {
		t.Errorf("exact-ish fold message %q", got)
	}
}

// TestCycleCompare: C compares with accumulate-matrices from any other
// mode, and with accumulate-trs from accumulate-matrices: ghost, then
// side by side, then off.
func TestCycleCompare(t *testing.T) {
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	for mode := range modes.All {
		m.Mode = mode
		want := "accumulate-matrices"
		if modes.All[mode].Name == want {
			want = "accumulate-trs"
		}
		m.CycleCompare()
		if ModeName(m.Compare) != want || m.Split {
			t.Errorf("%s: first C gives %s split=%v, want a ghost of %s", ModeName(mode), ModeName(m.Compare), m.Split, want)
		}
		m.CycleCompare()
		if ModeName(m.Compare) != want || !m.Split {
			t.Errorf("%s: second C gives %s split=%v, want %s side by side", ModeName(mode), ModeName(m.Compare), m.Split, want)
		}
		m.CycleCompare()
		if m.Compare != -1 || m.Split {
			t.Errorf("%s: third C leaves compare %d split=%v, want off", ModeName(mode), m.Compare, m.Split)
		}
	}
}

// TestPresetModeAndSpin: loading a preset switches to the mode and
// comparison it carries, and a scene without B has nothing to spin.
func TestPresetModeAndSpin(t *testing.T) {
	st := state.Default()
	st.Spin = true
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Spinning() {
		t.Error("the piston with spin on does not spin")
	}
	if err := m.LoadPreset("skew"); err != nil {
		t.Fatal(err)
	}
	if ModeName(m.Mode) != "accumulate-matrices" || m.Compare != -1 || m.Spinning() || m.SpinAt != -1 {
		t.Errorf("skew preset: mode %s compare %d spinning %v", ModeName(m.Mode), m.Compare, m.Spinning())
	}
	if err := m.LoadPreset("volume"); err != nil {
		t.Fatal(err)
	}
	if ModeName(m.Mode) != "skew-stripping" || ModeName(m.Compare) != "accumulate-matrices" || m.Split {
		t.Errorf("volume preset: mode %s compare %s split %v", ModeName(m.Mode), ModeName(m.Compare), m.Split)
	}
	if err := m.LoadPreset("piston"); err != nil {
		t.Fatal(err)
	}
	if ModeName(m.Mode) != modes.Default || m.Compare != -1 {
		t.Errorf("piston preset: mode %s compare %d", ModeName(m.Mode), m.Compare)
	}
}

// The readouts open on the node that skews most under
// accumulate-matrices: none in the piston at rest (B, the last, then),
// the skew preset's Child, and in a scene where a later node is straight,
// the skewed one before it.
func TestMostSkewedPicked(t *testing.T) {
	for _, c := range []struct {
		preset, want string
	}{{"piston", "B"}, {"skew", "Child"}} {
		sc, err := scene.NewPreset(c.preset)
		if err != nil {
			t.Fatal(err)
		}
		if got := MostSkewed(sc.Nodes); got < 0 || sc.Nodes[got].Name != c.want {
			t.Errorf("%s: picked %d, want %s", c.preset, got, c.want)
		}
	}
	sc, _ := scene.NewPreset("skew")
	nodes := append(sc.Nodes, scene.Node{Name: "Straight", Parent: 0, Local: transform.Identity()})
	if got := MostSkewed(nodes); nodes[got].Name != "Child" {
		t.Errorf("picked %s, want Child (Straight under the same parent does not skew)", nodes[got].Name)
	}
	if got := MostSkewed(nil); got != -1 {
		t.Errorf("no nodes: %d, want -1", got)
	}
}
