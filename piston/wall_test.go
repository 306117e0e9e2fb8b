package piston

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/transform"
)

// wallModel returns the model of the search string (its wall shown),
// with Root scale (3, 1, 1) and A at 38 degrees about y, B picked.
func wallModel(t testing.TB, search string) *Model {
	st, errs := state.FromSearch(search)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Edits[m.Scene.Index("Root")].Scale = mgl64.Vec3{3, 1, 1}
	m.Edits[m.Scene.Index("A")].Euler = mgl64.Vec3{0, 38, 0}
	m.Picked = m.Scene.Index("B")
	return m
}

// bands are the free bands of the lab at 1280x720 UI 1x (the windows
// leave 596 pixels from x = 342) and at 1920x1080 UI 2x (compact: 1296
// from x = 624), with their label scale.
var bands = []struct{ x, w, h, s float64 }{{342, 596, 720, 1}, {624, 1296, 1080, 2}}

func inside(p mgl64.Vec2, r render.Viewport, tol float64) bool {
	return p[0] >= r.X-tol && p[0] <= r.X+r.W+tol && p[1] >= r.Y-tol && p[1] <= r.Y+r.H+tol
}

// TestWallPanesStayInside: every pane lies in the band, no two overlap,
// and every segment and label box of a pane lies inside its Rect (its
// pistons inside its Picture), at both screen sizes; all ten modes get a
// pane, in modes.All order, seen by the one camera.
func TestWallPanesStayInside(t *testing.T) {
	const tol = 0.5 // pixels
	for _, b := range bands {
		m := wallModel(t, "?wall")
		m.LabelScale = b.s
		m.Recompute(b.x, b.w, b.h)
		if len(m.Wall.Panes) != len(modes.All) {
			t.Fatalf("%d panes, want %d", len(m.Wall.Panes), len(modes.All))
		}
		band := render.Viewport{X: b.x, W: b.w, H: b.h}
		for i := range m.Wall.Panes {
			p := &m.Wall.Panes[i]
			if p.Mode != i {
				t.Errorf("pane %d shows mode %d", i, p.Mode)
			}
			if p.Frame.Camera() != m.Camera {
				t.Errorf("pane %d has its own camera", i)
			}
			if !inside(mgl64.Vec2{p.Rect.X, p.Rect.Y}, band, tol) || !inside(mgl64.Vec2{p.Rect.X + p.Rect.W, p.Rect.Y + p.Rect.H}, band, tol) {
				t.Errorf("band %v: pane %d %v leaves the band", b, i, p.Rect)
			}
			for j := range i {
				q := m.Wall.Panes[j].Rect
				if p.Rect.X < q.X+q.W-tol && q.X < p.Rect.X+p.Rect.W-tol && p.Rect.Y < q.Y+q.H-tol && q.Y < p.Rect.Y+p.Rect.H-tol {
					t.Errorf("panes %d and %d overlap", i, j)
				}
			}
			nPistons := 0
			for _, sg := range p.Frame.Segments {
				if !inside(sg.A, p.Rect, tol) || !inside(sg.B, p.Rect, tol) {
					t.Errorf("band %v pane %d: segment %v-%v outside %v", b, i, sg.A, sg.B, p.Rect)
					break
				}
				if sg.Color != render.PaneBorder && sg.Color != render.White {
					nPistons++
				}
			}
			if nPistons == 0 {
				t.Errorf("band %v pane %d draws no pistons", b, i)
			}
			if len(p.Frame.Labels) < 4 {
				t.Errorf("pane %d has %d labels, want the mode, engines, skew and volume", i, len(p.Frame.Labels))
			}
			for _, l := range p.Frame.Labels {
				lo, hi := render.LabelBox(l, b.s)
				if !inside(lo, p.Rect, tol) || !inside(hi, p.Rect, tol) {
					t.Errorf("band %v pane %d: label %q box %v-%v outside %v", b, i, l.Text, lo, hi, p.Rect)
				}
			}
		}
	}
}

