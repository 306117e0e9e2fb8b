package piston

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/transform"
)

// overflowModel is the model on a chain of n nodes, each scaled by s, in
// accumulate-matrices.
func overflowModel(t *testing.T, n int, s mgl64.Vec3) *Model {
	nodes := make([]scene.Node, n)
	for i := range nodes {
		nodes[i] = scene.Node{Name: fmt.Sprintf("N%d", i), Parent: i - 1,
			Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: s}}
	}
	sc, err := scene.New(nodes)
	if err != nil {
		t.Fatal(err)
	}
	st := state.Default()
	st.Mode = modes.AccumulateMatrices.Name
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Load(sc, nil)
	return m
}

// readoutText joins the lines' texts.
func readoutText(lines []ReadoutLine) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

// warned returns the text of the first line starting with prefix and its
// Warn flag.
func warned(t *testing.T, lines []ReadoutLine, prefix string) (string, bool) {
	t.Helper()
	for _, l := range lines {
		if strings.HasPrefix(l.Text, prefix) {
			return l.Text, l.Warn
		}
	}
	t.Fatalf("no line %q in\n%s", prefix, readoutText(lines))
	return "", false
}

// Finding 4 in the app: a 60-node chain of scales 1e6. N59's world matrix
// overflows (1e6^60 = 1e360; float64 ends at 1.8e308), N17's volume does
// (1e6^54), N10's values are finite but huge (1e66). No NaN or Inf, no
// blame on a zero scale, and short lines.
func TestReadoutsOverflow(t *testing.T) {
	m := overflowModel(t, 60, mgl64.Vec3{1e6, 1e6, 1e6})
	for _, c := range []struct {
		node      int
		want, not []string
	}{
		{59, []string{"world      -  (overflow", "skew       -  (overflow", "volume     -  (overflow", "TRS        -  (overflow"}, []string{"zero scale"}},
		{17, []string{"skew       0.00 deg", "volume     -  (overflow", "stretch     1e+108", "TRS        representable"}, []string{"zero scale"}},
		{10, []string{"volume      1e+198 (matrices)", "lossy       1e+66  1e+66  1e+66"}, []string{"overflow"}},
	} {
		m.Picked = c.node
		m.Recompute(0, 640, 480)
		lines := m.ReadoutLines(nil)
		all := readoutText(lines)
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("N%d: readout lacks %q:\n%s", c.node, w, all)
			}
		}
		for _, w := range append(c.not, "NaN", "Inf", "<<") {
			if strings.Contains(all, w) {
				t.Errorf("N%d: readout shows %q:\n%s", c.node, w, all)
			}
		}
		for _, l := range lines {
			if len(l.Text) > 60 {
				t.Errorf("N%d: readout line of %d bytes: %q", c.node, len(l.Text), l.Text)
			}
		}
	}
	// Under accumulate-trs the comparison's own product overflows for N59
	// (1e6^180) while N10's is 1e198 in both modes.
	m.Mode = modes.Index(modes.AccumulateTRS.Name)
	m.Picked = 10
	m.Recompute(0, 640, 480)
	if got, warn := warned(t, m.ReadoutLines(nil), "volume"); got != "volume      1e+198, matrices  1e+198, +0.0%" || warn {
		t.Errorf("N10 under trs: %q warn %v", got, warn)
	}
	// Finding 3: the parent chooser on an overflowed node is an error that
	// says so, not a panic.
	m.Mode = modes.Index(modes.AccumulateMatrices.Name)
	err := m.Reparent(59, -1)
	if err == nil || !strings.Contains(err.Error(), "overflows") || m.Residual != err.Error() {
		t.Errorf("reparent N59 to a root: %v (shown %q)", err, m.Residual)
	}
}

// The readouts of a collapsed node (Root scale 0 or negative, A scaled to
// zero) in every mode are formatted without a panic, NaN or Inf, and the
// volume line warns (flat).
func TestReadoutsOfCollapsedNodes(t *testing.T) {
	forCollapsed(t, func(m *Model, what string) {
		lines := m.ReadoutLines(nil)
		all := readoutText(lines)
		if strings.Contains(all, "NaN") || strings.Contains(all, "Inf") {
			t.Errorf("%s:\n%s", what, all)
		}
		if _, warn := warned(t, lines, "volume"); !warn {
			t.Errorf("%s: a flat B's volume line does not warn:\n%s", what, all)
		}
	})
}

