package piston

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/state"
)

// skewedPiston is the picture: the piston at Root scale (3, 1, 1)
// with A turned 38 degrees about y, B picked, under mode.
func skewedPiston(t testing.TB, mode string) *Model {
	m := pistonModel(t, mode, 3)
	m.Edits[m.Scene.Index("A")].Euler[1] = 38
	m.Picked = m.Scene.Index("B")
	return m
}

// B's skew under accumulate-matrices at Root (3, 1, 1), A at 38 degrees,
// by hand: B's world 3x3 is D R_A S_A S_B with D = diag(3, 1, 1), and S_A
// S_B = diag(1, 1, 1) (0.25*4, 0.25*4, 2*0.5), so its x and z columns are
// D (c, 0, -s) = (3c, 0, -s) and D (s, 0, c) = (3s, 0, c) (c, s the cosine
// and sine of 38°), y stays (0, 1, 0), perpendicular to both. The x-z
// angle has cosine 8cs / sqrt((9c²+s²)(9s²+c²)): 37.70°, a skew of 52.30°.
func TestSkewArcOfB(t *testing.T) {
	c, s := math.Cos(38*math.Pi/180), math.Sin(38*math.Pi/180)
	between := math.Acos(8*c*s/math.Sqrt((9*c*c+s*s)*(9*s*s+c*c))) * 180 / math.Pi
	wantSkew := 90 - between
	if math.Abs(wantSkew-52.30) > 0.005 {
		t.Fatalf("hand skew %v is not the issue's 52.30", wantSkew)
	}
	m := skewedPiston(t, modes.AccumulateMatrices.Name)
	m.Recompute(0, 640, 480)
	b := m.Picked
	r := modes.Analyze(m.Nodes(), m.World[0], b)
	if math.Abs(r.SkewDeg-wantSkew) > 1e-9 {
		t.Fatalf("Analyze says %v, hand %v", r.SkewDeg, wantSkew)
	}
	a := m.Arcs[0]
	if a.Text == "" {
		t.Fatal("no arc for a skewed B")
	}
	if a.Cols != [2]int{0, 2} {
		t.Errorf("arc between columns %v, want x and z", a.Cols)
	}
	var shown float64
	if _, err := fmt.Sscanf(a.Text, "skew %f°", &shown); err != nil || math.Abs(shown-r.SkewDeg) > 0.05 {
		t.Errorf("arc label %q (%v), Analyze %v", a.Text, err, r.SkewDeg)
	}
	// The label is in the frame, in the warning colour.
	found := false
	for _, l := range m.Frames[0].Labels {
		if l.Text == a.Text && l.Color == render.Warning {
			found = true
		}
	}
	if !found {
		t.Errorf("no label %q in the frame", a.Text)
	}
	// The arc's ends lie on the two columns' directions from B's origin,
	// at ArcFrac of the shorter column (|z| = sqrt(9s²+c²) < |x|).
	w := m.World[0][b]
	o := mgl64.Vec3{w[12], w[13], w[14]}
	x, z := mgl64.Vec3{w[0], w[1], w[2]}, mgl64.Vec3{w[8], w[9], w[10]}
	wantR := ArcFrac * math.Sqrt(9*s*s+c*c)
	if a.Origin != o || math.Abs(a.Radius-wantR) > 1e-12 {
		t.Errorf("arc at %v radius %v, want %v radius %v", a.Origin, a.Radius, o, wantR)
	}
	for i, col := range []mgl64.Vec3{x, z} {
		d, _ := render.ArcDir(a.U, a.V, float64(i))
		end := a.Origin.Add(d.Mul(a.Radius))
		rel := end.Sub(o)
		if rel.Cross(col).Len() > 1e-9 || rel.Dot(col) <= 0 || math.Abs(rel.Len()-wantR) > 1e-9 {
			t.Errorf("end %d at %v is not on column %v from %v", i, end, col, o)
		}
		// And the drawn arc starts or ends at its projection.
		p, ok := m.Frames[0].Project(end)
		if !ok {
			t.Fatalf("end %d off screen", i)
		}
		hit := false
		for _, sg := range m.Frames[0].Segments {
			if sg.Color == render.Warning && (sg.A.Sub(p).Len() < 1e-6 || sg.B.Sub(p).Len() < 1e-6) {
				hit = true
			}
		}
		if !hit {
			t.Errorf("no warning-coloured segment ends at end %d's projection %v", i, p)
		}
	}
}

