package scene

import (
	"fmt"
	"strings"
)

// Rule is a node's own world-transform rule, set per node as Blender sets
// Inherit Scale per bone. RuleFollow (the zero value) means the node
// follows the global mode. The other values name a matrix-based rule of
// package modes (accumulate-matrices, Blender's inherit-scale modes,
// Maya's segment scale compensate); modes.Mode.Rule links each to its
// mode, and the modes tests check that the names agree. A per-node rule
// applies only under a matrix-based global mode (a Mode whose Rule is not
// RuleFollow); under the TRS-based modes it is ignored.
type Rule uint8

// The per-node rules, in menu order (package modes lists its modes in the
// same order).
const (
	RuleFollow            Rule = iota // no rule of its own: the global mode
	RuleMatrices                      // accumulate-matrices (Blender's Full)
	RuleBlenderFixShear               // blender-fix-shear
	RuleBlenderAverage                // blender-average
	RuleBlenderNone                   // blender-none
	RuleBlenderNoneLegacy             // blender-none-legacy
	RuleBlenderAligned                // blender-aligned
	RuleMayaSSC                       // maya-ssc
	ruleCount
)

// ruleNames are the names of the rules, indexed by Rule: the mode names
// of the CLI, URL, UI and scene files. RuleFollow has none.
var ruleNames = [ruleCount]string{"", "accumulate-matrices", "blender-fix-shear", "blender-average",
	"blender-none", "blender-none-legacy", "blender-aligned", "maya-ssc"}

// RuleFollowName is how -set NODE.rule=... and the UI spell RuleFollow:
// the node drops its own rule and follows the global mode again.
const RuleFollowName = "global"

// String returns the rule's mode name, RuleFollowName for RuleFollow, or
// "rule(N)" for a value outside the enumeration.
func (r Rule) String() string {
	if r == RuleFollow {
		return RuleFollowName
	}
	if r < ruleCount {
		return ruleNames[r]
	}
	return fmt.Sprintf("rule(%d)", int(r))
}

// Valid reports whether r is RuleFollow or one of the named rules (not
// a value outside the enumeration).
func (r Rule) Valid() bool { return r < ruleCount }

// Rules returns every per-node rule except RuleFollow, in menu order.
func Rules() []Rule {
	out := make([]Rule, 0, ruleCount-1)
	for r := RuleMatrices; r < ruleCount; r++ {
		out = append(out, r)
	}
	return out
}

// RuleNames returns the names ParseRule accepts: RuleFollowName, then
// every rule's mode name in menu order.
func RuleNames() []string {
	out := []string{RuleFollowName}
	for _, r := range Rules() {
		out = append(out, r.String())
	}
	return out
}

// ParseRule returns the rule called name (a mode name from RuleNames, or
// RuleFollowName), or an error that lists the valid names.
func ParseRule(name string) (Rule, error) {
	if name == RuleFollowName {
		return RuleFollow, nil
	}
	for r := RuleMatrices; r < ruleCount; r++ {
		if ruleNames[r] == name {
			return r, nil
		}
	}
	return RuleFollow, fmt.Errorf("unknown rule %q (valid: %s)", name, strings.Join(RuleNames(), ", "))
}
