package ui

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/state"
)

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

func TestModelExtremeScalesStayFinite(t *testing.T) {
	for _, sx := range []float64{0, -5, 5, -0.0001} {
		for mi := range modes.All {
			m := pistonModel(t, modes.All[mi].Name, sx)
			m.Edits[m.Scene.Index("A")].Scale = mgl64.Vec3{0, 0, 0}
			m.Spin = true
			m.Recompute(0, 640, 480)
			for _, sg := range m.Frames[0].Segments {
				for _, x := range [4]float64{sg.A[0], sg.A[1], sg.B[0], sg.B[1]} {
					if math.IsNaN(x) || math.IsInf(x, 0) {
						t.Fatalf("%s, Root scale x %g: segment %v not finite", modes.All[mi].Name, sx, sg)
					}
				}
			}
			v := NewPistonView(m)
			v.win.refresh(m) // readouts of a collapsed node must not panic
		}
	}
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