// The numbers: the piston at Root scale (3, 1, 1) with A turned
// 38 degrees about y. Under accumulate-matrices det(W) is the product of
// the scales' determinants: A 3 * (0.25*0.25*2) = 0.375, B 0.375 * (4*4*0.5)
// = 3. Skew stripping keeps diag(R_A^T D R_A S_A) with D = diag(3, 1, 1)
// and R_A = Ry(38°): (R^T D R)_kk = sum_j D_jj R_jk², so with c = cos 38°,
// s = sin 38° the diagonal is (0.25(3c²+s²), 0.25, 2(3s²+c²)) and A's
// volume is 0.125(1+2c²)(1+2s²) = 0.4927; B's is 8 times that, 3.941.
func TestReadoutVolumeAgainstMatrices(t *testing.T) {
	c2 := math.Pow(math.Cos(38*math.Pi/180), 2)
	strippedA := 0.125 * (1 + 2*c2) * (1 + 2*(1-c2))
	if math.Abs(strippedA-0.4927) > 5e-5 {
		t.Fatalf("hand value %v is not the issue's 0.4927", strippedA)
	}
	for _, c := range []struct {
		mode, node string
		want       string
		warn       bool
	}{
		{modes.SkewStripping.Name, "A", fmt.Sprintf("volume     %.3f, matrices 0.375, %+.1f%%", strippedA, 100*(strippedA/0.375-1)), true},
		{modes.SkewStripping.Name, "B", fmt.Sprintf("volume     %.3f, matrices 3.000, %+.1f%%", 8*strippedA, 100*(8*strippedA/3-1)), true},
		{modes.AccumulateMatrices.Name, "B", "volume     3.000 (matrices)", false},
		// TRS and uniform-inner-scale give A per-axis scales whose
		// product is the chain's: the same volume.
		{modes.AccumulateTRS.Name, "B", "volume     3.000, matrices 3.000, +0.0%", false},
	} {
		m := pistonModel(t, c.mode, 3)
		m.Edits[m.Scene.Index("A")].Euler[1] = 38
		m.Picked = m.Scene.Index(c.node)
		m.Recompute(0, 640, 480)
		got, warn := warned(t, m.ReadoutLines(nil), "volume")
		if got != c.want || warn != c.warn {
			t.Errorf("%s %s: %q warn %v, want %q warn %v", c.mode, c.node, got, warn, c.want, c.warn)
		}
	}
	if got := fmt.Sprintf("%+.1f%%", 100*(8*strippedA/3-1)); got != "+31.4%" {
		t.Errorf("B's change %s, the issue says +31%%", got)
	}
}

// Skew, a lossy flip and "NOT representable" warn; a plain node warns on
// nothing, and no line carries the old "<<" mark.
func TestReadoutWarnings(t *testing.T) {
	m := pistonModel(t, modes.AccumulateMatrices.Name, 3)
	m.Edits[m.Scene.Index("A")].Euler[1] = 38
	m.Picked = m.Scene.Index("B")
	m.Recompute(0, 640, 480)
	lines := m.ReadoutLines(nil)
	for _, p := range []string{"skew", "TRS        NOT representable"} {
		if _, warn := warned(t, lines, p); !warn {
			t.Errorf("%q does not warn:\n%s", p, readoutText(lines))
		}
	}
	m = pistonModel(t, modes.AccumulateMatrices.Name, 1)
	m.Recompute(0, 640, 480)
	lines = m.ReadoutLines(nil)
	for _, l := range lines {
		if l.Warn || strings.Contains(l.Text, "<<") {
			t.Errorf("plain piston: %q warn %v", l.Text, l.Warn)
		}
	}
	// A lossy scale of the wrong sign: a mirrored-free node whose lossy
	// component is negative.
	r := modes.Readout{LossyScale: mgl64.Vec3{1, -1, 1}, LossyOK: true, Volume: 1, VolumeOK: true,
		Stretch: mgl64.Vec3{1, 1, 1}, StretchOK: true}
	if !r.LossyFlipped() {
		t.Fatal("the test's readout is not lossy-flipped")
	}
	if _, warn := warned(t, AppendReadout(nil, r, VolumeCheck{IsMatrices: true}), "lossy"); !warn {
		t.Error("a flipped lossy scale does not warn")
	}
	// An out-of-range pick appends nothing.
	m.Picked = 99
	if got := m.ReadoutLines(nil); len(got) != 0 {
		t.Errorf("picked 99: %d lines", len(got))
	}
}

