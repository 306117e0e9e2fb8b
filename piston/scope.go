package piston

import (
	"fmt"

	"skewlab/modes"
	"skewlab/scene"
)

// One scope per name: the main view, the wall's panes, the Rules window
// and the readouts say where the rule they show applies ("on B only",
// "all nodes", modes.ReachText), and a click on a pane makes the main
// view draw exactly that pane (ChoosePane), with per-node rules when the
// pane applied its rule to one node. Those rules stay visible (the Nodes
// window's rule choosers, the readouts' head, PaneNote over the picture)
// until the user chooses a mode (ChooseMode gives the earlier rules
// back), edits a rule (SetRule keeps them), or resets the scene.

// ChooseMode makes mode i the global mode, as the Mode window's chooser
// and the number keys do. Rules a pane click put in place (ChoosePane;
// PaneRules) are withdrawn first, every node getting back the rule it
// had before, so that the chosen mode draws the scene as the user made
// it: a mode chosen by name applies to every node, as it always did. An
// index outside modes.All changes nothing.
func (m *Model) ChooseMode(i int) {
	if i < 0 || i >= len(modes.All) {
		return
	}
	if len(m.authored) == len(m.Scene.Nodes) {
		for k := range m.Scene.Nodes {
			m.Scene.Nodes[k].Rule = m.authored[k]
		}
	}
	m.authored = nil
	m.Mode = i
	m.Touch()
}

// PaneRules reports whether per-node rules that a click on a wall pane
// put in place (ChoosePane) are in the scene: ChooseMode would give the
// earlier rules back.
func (m *Model) PaneRules() bool { return m.authored != nil }

// ComparedNodes appends to dst the scene's nodes with the rules the
// comparisons start from (the wall's panes, the Rules window): the rules
// as they were before any pane click (PaneRules), else the scene's own.
// It allocates only when dst must grow.
func (m *Model) ComparedNodes(dst []scene.Node) []scene.Node {
	dst = append(dst[:0], m.Scene.Nodes...)
	if len(m.authored) == len(dst) {
		for k := range dst {
			dst[k].Rule = m.authored[k]
		}
	}
	return dst
}

// DrawnUnder returns the mode (index in modes.All) that draws node i in
// the main view, and where it applies (modes.ReachText over the scene's
// nodes): the global Mode, or under a matrix-based Mode the node's own
// rule when it has one. Out of range, i gives Mode and "".
func (m *Model) DrawnUnder(i int) (mode int, where string) {
	mode = m.drawnMode(i)
	if i < 0 || i >= len(m.Scene.Nodes) || m.Mode < 0 || m.Mode >= len(modes.All) {
		return mode, ""
	}
	count, only := modes.Reach(m.Scene.Nodes, modes.All[m.Mode], modes.All[mode])
	return mode, modes.ReachText(m.Scene.Nodes, count, only)
}

// drawnMode is DrawnUnder's mode, without allocating.
func (m *Model) drawnMode(i int) int {
	if i < 0 || i >= len(m.Scene.Nodes) || m.Mode < 0 || m.Mode >= len(modes.All) {
		return m.Mode
	}
	if r := m.Scene.Nodes[i].Rule; modes.All[m.Mode].PerNode() && r != scene.RuleFollow {
		return modes.Index(r.String())
	}
	return m.Mode
}

// ReadoutHead is the Readouts window's first line: the picked node, the
// rule that draws it and where that rule applies ("B under maya-ssc (on
// B only)", "B under accumulate-trs (all nodes)"); "" when no node is
// picked.
func (m *Model) ReadoutHead() string {
	return string(m.AppendReadoutHead(nil))
}

// AppendReadoutHead appends ReadoutHead's line to b (nothing when Picked
// is no node), without allocating when b has room.
func (m *Model) AppendReadoutHead(b []byte) []byte {
	if m.Picked < 0 || m.Picked >= len(m.Scene.Nodes) {
		return b
	}
	mode, where := m.DrawnUnder(m.Picked)
	b = append(append(b, m.Scene.Nodes[m.Picked].Name...), " under "...)
	b = append(append(b, ModeName(mode)...), " ("...)
	return append(append(b, where...), ')')
}

// PaneNote says, for the picture, what per-node rules a pane click put
// in place (PaneRules) and how to undo them: "maya-ssc on B only, from
// the wall: choose a mode or Reset (R) to undo" when it gave one node a
// rule, "own rules of 2 nodes changed by the wall: ..." otherwise. It is
// "" without such rules, and while the wall is shown (its panes say where
// their rules apply). It allocates nothing: ChoosePane writes the note.
func (m *Model) PaneNote() string {
	if m.authored == nil || m.walling() {
		return ""
	}
	return m.paneNote
}

// notePane writes PaneNote's text for the rules in place.
func (m *Model) notePane() {
	m.paneNote = ""
	if m.authored == nil || len(m.authored) != len(m.Scene.Nodes) {
		return
	}
	changed, last := 0, -1
	for k := range m.Scene.Nodes {
		if m.Scene.Nodes[k].Rule != m.authored[k] {
			changed, last = changed+1, k
		}
	}
	const undo = "choose a mode or Reset (R) to undo"
	if changed == 1 && m.Scene.Nodes[last].Rule != scene.RuleFollow && modes.All[m.Mode].PerNode() {
		mode, where := m.DrawnUnder(last)
		m.paneNote = fmt.Sprintf("%s %s, from the wall: %s", ModeName(mode), where, undo)
		return
	}
	m.paneNote = fmt.Sprintf("own rules of %d nodes changed by the wall: %s", changed, undo)
}