// No arc where there is nothing to show or nothing defined: an unskewed
// B, a zero-scale column, a non-finite matrix, HideArc, and the ghost.
// In split view the pane of the mode that skews has it.
func TestSkewArcWhenNot(t *testing.T) {
	m := pistonModel(t, modes.AccumulateMatrices.Name, 1)
	m.Recompute(0, 640, 480)
	if m.Arcs[0].Text != "" {
		t.Errorf("unskewed B has an arc %q", m.Arcs[0].Text)
	}
	m = skewedPiston(t, modes.AccumulateMatrices.Name)
	m.Edits[m.Scene.Index("B")].Scale = mgl64.Vec3{4, 0, 0.5}
	m.Recompute(0, 640, 480)
	if m.Arcs[0].Text != "" {
		t.Errorf("B with a zero column has an arc %q", m.Arcs[0].Text)
	}
	nan := mgl64.Ident4()
	nan[5] = math.NaN()
	if _, ok := FindSkewArc(nan, 1); ok {
		t.Error("a NaN matrix has an arc")
	}
	inf := mgl64.Ident4()
	inf[4] = math.Inf(1)
	if _, ok := FindSkewArc(inf, 1); ok {
		t.Error("an infinite matrix has an arc")
	}
	m = skewedPiston(t, modes.AccumulateMatrices.Name)
	m.HideArc = true
	m.Recompute(0, 640, 480)
	if m.Arcs[0].Text != "" {
		t.Error("HideArc drew an arc")
	}
	// accumulate-trs (no skew) against matrices: ghost, then split.
	m = skewedPiston(t, modes.AccumulateTRS.Name)
	m.Compare = modes.Index(modes.AccumulateMatrices.Name)
	m.Ghost = true
	m.Recompute(0, 640, 480)
	if m.Arcs[0].Text != "" || m.Arcs[1].Text != "" {
		t.Errorf("ghost: arcs %q %q, want none", m.Arcs[0].Text, m.Arcs[1].Text)
	}
	m.Split = true
	m.Recompute(0, 640, 480)
	if m.Arcs[0].Text != "" || m.Arcs[1].Text == "" {
		t.Errorf("split: arcs %q %q, want the right pane's only", m.Arcs[0].Text, m.Arcs[1].Text)
	}
	if !strings.HasPrefix(m.Arcs[1].Text, "skew 52.3") {
		t.Errorf("split arc %q", m.Arcs[1].Text)
	}
}

func TestArcText(t *testing.T) {
	for _, c := range []struct {
		deg  float64
		want string
	}{{52.2987, "skew 52.3°"}, {0.04, "skew 0.0°"}, {90, "skew 90.0°"}, {95, "skew 90.0°"}, {-3, "skew 0.0°"}, {math.NaN(), "skew 0.0°"}, {12.25, "skew 12.3°"}} {
		if got := ArcText(c.deg); got != c.want {
			t.Errorf("ArcText(%v) = %q, want %q", c.deg, got, c.want)
		}
	}
}

// textBox is a label's box from the published rules alone (see
// render.LabelBaseline, TextWidth and TextMetricsAt).
func textBox(l render.Label, scale float64) (lo, hi mgl64.Vec2) {
	size := scale * render.TextSize
	m := render.TextMetricsAt(size)
	b := render.LabelBaseline(l.At, scale)
	return mgl64.Vec2{b[0], b[1] - m.Ascent}, mgl64.Vec2{b[0] + render.TextWidth(l.Text, size), b[1] + m.Descent}
}

// boxesOverlap reports whether the boxes of a and b overlap (touching
// allowed).
func boxesOverlap(a, b render.Label, scale float64) bool {
	alo, ahi := textBox(a, scale)
	blo, bhi := textBox(b, scale)
	return alo[0] < bhi[0] && blo[0] < ahi[0] && alo[1] < bhi[1] && blo[1] < ahi[1]
}