// TestWallEnginePaneChangesOnlyPickedSubtree: with scope node, each
// engine pane draws Root and A exactly as the accumulate-matrices pane
// does and only B (the picked node) differently; the seven matrix-based
// panes give six different B matrices (fix-shear and aligned coincide: B
// has no rotation of its own). maya-ssc's B is, by hand,
// diag(3,1,1)*Ry(38)*diag(4,4,0.5) (A's own scale cancelled).
func TestWallEnginePaneChangesOnlyPickedSubtree(t *testing.T) {
	m := wallModel(t, "?wall")
	m.Recompute(342, 596, 720)
	b := m.Picked
	ref := m.Wall.Panes[modes.Index(modes.AccumulateMatrices.Name)].World
	var bs []mgl64.Mat4
	for _, p := range m.Wall.Panes {
		mode := modes.All[p.Mode]
		if !mode.PerNode() {
			continue
		}
		bs = append(bs, p.World[b])
		for i := range p.World {
			same := p.World[i] == ref[i]
			if i != b && !same {
				t.Errorf("%s: node %d differs from accumulate-matrices", mode.Name, i)
			}
			if i == b && same && mode.Name != modes.AccumulateMatrices.Name {
				t.Errorf("%s: B is drawn as accumulate-matrices draws it", mode.Name)
			}
		}
	}
	distinct := 0
	for i := range bs {
		seen := false
		for j := range i {
			seen = seen || maxAbsDiff(bs[i], bs[j]) < 1e-9
		}
		if !seen {
			distinct++
		}
	}
	if len(bs) != 7 || distinct != 6 {
		t.Errorf("%d matrix-based panes give %d different B matrices, want 7 and 6", len(bs), distinct)
	}
	a := 38 * math.Pi / 180
	ry := mgl64.Mat3FromRows(mgl64.Vec3{math.Cos(a), 0, math.Sin(a)}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{-math.Sin(a), 0, math.Cos(a)})
	want := mgl64.Diag3(mgl64.Vec3{3, 1, 1}).Mul3(ry).Mul3(mgl64.Diag3(mgl64.Vec3{4, 4, 0.5}))
	got := m.Wall.Panes[modes.Index(modes.MayaSSC.Name)].World[b].Mat3()
	for k := range want {
		if math.Abs(got[k]-want[k]) > 1e-12 {
			t.Fatalf("maya-ssc pane: B's W3 %v, want %v", got, want)
		}
	}
	// Scope all: maya-ssc then cancels Root's scale (3, 1, 1) in A too.
	m.SetWallScope(true)
	m.Recompute(342, 596, 720)
	ai := m.Scene.Index("A")
	if pa := m.Wall.Panes[modes.Index(modes.MayaSSC.Name)].World[ai]; maxAbsDiff(pa, ref[ai]) < 1e-3 {
		t.Errorf("scope all: maya-ssc's A %v is matrices' %v", pa, ref[ai])
	}
}

// TestWallClickChoosesMode: a pixel in the middle of pane k picks pane k,
// and choosing it makes the main view draw that pane: a seed mode's pane
// gives its mode, an engine rule's pane (scope node) gives B the rule
// under accumulate-matrices; the wall stays shown. A pixel outside the
// band, or the wall hidden, picks nothing.
func TestWallClickChoosesMode(t *testing.T) {
	m := wallModel(t, "?wall=maya-ssc,skew-stripping,blender-average")
	m.Recompute(342, 596, 720)
	b := m.Scene.Index("B")
	mat := modes.Index(modes.AccumulateMatrices.Name)
	for k, p := range m.Wall.Panes {
		c := mgl64.Vec2{p.Rect.X + p.Rect.W/2, p.Rect.Y + p.Rect.H/2}
		i := m.PaneIndex(c)
		if i != k || !m.ChoosePane(i) || !m.Wall.On {
			t.Errorf("pane %d (%s): index %d, wall %v", k, modes.All[p.Mode].Name, i, m.Wall.On)
		}
		mode, rule := p.Mode, scene.RuleFollow
		if md := modes.All[p.Mode]; !md.Seed() {
			mode, rule = mat, md.Rule
		}
		if m.Mode != mode || m.Scene.Nodes[b].Rule != rule {
			t.Errorf("pane %s: mode %s, B's rule %v; want %s, %v", modes.All[p.Mode].Name, ModeName(m.Mode), m.Scene.Nodes[b].Rule, ModeName(mode), rule)
		}
	}
	if i := m.PaneIndex(mgl64.Vec2{10, 10}); i != -1 || m.ChoosePane(-1) || m.ChoosePane(3) {
		t.Errorf("outside the band: pane %d", i)
	}
	m.ToggleWall()
	if m.PaneIndex(mgl64.Vec2{400, 100}) != -1 {
		t.Error("a hidden wall still takes clicks")
	}
}

