package piston

import "skewlab/scene"

// SetRule gives node i its own rule (scene.RuleFollow: follow the global
// mode again), as the Nodes window's rule chooser does, and marks the
// picture out of date. An index out of range or a rule outside the
// enumeration changes nothing. The rule applies under the matrix-based
// modes only (modes.Mode.PerNode); Reset restores the loaded rules. The
// rules a pane click put in place (ChoosePane), shown in the same
// chooser, become the user's own: ChooseMode no longer withdraws them.
func (m *Model) SetRule(i int, r scene.Rule) {
	if i < 0 || i >= len(m.Scene.Nodes) || !r.Valid() {
		return
	}
	m.Scene.Nodes[i].Rule = r
	m.authored = nil
	m.Touch()
}
