package compare

import (
	"math"
	"strings"
	"testing"

	"skewlab/modes"
	"skewlab/scene"
)

// pistonWithRule returns the piston with Root scale (3,1,1), A at its 90
// degrees about y, and A carrying maya-ssc as its own rule.
func pistonWithRule(t *testing.T) *scene.Scene {
	t.Helper()
	sc, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	sc.Nodes[sc.Index("Root")].Local.Scale = scene.Vec3(3, 1, 1)
	sc.Nodes[sc.Index("A")].Rule = scene.RuleMayaSSC
	return sc
}

// The scope semantics with a per-node rule in the scene, by hand (R =
// Ry(90), B's scale (4,4,.5), det 8):
//   - A under its maya-ssc: A3 = diag(3,1,1) diag(1/3,1,1) R diag(.25,.25,2)
//     = R diag(.25,.25,2) (det .125); without it A3 = diag(3,1,1) R
//     diag(.25,.25,2) (det .375, columns orthogonal).
//   - seed accumulate-matrices keeps A's rule: B = A3 diag(4,4,.5), volume 1;
//     seed accumulate-trs ignores it: per-axis scales (3,1,1)(.25,.25,2)
//     (4,4,.5) = (3,1,1), volume 3.
//   - scope node keeps A's rule: blender-fix-shear at B is A3 S (A3 is
//     orthogonal): volume .125*8 = 1; blender-none at B is R S: 8;
//     maya-ssc at B is A3 diag(4,4,1/2) S = R S: 8.
//   - scope all clears A's rule: fix-shear everywhere keeps the matrices'
//     volumes (no parent is sheared): .375*8 = 3; maya-ssc everywhere
//     cancels each parent's scale: B3 = R S, volume 8.
func TestScopeWithPerNodeRules(t *testing.T) {
	const tol = 1e-12
	sc := pistonWithRule(t)
	b := sc.Index("B")
	list, err := ParseRules("accumulate-matrices,accumulate-trs,blender-fix-shear,blender-none,maya-ssc")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		scope Scope
		want  []float64
	}{
		{ScopeNode, []float64{1, 3, 1, 8, 8}},
		{ScopeAll, []float64{1, 3, 3, 8, 8}},
	} {
		rows := Compute(sc.Nodes, b, list, c.scope)
		for i, r := range rows {
			if r.Volume == nil || !(math.Abs(*r.Volume-c.want[i]) <= tol) {
				t.Errorf("scope %v, %s: volume %v, want %g", c.scope, r.Mode, r.Volume, c.want[i])
			}
		}
		// The reference is accumulate-matrices with the scene's rules
		// (volume 1): every row's change is against it.
		if r := rows[1]; r.VolumeChangePercent == nil || !(math.Abs(*r.VolumeChangePercent-200) <= 1e-9) {
			t.Errorf("scope %v, accumulate-trs: change %v, want +200%%", c.scope, r.VolumeChangePercent)
		}
	}
	if sc.Nodes[sc.Index("A")].Rule != scene.RuleMayaSSC || sc.Nodes[b].Rule != scene.RuleFollow {
		t.Errorf("Compute changed the scene's rules")
	}
}

func TestParse(t *testing.T) {
	all, err := ParseRules("all")
	if err != nil || len(all) != len(modes.All) {
		t.Fatalf("all: %d, %v", len(all), err)
	}
	for _, bad := range []string{"", ",", "maya-ssc,", "nope", "maya-ssc, maya-ssc", "ALL"} {
		if _, err := ParseRules(bad); err == nil {
			t.Errorf("ParseRules(%q) accepted", bad)
		}
	}
	got, err := ParseRules("maya-ssc, accumulate-trs")
	if err != nil || len(got) != 2 || got[0].Name != "maya-ssc" || got[1].Name != "accumulate-trs" {
		t.Errorf("order: %v %v", got, err)
	}
	for i, n := range ScopeNames {
		if s, err := ParseScope(n); err != nil || s != Scope(i) || s.String() != n {
			t.Errorf("scope %q: %v %v", n, s, err)
		}
	}
	if _, err := ParseScope("Node"); err == nil {
		t.Error("ParseScope(Node) accepted")
	}
	if Compute(nil, 0, all, ScopeNode) != nil || Compute(pistonWithRule(t).Nodes, 3, all, ScopeNode) != nil {
		t.Error("a node out of range gave rows")
	}
}

// A pipe in a node name stays inside its Markdown cell.
func TestMarkdownEscapes(t *testing.T) {
	tb := Table{Preset: "p", Node: "a|b", Scope: "node", Rows: []Row{{Mode: "accumulate-matrices", Engines: []string{}}}}
	md := tb.Markdown()
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "_") && !strings.Contains(l, `a\|b`) {
			t.Errorf("caption not escaped: %q", l)
		}
	}
	if !strings.Contains(md, "| accumulate-matrices | - | - | - | - | - | - | - | - |") {
		t.Errorf("undefined cells should be '-':\n%s", md)
	}
}