// The piston and the skew preset, at the default camera, backed away
// (everything in a few pixels) and from above, alone, with a ghost and
// split, at text scales 1 and 2: no two labels of a frame overlap. Some
// did at their anchors, or the test would prove nothing.
func TestModelLabelsDoNotOverlap(t *testing.T) {
	before := 0
	for _, preset := range []string{"piston", "skew"} {
		for _, view := range []string{"default", "far", "top"} {
			for _, cmp := range []string{"alone", "ghost", "split"} {
				for _, scale := range []float64{1, 2} {
					st := state.Default()
					st.Preset = preset
					st.Mode = modes.AccumulateMatrices.Name
					m, err := NewModel(st)
					if err != nil {
						t.Fatal(err)
					}
					if preset == "piston" {
						m.Edits[m.Scene.Index("Root")].Scale[0] = 3
						m.Edits[m.Scene.Index("A")].Euler[1] = 38
					}
					if view == "far" {
						m.Camera.Distance *= 6
					}
					if view == "top" {
						m.Camera = topDown(centre(m))
						m.Camera.Distance = 20
					}
					if cmp != "alone" {
						m.Compare = modes.Index(modes.SkewStripping.Name)
						m.Split = cmp == "split"
					}
					m.LabelScale = scale
					m.Recompute(0, 1280, 720)
					name := fmt.Sprintf("%s %s %s scale %v", preset, view, cmp, scale)
					labels := 0
					for k := range m.Frames {
						ls := m.Frames[k].Labels
						labels += len(ls)
						for i := range ls {
							for j := i + 1; j < len(ls); j++ {
								if boxesOverlap(ls[i], ls[j], scale) {
									t.Errorf("%s: %q at %v and %q at %v overlap", name, ls[i].Text, ls[i].At, ls[j].Text, ls[j].At)
								}
								ai, aj := ls[i], ls[j]
								ai.At, aj.At = ai.Anchor, aj.Anchor
								if boxesOverlap(ai, aj, scale) {
									before++
								}
							}
						}
					}
					if labels < len(m.Scene.Nodes) {
						t.Errorf("%s: only %d labels", name, labels)
					}
				}
			}
		}
	}
	if before == 0 {
		t.Error("no labels overlapped at their anchors: the cases test nothing")
	}
	t.Logf("%d overlapping pairs at the anchors spread apart", before)
}

// centre is the middle of the nodes' world origins under the model's
// mode (after a recompute).
func centre(m *Model) mgl64.Vec3 {
	m.Recompute(0, 1280, 720)
	var c mgl64.Vec3
	for _, w := range m.World[0] {
		c = c.Add(mgl64.Vec3{w[12], w[13], w[14]})
	}
	return c.Mul(1 / float64(len(m.World[0])))
}

// A steady spin frame of the skewed piston (arc, labels spread, leader
// lines) allocates nothing.
func TestRecomputeSpinAllocatesNothing(t *testing.T) {
	for _, split := range []bool{false, true} {
		m := skewedPiston(t, modes.AccumulateMatrices.Name)
		m.Opt = render.DefaultOptions()
		m.Compare, m.Split = modes.Index(modes.SkewStripping.Name), split
		m.Spin = true
		m.LabelScale = 2
		for i := 0; i < 400; i++ { // a full turn grows every buffer
			m.Recompute(0, 1280, 720)
		}
		if n := testing.AllocsPerRun(100, func() { m.Recompute(0, 1280, 720) }); n != 0 {
			t.Errorf("split %v: Recompute allocates %v times per frame", split, n)
		}
	}
}

// BenchmarkRecomputeSpin is a spinning frame of the skewed
// piston with everything drawn, a ghost, the arc and the labels spread.
func BenchmarkRecomputeSpin(b *testing.B) {
	m := skewedPiston(b, modes.AccumulateMatrices.Name)
	m.Opt = render.DefaultOptions()
	m.Compare = modes.Index(modes.SkewStripping.Name)
	m.Spin = true
	m.Recompute(0, 1280, 720)
	b.ReportAllocs()
	for b.Loop() {
		m.Recompute(0, 1280, 720)
	}
}
