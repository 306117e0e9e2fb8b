package piston

import (
	"math"
	"strings"
	"testing"

	"skewlab/compare"
	"skewlab/modes"
	"skewlab/scene"
)

// The piston at Root scale (3, 1, 1), A turned 38 degrees about y, B (no
// rotation of its own) picked, by hand. With c = cos 38°, s = sin 38°, the
// columns of diag(3,1,1)*Ry(38) are (3c, 0, -s), (0, 1, 0), (3s, 0, c):
// lengths l1 = sqrt(9c²+s²), 1, l3 = sqrt(9s²+c²), the first and last at
// an angle whose cosine is 8sc/(l1*l3), so 52.2974 degrees off square.
//   - maya-ssc on B only: B3 = diag(3,1,1)*Ry*diag(4,4,.5) (A's own scale
//     cancelled): that skew, volume 3*8 = 24.
//   - blender-none-legacy on B only: B3 = colnorm(that)*diag(4,4,.5): the
//     same skew, volume 8*3/(l1*l3) = 4.8925.
//   - maya-ssc and blender-none-legacy on every node: no parent keeps a
//     scale, B3 = Ry*diag(4,4,.5): skew 0, volume 8.
func handPiston() (skew, legacyVol float64) {
	a := 38 * math.Pi / 180
	c, s := math.Cos(a), math.Sin(a)
	l1, l3 := math.Sqrt(9*c*c+s*s), math.Sqrt(9*s*s+c*c)
	return 90 - math.Acos(8*s*c/(l1*l3))*180/math.Pi, 24 / (l1 * l3)
}

// bReadout is B's readout in the main view as the last Recompute drew
// it.
func bReadout(m *Model) modes.Readout {
	return modes.Analyze(m.Nodes(), m.World[0], m.Picked)
}

// TestChoosePaneKeepsTheNumbers: for every mode and both scopes, choosing
// its pane and leaving the wall shows B in the main view with the skew and
// volume the pane showed (to 1e-12), and both agree with compare's row
// for that rule and scope (compare.Compute on the scene as loaded, a
// separate path from the model's per-node rules); the hand values of
// handPiston hold for maya-ssc and blender-none-legacy.
func TestChoosePaneKeepsTheNumbers(t *testing.T) {
	const tol = 1e-12
	skew, legacy := handPiston()
	hand := map[[2]string][2]float64{
		{"node", "maya-ssc"}: {skew, 24}, {"node", "blender-none-legacy"}: {skew, legacy},
		{"all", "maya-ssc"}: {0, 8}, {"all", "blender-none-legacy"}: {0, 8},
		{"node", "accumulate-matrices"}: {skew, 3}, {"all", "accumulate-matrices"}: {skew, 3},
	}
	for _, scope := range modes.ScopeNames {
		ref := wallModel(t, "?wall&scope="+scope)
		sc := compare.ScopeNode
		if scope == modes.ScopeAll {
			sc = compare.ScopeAll
		}
		ref.ApplyEdits()
		rows := compare.Compute(ref.Scene.Nodes, ref.Picked, modes.All, sc)
		for k, md := range modes.All {
			m := wallModel(t, "?wall&scope="+scope)
			m.Recompute(342, 596, 720)
			pane := m.Wall.Panes[k].Readout
			if !m.ChoosePane(k) {
				t.Fatalf("pane %d refused", k)
			}
			m.SetWall(false)
			m.Recompute(0, 1280, 720)
			got := bReadout(m)
			if !got.SkewOK || !got.VolumeOK || math.Abs(got.SkewDeg-pane.SkewDeg) > tol || math.Abs(got.Volume-pane.Volume) > tol {
				t.Errorf("scope %s, %s: main view skew %v vol %v, pane %v %v", scope, md.Name, got.SkewDeg, got.Volume, pane.SkewDeg, pane.Volume)
			}
			if r := rows[k]; r.SkewDegrees == nil || r.Volume == nil || math.Abs(*r.SkewDegrees-got.SkewDeg) > 1e-9 || math.Abs(*r.Volume-got.Volume) > 1e-9 {
				t.Errorf("scope %s, %s: main view %v %v, compare's row %v %v", scope, md.Name, got.SkewDeg, got.Volume, r.SkewDegrees, r.Volume)
			}
			if h, ok := hand[[2]string{scope, md.Name}]; ok && (math.Abs(got.SkewDeg-h[0]) > 1e-9 || math.Abs(got.Volume-h[1]) > 1e-9) {
				t.Errorf("scope %s, %s: skew %.6f vol %.6f, by hand %.6f %.6f", scope, md.Name, got.SkewDeg, got.Volume, h[0], h[1])
			}
		}
	}
	if math.Abs(skew-52.2974) > 5e-5 || math.Abs(legacy-4.8925) > 5e-5 {
		t.Errorf("hand values %.5f %.5f, want 52.2974 and 4.8925 (compare's table in the README)", skew, legacy)
	}
}