// TestWallUndefinedShowsDash: with A scaled to zero, maya-ssc leaves B
// undefined; its pane says "-" and nothing on any pane is NaN.
func TestWallUndefinedShowsDash(t *testing.T) {
	m := wallModel(t, "?wall")
	m.Edits[m.Scene.Index("A")].Scale = mgl64.Vec3{0, 1, 1}
	m.Recompute(342, 596, 720)
	p := m.Wall.Panes[modes.Index(modes.MayaSSC.Name)]
	if p.Readout.Undefined != modes.ReasonUndefined {
		t.Fatalf("maya-ssc's B: %+v, want undefined", p.Readout)
	}
	var text strings.Builder
	for _, l := range p.Frame.Labels {
		text.WriteString(l.Text)
	}
	if !strings.Contains(text.String(), "skew -") || !strings.Contains(text.String(), "vol-") {
		t.Errorf("maya-ssc pane text %q, want skew - and vol -", text.String())
	}
	for _, p := range m.Wall.Panes {
		for _, l := range p.Frame.Labels {
			if strings.Contains(l.Text, "NaN") || strings.Contains(l.Text, "Inf") || !transform.Finite(l.At[0], l.At[1]) {
				t.Errorf("label %q at %v", l.Text, l.At)
			}
		}
		for _, s := range p.Frame.Segments {
			if !transform.Finite(s.A[0], s.A[1], s.B[0], s.B[1]) {
				t.Errorf("segment %v-%v", s.A, s.B)
			}
		}
	}
}

// TestWallDegenerate: an empty band, a zero-size screen and the wall
// toggled off and on give no panic and no segment outside.
func TestWallDegenerate(t *testing.T) {
	m := wallModel(t, "?wall")
	for _, b := range [][3]float64{{0, 0, 0}, {0, 100, 0}, {0, math.NaN(), 720}, {0, 20, 20}} {
		m.Recompute(b[0], b[1], b[2])
		for _, p := range m.Wall.Panes {
			for _, s := range p.Frame.Segments {
				if !transform.Finite(s.A[0], s.A[1], s.B[0], s.B[1]) {
					t.Errorf("band %v: segment %v-%v", b, s.A, s.B)
				}
			}
		}
	}
	m.ToggleWall()
	m.Recompute(0, 640, 480)
	if len(m.Frames[0].Segments) == 0 {
		t.Error("the single picture is empty after leaving the wall")
	}
	m.ToggleWall()
	if !m.Wall.On || len(m.Wall.Modes) != len(modes.All) {
		t.Error("the wall did not come back")
	}
}

// TestWallRecomputeAllocatesNothing: a steady-state frame of the wall
// (spin on: every pane's worlds, projection and text) allocates nothing.
func TestWallRecomputeAllocatesNothing(t *testing.T) {
	m := wallModel(t, "?wall")
	m.Spin = true
	for range 3 {
		m.Recompute(342, 596, 720)
	}
	if n := testing.AllocsPerRun(50, func() { m.Recompute(342, 596, 720) }); n != 0 {
		t.Errorf("a wall Recompute allocates %v times", n)
	}
}

// BenchmarkWallRecompute is a frame of the ten-pane wall with spin on.
func BenchmarkWallRecompute(b *testing.B) {
	m := wallModel(b, "?wall")
	m.Spin = true
	m.Recompute(342, 596, 720)
	b.ReportAllocs()
	for b.Loop() {
		m.Recompute(342, 596, 720)
	}
}

// TestWallShareRoundTrip: the wall's modes and scope survive a Share
// link; a hidden wall leaves wall= out.
func TestWallShareRoundTrip(t *testing.T) {
	m := wallModel(t, "?wall=maya-ssc,accumulate-trs&scope=all")
	m.Recompute(342, 596, 720)
	q := modelState(m, state.Default()).Query()
	if !strings.Contains(q, "wall=maya-ssc%2Caccumulate-trs") || !strings.Contains(q, "scope=all") {
		t.Errorf("share query %q lacks the wall", q)
	}
	again := wallModel(t, "?"+q)
	if !again.Wall.On || !again.Wall.ScopeAll || len(again.Wall.Modes) != 2 || again.Wall.Modes[0] != modes.Index("maya-ssc") {
		t.Errorf("%q reopens as %+v", q, again.Wall)
	}
	m.ToggleWall()
	m.SetWallScope(false)
	if q := modelState(m, state.Default()).Query(); strings.Contains(q, "wall") || strings.Contains(q, "scope") {
		t.Errorf("hidden wall: share query %q", q)
	}
	if q := modelState(wallModel(t, "?wall"), state.Default()).Query(); !strings.Contains(q, "wall=all") {
		t.Errorf("all modes: share query %q", q)
	}
}

