package pistonlab

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
)

// openInView makes the piston lab's view of the default piston and opens
// files[0] in it, the other files beside it; it returns the view and
// Open's error.
func openInView(t *testing.T, files []gltfgen.File) (*view, error) {
	t.Helper()
	m, err := piston.NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	v := newView(m)
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return v, v.Open(fsys, files[0].Name, "")
}

// The Nodes window's tree follows the file's hierarchy: scenes.gltf's
// default scene has roots Right and Extra, Right's children Twin#3
// (with child Twin#4), #5 and BadName#6 (gltfgen.Scenes).
func TestNodesTreeOfAFile(t *testing.T) {
	v, err := openInView(t, gltfgen.Scenes())
	if err != nil {
		t.Fatal(err)
	}
	m := v.M
	tr := &v.win.tree
	name := func(list []int) string {
		var out []string
		for _, i := range list {
			out = append(out, m.Scene.Nodes[i].Name)
		}
		return strings.Join(out, ",")
	}
	if got := name(tr.roots); got != "Right,Extra" {
		t.Errorf("roots %s, want Right,Extra", got)
	}
	if got := name(tr.kids[m.Scene.Index("Right")]); got != "Twin#3,#5,BadName#6" {
		t.Errorf("Right's children %s", got)
	}
	if got := name(tr.kids[m.Scene.Index("Twin#3")]); got != "Twin#4" {
		t.Errorf("Twin#3's children %s", got)
	}
	if !strings.Contains(tr.source, "scenes.gltf: 6 nodes") || !slices.Equal(tr.scenes, []string{"Left", "Right"}) || tr.sceneSel != 1 {
		t.Errorf("source %q, scenes %v (chosen %d)", tr.source, tr.scenes, tr.sceneSel)
	}
	if got := name(matchNodes(nil, tr.lower, "TWIN")); got != "Twin#3,Twin#4" {
		t.Errorf("filter TWIN matches %s", got)
	}
	if got := matchNodes(nil, tr.lower, "zzz"); len(got) != 0 {
		t.Errorf("filter zzz matches %v", got)
	}
	// The scene chooser: scene 0 holds Left alone.
	if err := m.ChooseScene(0); err != nil {
		t.Fatalf("ChooseScene(0) refused: %v", err)
	}
	v.win.init(m)
	if got := name(tr.roots); got != "Left" {
		t.Errorf("scene 0's roots %s, want Left", got)
	}
}

// Slider ranges grow past a loaded value, so binding never clamps it: a
// position of 123 needs 1.5*123 = 184.5, the next of 1, 2, 5 times a
// power of ten is 200; small values keep the default range.
func TestSliderRangeKeepsValues(t *testing.T) {
	for _, c := range []struct {
		v        mgl64.Vec3
		rng, out float64
	}{{mgl64.Vec3{123, 0, 0}, 10, 200}, {mgl64.Vec3{1, 2, 3}, 10, 10}, {mgl64.Vec3{0, -40, 0}, 10, 100}, {mgl64.Vec3{0, 0, 7}, 5, 20}} {
		if got := sliderRange(c.v, c.rng); got != c.out {
			t.Errorf("sliderRange(%v, %g) = %g, want %g", c.v, c.rng, got, c.out)
		}
	}
}

// A refused file: the scene stays, and the picture's notes say why,
// unless the host shows the error itself (the web page).
func TestRefusedOpenNotes(t *testing.T) {
	v, err := openInView(t, gltfgen.Cycle())
	if err == nil {
		t.Fatal("cycle.gltf opened")
	}
	m := v.M
	if m.Scene.Index("B") < 0 {
		t.Fatal("the piston is gone after a refused file")
	}
	v.refreshNotes(false)
	if len(v.notes.lines) == 0 || !strings.HasPrefix(v.notes.lines[0], "cannot open: cycle.gltf: ") {
		t.Errorf("notes %q, want the error first", v.notes.lines)
	}
	v.refreshNotes(true)
	if len(v.notes.lines) != 0 {
		t.Errorf("notes %q with the error shown by the host, want none", v.notes.lines)
	}
}

// The edge-cap note follows the wall too: on the wall with no cap
// nothing is thinned; with the default cap the ten panes share 50,000
// edges (5,000 each) and the grid's ~30,000 are thinned, which the notes
// say at the next refresh.
func TestEdgeCapNoteOnTheWall(t *testing.T) {
	v, err := openInView(t, gltfgen.Big(20000))
	if err != nil {
		t.Fatal(err)
	}
	m := v.M
	m.Wall.Modes = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	m.SetWall(true)
	m.Opt.EdgeCap = -1
	m.Recompute(0, 1280, 720)
	v.refreshNotes(false)
	if len(v.notes.lines) != 0 {
		t.Fatalf("notes %q with no cap, want none", v.notes.lines)
	}
	m.Opt.EdgeCap = 0
	m.Recompute(0, 1280, 720)
	v.refreshNotes(false)
	if len(v.notes.lines) != 1 || !strings.HasPrefix(v.notes.lines[0], "edge cap: drawing ") {
		t.Errorf("notes %q on the wall under the cap, want the edge cap's", v.notes.lines)
	}
}

// The notes wrap to the picture's width: at 400 px and scale 1 (Go Mono's
// advance at render.TextSize) no line is longer than fits, and the words
// are all kept.
func TestNotesWrapToThePicture(t *testing.T) {
	v, err := openInView(t, gltfgen.Scenes())
	if err != nil {
		t.Fatal(err)
	}
	v.w = 400
	v.refreshNotes(false)
	chars := int((400 - 20) / render.TextMetricsAt(render.TextSize).Advance)
	var words []string
	for _, l := range v.notes.lines {
		if len([]rune(l)) > chars {
			t.Errorf("line %q is over %d characters", l, chars)
		}
		words = append(words, strings.Fields(l)...)
	}
	var want []string
	for _, n := range v.M.Notes() {
		want = append(want, strings.Fields(n)...)
	}
	if strings.Join(words, " ") != strings.Join(want, " ") {
		t.Errorf("wrapped notes %q lose or reorder words of %q", v.notes.lines, v.M.Notes())
	}
	if len(v.notes.lines) <= len(v.M.Notes()) {
		t.Errorf("%d lines for %d notes of over %d characters: not wrapped", len(v.notes.lines), len(v.M.Notes()), chars)
	}
}