// TestPaneRulesAreShownAndUndone: a click on maya-ssc's pane (scope node)
// gives B the rule, which the readouts' head and the note over the picture
// say; choosing a mode gives the rules back (B follows maya-ssc on every
// node: volume 8), Reset does too, and a rule set by hand afterwards keeps
// them.
func TestPaneRulesAreShownAndUndone(t *testing.T) {
	m := wallModel(t, "?wall")
	b, maya := m.Picked, modes.Index(modes.MayaSSC.Name)
	m.Recompute(342, 596, 720)
	m.ChoosePane(maya)
	if !m.PaneRules() || m.Scene.Nodes[b].Rule != scene.RuleMayaSSC || m.Mode != modes.Index(modes.AccumulateMatrices.Name) {
		t.Fatalf("after the click: pane rules %v, B's rule %v, mode %s", m.PaneRules(), m.Scene.Nodes[b].Rule, ModeName(m.Mode))
	}
	if m.PaneNote() != "" {
		t.Errorf("note %q while the wall is shown", m.PaneNote())
	}
	m.SetWall(false)
	if h := m.ReadoutHead(); h != "B under maya-ssc (on B only)" {
		t.Errorf("head %q", h)
	}
	// B's volume is compared with accumulate-matrices' (3), though the
	// global mode is accumulate-matrices: B is drawn under maya-ssc.
	m.Recompute(0, 1280, 720)
	var vol string
	for _, l := range m.ReadoutLines(nil) {
		if strings.HasPrefix(l.Text, "volume") {
			vol = l.Text
		}
	}
	if vol != "volume     24.000, matrices 3.000, +700.0%" {
		t.Errorf("volume line %q", vol)
	}
	if n := m.PaneNote(); !strings.HasPrefix(n, "maya-ssc on B only, from the wall") || !strings.Contains(strings.Join(m.Notes(), "\n"), n) {
		t.Errorf("note %q, notes %q", n, m.Notes())
	}
	m.ChooseMode(maya)
	m.Recompute(0, 1280, 720)
	if m.PaneRules() || m.Scene.Nodes[b].Rule != scene.RuleFollow || m.PaneNote() != "" {
		t.Errorf("after choosing maya-ssc: pane rules %v, B's rule %v, note %q", m.PaneRules(), m.Scene.Nodes[b].Rule, m.PaneNote())
	}
	if r := bReadout(m); math.Abs(r.Volume-8) > 1e-12 || math.Abs(r.SkewDeg) > 1e-9 {
		t.Errorf("maya-ssc on every node: skew %v vol %v, want 0 and 8", r.SkewDeg, r.Volume)
	}
	if h := m.ReadoutHead(); h != "B under maya-ssc (all nodes)" {
		t.Errorf("head %q", h)
	}

	m.SetWall(true)
	m.Recompute(342, 596, 720)
	m.ChoosePane(maya)
	m.Reset()
	if m.PaneRules() || m.Scene.Nodes[b].Rule != scene.RuleFollow {
		t.Errorf("after Reset: pane rules %v, B's rule %v", m.PaneRules(), m.Scene.Nodes[b].Rule)
	}
	m.Recompute(342, 596, 720)
	m.ChoosePane(maya)
	m.SetRule(m.Scene.Index("A"), scene.RuleBlenderNone)
	m.ChooseMode(1)
	if m.Scene.Nodes[b].Rule != scene.RuleMayaSSC || m.Scene.Nodes[m.Scene.Index("A")].Rule != scene.RuleBlenderNone {
		t.Errorf("rules edited after a click: B %v, A %v; want both kept", m.Scene.Nodes[b].Rule, m.Scene.Nodes[m.Scene.Index("A")].Rule)
	}
}

