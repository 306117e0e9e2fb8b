package piston

import (
	"math"
	"strings"
	"testing"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/state"
)

// TestSetRuleChangesThePicture: at the piston with Root scale (3,1,1),
// blender-none on B takes away the parent's scale (B's world x column
// has length 4, its own scale; under matrices it is 1, by hand), Share
// carries the rule, Reset forgets it, and under accumulate-trs the
// readouts say that per-node rules do not apply.
func TestSetRuleChangesThePicture(t *testing.T) {
	st := state.Default()
	st.Sets = []state.Set{{Node: "Root", Field: "scale", Values: []float64{3, 1, 1}}}
	st.Mode = modes.AccumulateMatrices.Name
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	b := m.Scene.Index("B")
	xLen := func() float64 {
		m.Recompute(0, 800, 600)
		w := m.World[0][b]
		return math.Sqrt(w[0]*w[0] + w[1]*w[1] + w[2]*w[2])
	}
	if l := xLen(); math.Abs(l-1) > 1e-12 {
		t.Fatalf("B's x column under matrices: %g, want 1", l)
	}
	m.SetRule(b, scene.RuleBlenderNone)
	if l := xLen(); math.Abs(l-4) > 1e-12 {
		t.Fatalf("B's x column under blender-none on B: %g, want 4", l)
	}
	var sh state.State
	m.Share(&sh)
	found := false
	for _, s := range sh.Sets {
		found = found || s.String() == "B.rule=blender-none"
	}
	if !found {
		t.Errorf("Share does not carry B's rule: %v", sh.Sets)
	}
	m.Mode = modes.Index(modes.AccumulateTRS.Name)
	m.Recompute(0, 800, 600)
	text := ""
	for _, l := range m.ReadoutLines(nil) {
		text += l.Text + "\n"
	}
	if !strings.Contains(text, "per-node rules do not apply under accumulate-trs") {
		t.Errorf("readouts under accumulate-trs:\n%s", text)
	}
	m.SetRule(99, scene.RuleMayaSSC) // out of range: nothing happens
	m.Reset()
	if m.Scene.Nodes[b].Rule != scene.RuleFollow {
		t.Errorf("Reset kept B's rule %v", m.Scene.Nodes[b].Rule)
	}
}