func TestWallParam(t *testing.T) {
	for search, want := range map[string]string{"?wall": "all", "?wall=1": "all", "?wall=all": "all", "?wall=0": "",
		"?wall=maya-ssc": "maya-ssc", "?wall=" + strings.Join(modes.Names(), ","): "all"} {
		st, errs := state.FromSearch(search)
		if len(errs) != 0 || st.Wall != want {
			t.Errorf("%s: wall %q %v, want %q", search, st.Wall, errs, want)
		}
	}
	_, errs := state.FromSearch("?wall=maya")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "valid: all, accumulate-matrices") {
		t.Errorf("bad wall: %v", errs)
	}
	_, errs = state.FromSearch("?scope=tree")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "node, all") {
		t.Errorf("bad scope: %v", errs)
	}
	// table: the Rules window at launch; bare means true, and the query
	// writes it back only when true.
	for search, want := range map[string]bool{"?table": true, "?table=1": true, "?table=0": false, "?mode=blender-none": false} {
		st, errs := state.FromSearch(search)
		if len(errs) != 0 || st.Table != want {
			t.Errorf("%s: table %v %v, want %v", search, st.Table, errs, want)
		}
		if q := st.Query(); strings.Contains(q, "table") != want {
			t.Errorf("%s: query %q", search, q)
		}
	}
	if _, errs := state.FromSearch("?table=maybe"); len(errs) != 1 || !strings.Contains(errs[0].Error(), "not true or false") {
		t.Errorf("bad table: %v", errs)
	}
}

// TestFitEngines: the engines wrap at spaces into the lines given, the
// most informative text that fits first; a name is cut (with "…") only
// when no text fits, in a pane narrower than a word.
func TestFitEngines(t *testing.T) {
	names := []string{"Unity GameObject", "Godot Node3D", "three.js", "Bevy"}
	for _, c := range []struct {
		chars, lines int
		want         []string
	}{
		{40, 1, []string{"Unity GameObject, Godot Node3D +2"}},
		{33, 1, []string{"Unity GameObject, Godot Node3D +2"}},
		{32, 1, []string{"Unity GameObject +3"}},
		{20, 2, []string{"Unity GameObject,", "Godot Node3D +2"}},
		{16, 2, []string{"Unity", "GameObject +3"}},
		{12, 2, []string{"Unity", "GameObject…"}},
		{8, 2, []string{"Unity", "GameObj…"}},
		{3, 1, []string{"Un…"}},
		{0, 2, nil},
		{30, 0, nil},
	} {
		if got := FitEngines(nil, names, c.chars, c.lines); !slices.Equal(got, c.want) {
			t.Errorf("FitEngines(%d, %d) = %q, want %q", c.chars, c.lines, got, c.want)
		}
	}
	fix := []string{"Blender bone, Inherit Scale = Fix Shear"}
	for _, c := range []struct {
		chars, lines int
		want         []string
	}{
		{39, 1, fix},
		{38, 1, []string{"Blender bone, Fix Shear"}},
		{23, 1, []string{"Blender bone, Fix Shear"}},
		{22, 1, []string{"Blender bone, Fix…"}},
		{22, 2, []string{"Blender bone, Inherit", "Scale = Fix Shear"}},
		{13, 2, []string{"Blender bone,", "Fix Shear"}},
	} {
		if got := FitEngines(nil, fix, c.chars, c.lines); !slices.Equal(got, c.want) {
			t.Errorf("one long name in %d x %d: %q, want %q", c.chars, c.lines, got, c.want)
		}
	}
	// The two cut names, in the 26 characters of a pane at
	// 1920x1080, UI 2x: whole words on two lines.
	for mode, want := range map[string][]string{
		"uniform-inner-scale": {"Unity Entities, uniform", "LocalTransform scale"},
		"maya-ssc":            {"Maya joint, Segment Scale", "Compensate +2"},
	} {
		if got := FitEngines(nil, modes.EngineNames(mode), 26, 2); !slices.Equal(got, want) {
			t.Errorf("%s in 26 x 2: %q, want %q", mode, got, want)
		}
	}
	if got := ShortEngine("Maya joint, Segment Scale Compensate"); got != "Maya joint, Segment Scale Compensate" {
		t.Errorf("ShortEngine without a setting: %q", got)
	}
	if FitEngines(nil, nil, 30, 2) != nil {
		t.Error("no engines")
	}
}