// TestScopeAllPaneClearsAndRestoresOwnRules: with a rule of A's own
// (-set A.rule=blender-none), a scope-all pane clears it in the main view
// as the pane did, and choosing a mode gives it back.
func TestScopeAllPaneClearsAndRestoresOwnRules(t *testing.T) {
	m := wallModel(t, "?wall&scope=all&set=A.rule=blender-none")
	a := m.Scene.Index("A")
	m.Recompute(342, 596, 720)
	maya := modes.Index(modes.MayaSSC.Name)
	pane := m.Wall.Panes[maya].Readout
	m.ChoosePane(maya)
	if m.Scene.Nodes[a].Rule != scene.RuleFollow || m.Mode != maya {
		t.Fatalf("scope all: A's rule %v, mode %s", m.Scene.Nodes[a].Rule, ModeName(m.Mode))
	}
	m.SetWall(false)
	m.Recompute(0, 1280, 720)
	if r := bReadout(m); math.Abs(r.Volume-pane.Volume) > 1e-12 || math.Abs(r.Volume-8) > 1e-12 {
		t.Errorf("B's volume %v, pane %v, want 8", r.Volume, pane.Volume)
	}
	if n := m.PaneNote(); !strings.Contains(n, "own rules of 1 nodes changed by the wall") {
		t.Errorf("note %q", n)
	}
	m.ChooseMode(0)
	if m.Scene.Nodes[a].Rule != scene.RuleBlenderNone {
		t.Errorf("A's rule %v after choosing a mode, want blender-none back", m.Scene.Nodes[a].Rule)
	}
}

// TestWallStaysWhenClicked: clicking one pane after another leaves every
// pane's worlds as they were (the panes start from the rules before the
// clicks), and only the clicked pane is outlined as the main view's.
func TestWallStaysWhenClicked(t *testing.T) {
	for _, scope := range modes.ScopeNames {
		m := wallModel(t, "?wall&scope="+scope)
		m.Recompute(342, 596, 720)
		before := make([][]float64, len(m.Wall.Panes))
		for k, p := range m.Wall.Panes {
			for _, w := range p.World {
				before[k] = append(before[k], w[:]...)
			}
		}
		for k := range m.Wall.Panes {
			m.ChoosePane(k)
			m.Recompute(342, 596, 720)
			for j, p := range m.Wall.Panes {
				var now []float64
				for _, w := range p.World {
					now = append(now, w[:]...)
				}
				for i := range now {
					if now[i] != before[j][i] {
						t.Fatalf("scope %s: after clicking %s, pane %s changed", scope, modes.All[k].Name, modes.All[j].Name)
					}
				}
				if p.Chosen != (j == k) {
					t.Errorf("scope %s: after clicking %s, pane %s chosen %v", scope, modes.All[k].Name, modes.All[j].Name, p.Chosen)
				}
			}
		}
	}
}

// TestWallPanesSayTheirScope: with scope node, a seed mode's pane says
// "all nodes" and an engine rule's "on B only"; with scope all every pane
// says "all nodes"; the text is among the pane's labels, and no engines
// line is cut, at 1280x720 UI 1x and 1920x1080 UI 2x.
func TestWallPanesSayTheirScope(t *testing.T) {
	for _, scope := range modes.ScopeNames {
		for _, b := range bands {
			m := wallModel(t, "?wall&scope="+scope)
			m.LabelScale = b.s
			m.Recompute(b.x, b.w, b.h)
			for _, p := range m.Wall.Panes {
				md := modes.All[p.Mode]
				want := "all nodes"
				if scope == modes.ScopeNode && !md.Seed() {
					want = "on B only"
				}
				if p.Scope != want {
					t.Errorf("scope %s, band %v, %s: %q, want %q", scope, b, md.Name, p.Scope, want)
				}
				var text []string
				for _, l := range p.Frame.Labels {
					text = append(text, l.Text)
				}
				all := strings.Join(text, "|")
				if !strings.Contains(all, want) && !strings.Contains(all, strings.Fields(want)[0]) {
					t.Errorf("band %v, %s: labels %q lack %q", b, md.Name, all, want)
				}
				if len(p.Engines) == 0 || len(p.Engines) > WallEngineLines || strings.Contains(strings.Join(p.Engines, " "), "…") {
					t.Errorf("band %v, %s: engines %q", b, md.Name, p.Engines)
				}
			}
		}
	}
}
