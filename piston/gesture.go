package piston

import (
	"fmt"

	"skewlab/state"
)

// FoldParam is the fold setting: -fold (URL fold=1) applies residual
// folding (modes.FoldResiduals, the Fold button) to the scene once it is
// loaded, so a link or a tour step can open on the re-authored scene.
// Share writes the folded values as sets instead.
var FoldParam = state.Bool("fold", "apply residual folding to the scene once loaded (the Fold button: each node keeps its uniform scale, its children take the rest)",
	func(s *state.State) *bool { return &s.Fold })

// CheckGesture is the piston lab's state.Lab.CheckGesture: it plays
// sweeps (state.GestureSweep) of a node of st's scene; any other kind is
// an error.
func CheckGesture(st state.State, g state.Gesture) error {
	if g.Kind != state.GestureSweep {
		return fmt.Errorf("gesture %s: the piston lab plays only sweeps", g.Kind)
	}
	sc, err := st.ViewScene()
	if err != nil {
		return err
	}
	set, err := g.SweepSet(0)
	if err != nil {
		return err
	}
	if sc.Index(set.Node) < 0 {
		return fmt.Errorf("gesture sweep: unknown node %q (valid: %v)", set.Node, sc.Names())
	}
	return nil
}

// ApplySet writes the edit s (a position, euler or scale set, as a sweep
// makes them) into the node's slider values and marks the picture out of
// date. An unknown node or another field is an error and changes nothing.
func (m *Model) ApplySet(s state.Set) error {
	i := m.Scene.Index(s.Node)
	if i < 0 || i >= len(m.Edits) || len(s.Values) != 3 {
		return fmt.Errorf("set %s: unknown node or wrong count of numbers", s)
	}
	v := [3]float64{s.Values[0], s.Values[1], s.Values[2]}
	e := &m.Edits[i]
	switch s.Field {
	case "position":
		e.Position = v
	case "euler":
		e.Euler = v
	case "scale":
		e.Scale = v
	default:
		return fmt.Errorf("set %s: field %s cannot be played", s, s.Field)
	}
	m.Touch()
	return nil
}
