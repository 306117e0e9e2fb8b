package pistonlab

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/transform"
)

// overflowModel is the app on a chain of n nodes, each scaled by s, in
// accumulate-matrices.
func overflowModel(t *testing.T, n int, s mgl64.Vec3) *piston.Model {
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
	st.Mode = "accumulate-matrices"
	m, err := piston.NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Load(sc, nil)
	return m
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
		{10, []string{"volume      1e+198", "lossy       1e+66  1e+66  1e+66"}, []string{"overflow"}},
	} {
		m.Picked = c.node
		m.Recompute(0, 640, 480)
		v := newView(m)
		v.win.refresh(m)
		all := strings.Join(v.win.readout, "\n")
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("N%d: readout lacks %q:\n%s", c.node, w, all)
			}
		}
		for _, w := range append(c.not, "NaN", "Inf") {
			if strings.Contains(all, w) {
				t.Errorf("N%d: readout shows %q:\n%s", c.node, w, all)
			}
		}
		for _, l := range v.win.readout {
			if len(l) > 60 {
				t.Errorf("N%d: readout line of %d bytes: %q", c.node, len(l), l)
			}
		}
	}
	// Finding 3: the parent chooser on an overflowed node is an error that
	// says so, not a panic.
	err := m.Reparent(59, -1)
	if err == nil || !strings.Contains(err.Error(), "overflows") || m.Residual != err.Error() {
		t.Errorf("reparent N59 to a root: %v (shown %q)", err, m.Residual)
	}
}

// The readouts of a collapsed node (Root scale 0 or negative, A scaled to
// zero) in every mode are formatted without a panic.
func TestReadoutsOfCollapsedNodes(t *testing.T) {
	for _, sx := range []float64{0, -5, 5, -0.0001} {
		for mi := range modes.All {
			m := pistonModel(t, modes.All[mi].Name, sx)
			m.Edits[m.Scene.Index("A")].Scale = mgl64.Vec3{0, 0, 0}
			m.Spin = true
			m.Recompute(0, 640, 480)
			v := newView(m)
			v.win.refresh(m) // readouts of a collapsed node must not panic
		}
	}
}
