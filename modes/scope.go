package modes

import (
	"fmt"
	"slices"
	"strings"

	"skewlab/scene"
)

// Scope: where an engine rule applies when modes are compared side by
// side (the piston lab's comparison wall, skewlab compare). A seed mode
// (Mode.Seed) always applies to the whole hierarchy. An engine rule (a
// Mode with a Rule that is not accumulate-matrices) applies either to one
// chosen node, every other node keeping what the scene sets
// (ScopeNode, the default: what a rigger does when setting Inherit Scale
// on one bone), or to every node (ScopeAll).

// The scope names, as the CLI and the URL spell them.
const (
	ScopeNode = "node"
	ScopeAll  = "all"
)

// ScopeNames lists the scope names, the default first.
var ScopeNames = []string{ScopeNode, ScopeAll}

// ParseScope returns whether name is ScopeAll (true) or ScopeNode
// (false), or an error that lists the valid names.
func ParseScope(name string) (all bool, err error) {
	switch name {
	case ScopeNode:
		return false, nil
	case ScopeAll:
		return true, nil
	}
	return false, fmt.Errorf("unknown scope %q (valid: %s)", name, strings.Join(ScopeNames, ", "))
}

// Scoped prepares nodes for comparing mode m at picked node picked: it
// copies nodes into dst (reusing its storage; dst and nodes must not
// overlap) and returns the copy with the Mode to run on it, so that
// running.World(copy, ...) gives m's picture in that scope.
//
//   - A seed mode (m.Seed()), or accumulate-matrices itself, applies to
//     the whole hierarchy: the copy is nodes unchanged (per-node rules as
//     the scene sets them, which apply under accumulate-matrices only) and
//     the Mode is m.
//   - An engine rule with all false (ScopeNode): the copy has
//     Rule = m.Rule on node picked only, every other node keeps its own
//     rule, and the Mode is AccumulateMatrices (Blender's Full). Since a
//     root is T*R*S in every rule, a root picked node gives the
//     accumulate-matrices picture; a picked index outside nodes changes
//     no node, which also gives it.
//   - An engine rule with all true (ScopeAll): every node's own rule is
//     cleared (scene.RuleFollow) and the Mode is m, the global rule of
//     every node.
//
// A Mode that is neither seed nor matrix-based (a zero Mode) is treated
// as a seed mode. It allocates only when dst must grow.
func Scoped(dst, nodes []scene.Node, m Mode, picked int, all bool) ([]scene.Node, Mode) {
	dst = append(dst[:0], nodes...)
	if m.Seed() || !m.PerNode() || m.Rule == scene.RuleMatrices {
		return dst, m
	}
	if all {
		for i := range dst {
			dst[i].Rule = scene.RuleFollow
		}
		return dst, m
	}
	if picked >= 0 && picked < len(dst) {
		dst[picked].Rule = m.Rule
	}
	return dst, AccumulateMatrices
}

// Reach counts the nodes that mode m governs in a run of the mode run on
// nodes (as Scoped prepared them, or a scene as the main view draws it):
// under a TRS-based run (run.PerNode() false: per-node rules do not
// apply) every node, when m is run; under a matrix-based run the nodes
// whose own rule is m's (scene.Node.Rule), and those without one when run
// is m. A root counts like any node, though every rule draws a root as
// T*R*S. only is that node's index when count is 1, else -1. It
// allocates nothing and takes time linear in len(nodes).
func Reach(nodes []scene.Node, run, m Mode) (count, only int) {
	only = -1
	if !run.PerNode() {
		if run.Name != m.Name {
			return 0, -1
		}
		if len(nodes) == 1 {
			only = 0
		}
		return len(nodes), only
	}
	if !m.PerNode() {
		return 0, -1
	}
	for i := range nodes {
		r := nodes[i].Rule
		if r == scene.RuleFollow {
			r = run.Rule
		}
		if r == m.Rule {
			count++
			only = i
		}
	}
	if count != 1 {
		only = -1
	}
	return count, only
}

// ReachText says in a few words where a rule applies, from Reach's
// count and only over nodes: "all nodes" (count is len(nodes), one node
// or more), "on B only" (the one node's name), "on no node", or "on 3 of
// 7 nodes". The wall's panes, the Rules window and the Readouts window
// show it.
func ReachText(nodes []scene.Node, count, only int) string {
	switch {
	case count == len(nodes) && count > 0:
		return "all nodes"
	case count == 1 && only >= 0 && only < len(nodes):
		return "on " + nodes[only].Name + " only"
	case count <= 0:
		return "on no node"
	}
	return fmt.Sprintf("on %d of %d nodes", count, len(nodes))
}

// ParseList parses a list of mode names, "all" or "a,b,...", into
// indices of All: "all" is every mode in All order; a list keeps its
// order and drops repeats. An empty list or an unknown name is an error
// that lists the valid names ("all" and every mode name).
func ParseList(text string) ([]int, error) {
	if text == ScopeAll {
		out := make([]int, len(All))
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	var out []int
	for _, name := range strings.Split(text, ",") {
		i := Index(name)
		if i < 0 {
			return nil, fmt.Errorf("unknown mode %q (valid: all, %s)", name, strings.Join(Names(), ", "))
		}
		if !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	return out, nil
}

// FormatList is ParseList's inverse: "all" when list is every mode in All
// order, else the names joined by commas ("" for an empty list).
// Indices outside All are left out.
func FormatList(list []int) string {
	if len(list) == len(All) {
		every := true
		for i, k := range list {
			every = every && i == k
		}
		if every {
			return ScopeAll
		}
	}
	var names []string
	for _, k := range list {
		if k >= 0 && k < len(All) {
			names = append(names, All[k].Name)
		}
	}
	return strings.Join(names, ",")
}