// TestNextLine: lines break at the last space that fits, inside a word
// only when it is longer than the line; runes count, not bytes.
func TestNextLine(t *testing.T) {
	for _, c := range []struct {
		text       string
		chars      int
		line, rest string
		wrapped    int
	}{
		{"abc def", 7, "abc def", "", 1},
		{"abc def", 6, "abc", "def", 2},
		{"abc def", 3, "abc", "def", 2},
		{"abcdef gh", 4, "abcd", "ef gh", 3},
		{"  abc", 3, "abc", "", 1},
		{"é° x", 2, "é°", "x", 2},
		{"skew 52.3°  vol", 11, "skew 52.3°", "vol", 2},
		{"Godot Node3D +6", 14, "Godot", "Node3D +6", 2},
		{"ab +6", 3, "ab", "+6", 2},
		{"", 5, "", "", 0},
		{"ab", 0, "a", "b", 2},
	} {
		line, rest := nextLine(c.text, c.chars)
		if line != c.line || rest != c.rest {
			t.Errorf("nextLine(%q, %d) = %q, %q; want %q, %q", c.text, c.chars, line, rest, c.line, c.rest)
		}
		if n := wrapCount(c.text, c.chars); n != c.wrapped {
			t.Errorf("wrapCount(%q, %d) = %d, want %d", c.text, c.chars, n, c.wrapped)
		}
	}
}

// TestPaneLevel: hand values at scale 1 (4 px padding, 14 px lines, a
// 24 px picture at least) for a header of 1 title line and 2 engines
// lines: the whole header (4 lines with the numbers) needs a pane
// 4+56+4 + 4 + 24 = 92 px high, the names and numbers (2 lines) 64, one
// line 50; lower panes show no text. At scale 2 every height doubles.
func TestPaneLevel(t *testing.T) {
	for _, c := range []struct {
		ph, s float64
		want  int
	}{
		{92, 1, LevelFull}, {91.9, 1, LevelNoEngines}, {64, 1, LevelNoEngines}, {63.9, 1, LevelOneLine},
		{50, 1, LevelOneLine}, {49.9, 1, LevelNone}, {0, 1, LevelNone}, {math.NaN(), 1, LevelNone},
		{184, 2, LevelFull}, {183.9, 2, LevelNoEngines}, {100, 2, LevelOneLine}, {99.9, 2, LevelNone},
	} {
		if got := paneLevel(c.ph, c.s, 1, 2); got != c.want {
			t.Errorf("paneLevel(%v, %v, 1, 2) = %d, want %d", c.ph, c.s, got, c.want)
		}
	}
	if got := levelLines(LevelNoEngines, 2, 2); got != 3 {
		t.Errorf("levelLines(NoEngines, 2, 2) = %d, want 3 (the title's two and the numbers)", got)
	}
}

// TestWallFitScale: the ten-pane wall of the piston in the 656x330 band
// beside the lecture column at UI 2x: at 2x no grid shows the panes'
// names and numbers, so wallFit steps the text scale down a quarter at a
// time and stops at the first that does (the one a quarter above does
// not); a 1920x1080 band keeps 2x with the whole header. A label laid out
// at 1.25 keeps its baseline when the window draws it at 2
// (rescaleLabels), with an em of 12.5 px.
func TestWallFitScale(t *testing.T) {
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	m.SetWall(true)
	m.LabelScale = 2
	m.Recompute(0, 656, 330)
	cols, _, _, _, level, s := m.wallFit(656, 330, 2)
	if !(s >= 1 && s < 2) || cols == 0 || level < LevelNoEngines {
		t.Errorf("656x330 at 2x: %d columns, level %d at scale %v; want the names and numbers at a scale below 2", cols, level, s)
	}
	if _, _, _, _, up := m.wallGrid(656, 330, s+0.25); s+0.25 <= 2 && up >= LevelNoEngines {
		t.Errorf("656x330: scale %v chosen, but %v shows level %d too", s, s+0.25, up)
	}
	m.Recompute(0, 1920, 1080)
	if cols, rows, _, _, level, s := m.wallFit(1920, 1080, 2); s != 2 || level != LevelFull || cols*rows < 10 {
		t.Errorf("1920x1080 at 2x: %d x %d, level %d at scale %v; want every pane whole at 2", cols, rows, level, s)
	}
	l := textLabel(100, 40, 1.25, "maya-ssc", render.White)
	want := render.LabelBaseline(l.At, 1.25)
	ls := []render.Label{l}
	rescaleLabels(ls, 1.25, 2)
	if got := render.LabelBaseline(ls[0].At, 2); math.Abs(got[0]-want[0]) > 1e-9 || math.Abs(got[1]-want[1]) > 1e-9 || ls[0].Size*2 != 1.25*render.TextSize {
		t.Errorf("rescaled: baseline %v (want %v), em %v at scale 2 (want %v)", got, want, ls[0].Size*2, 1.25*render.TextSize)
	}
}