// MatricesVolume is det of the accumulate-matrices world 3x3, checked
// against the mode on random scenes (seeded).
func TestMatricesVolumeMatchesTheMode(t *testing.T) {
	const tol = 1e-9
	sc, err := scene.Pistons(5)
	if err != nil {
		t.Fatal(err)
	}
	// Non-uniform scales and turns so the chain shears.
	for i := range sc.Nodes {
		l := sc.Nodes[i].Local
		l.Scale = mgl64.Vec3{1 + 0.1*float64(i%3), 0.5 + 0.2*float64(i%4), 2 - 0.3*float64(i%2)}
		l.Rotation = transform.EulerDeg(10*float64(i), 25, -7*float64(i))
		if err := sc.SetLocal(i, l); err != nil {
			t.Fatal(err)
		}
	}
	w := make([]mgl64.Mat4, len(sc.Nodes))
	modes.AccumulateMatrices.World(sc.Nodes, &modes.Workspace{}, w)
	for i := range sc.Nodes {
		v, ok := MatricesVolume(sc.Nodes, i)
		want := w[i].Mat3().Det()
		if !ok || math.Abs(v-want) > tol*math.Max(1, math.Abs(want)) {
			t.Errorf("node %d: %v (ok %v), det %v", i, v, ok, want)
		}
	}
	if _, ok := MatricesVolume(sc.Nodes, -1); ok {
		t.Error("node -1 has a volume")
	}
}

// A node from a non-TRS matrix: its volume under accumulate-matrices is
// the determinant of its whole stretch (a shear x += 0.5 y keeps volume
// 1, so a parent scale (2, 1, 1) gives 2), and its readout says so.
func TestShearedNodeReadout(t *testing.T) {
	sc, err := scene.New([]scene.Node{
		{Name: "P", Parent: -1, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{2, 1, 1}}},
		{Name: "M", Parent: 0, Local: transform.Identity()},
	})
	if err != nil {
		t.Fatal(err)
	}
	shear := mgl64.Ident4()
	shear[4] = 0.5
	fit, h, err := transform.FitMatrix(shear)
	if err != nil {
		t.Fatal(err)
	}
	sc.Nodes[1].Local, sc.Nodes[1].Shear = fit, h
	if v, ok := MatricesVolume(sc.Nodes, 1); !ok || math.Abs(v-2) > 1e-12 {
		t.Errorf("volume %g, want 2", v)
	}
	st := state.Default()
	st.Mode = "accumulate-trs"
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Load(sc, nil)
	m.Picked = 1
	m.Recompute(0, 640, 480)
	lines := m.ReadoutLines(nil)
	if last := lines[len(lines)-1].Text; !strings.Contains(last, "matrix not a TRS") || !strings.Contains(last, "fit") {
		t.Errorf("last readout line %q, want the matrix note", last)
	}
}

// A world matrix of a model in millimetres: entries of six characters
// and more (327.66, -45.89, 5738.16) stay apart, so every row reads back
// as four numbers, the ones written; a unit-sized row keeps its layout.
func TestReadoutColumnsOfBigNumbers(t *testing.T) {
	w := mgl64.Mat4FromRows(
		mgl64.Vec4{327.66, -45.89, 0, -45.89},
		mgl64.Vec4{573.58, 163.83, 0.004, 463.83},
		mgl64.Vec4{0.25, -1, 1, 5738.16},
		mgl64.Vec4{0, 0, 0, 1})
	r := modes.Readout{World: w, WorldOK: true, Volume: 1, VolumeOK: true, LossyOK: true, StretchOK: true, Representable: true, RepresentableOK: true, SkewOK: true}
	lines := AppendReadout(nil, r, VolumeCheck{IsMatrices: true})
	for row := range 3 {
		text := strings.Trim(lines[row].Text, "[] ")
		f := strings.Fields(text)
		if len(f) != 4 {
			t.Fatalf("row %d %q: %d fields, want 4", row, lines[row].Text, len(f))
		}
		for col, s := range f {
			var v float64
			if _, err := fmt.Sscan(s, &v); err != nil || math.Abs(v-w.At(row, col)) > 0.005 {
				t.Errorf("row %d column %d reads %q, want %.2f", row, col, s, w.At(row, col))
			}
		}
	}
	if got := lines[2].Text; !strings.HasPrefix(got, "[  0.25 -1.00  1.00 ") {
		t.Errorf("a small row's layout changed: %q", got)
	}
}
