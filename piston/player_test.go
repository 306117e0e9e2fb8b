package piston

import (
	"math"
	"net/url"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/transform"
)

// slideBy is how far animation "slide" moves B along x over its 2 s.
const slideBy = 2.0

// animatedScene is the piston preset plus a node M (a two-point mesh with
// one morph target that lifts both points by 1 along y, weight 0) and
// two animations:
//   - "slide" (2 s, LINEAR): B's position from its preset value p to
//     p + (slideBy, 0, 0), and M's weight from 0 to 1, so at time t B is
//     at p + (t, 0, 0) and M's weight is t/2;
//   - "grow" (1 s, STEP): A's scale (1,1,1) at 0 s, (3,1,1) from 1 s.
func animatedScene(t testing.TB) *scene.Scene {
	t.Helper()
	base, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	nodes := append([]scene.Node(nil), base.Nodes...)
	mesh := &scene.Mesh{Name: "bar", Points: []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}}, Edges: [][2]int32{{0, 1}},
		Targets: [][]mgl64.Vec3{{{0, 1, 0}, {0, 1, 0}}}}
	nodes = append(nodes, scene.Node{Name: "M", Parent: -1, Local: base.Nodes[0].Local, Mesh: mesh, Weights: []float64{0}, Color: scene.Grey})
	nodes[len(nodes)-1].Local.Position = mgl64.Vec3{0, 0, -3}
	sc, err := scene.New(nodes)
	if err != nil {
		t.Fatal(err)
	}
	b, a, mi := sc.Index("B"), sc.Index("A"), sc.Index("M")
	p := sc.Nodes[b].Local.Position
	sc.Animations = []*scene.Animation{
		{Name: "slide", Channels: []scene.Channel{
			{Node: b, Path: scene.PathTranslation, Interp: scene.Linear, Times: []float64{0, 2},
				Values: []float64{p[0], p[1], p[2], p[0] + slideBy, p[1], p[2]}, Width: 3},
			{Node: mi, Path: scene.PathWeights, Interp: scene.Linear, Times: []float64{0, 2}, Values: []float64{0, 1}, Width: 1},
		}},
		{Name: "grow", Channels: []scene.Channel{
			{Node: a, Path: scene.PathScale, Interp: scene.Step, Times: []float64{0, 1}, Values: []float64{1, 1, 1, 3, 1, 1}, Width: 3},
		}},
	}
	if err := sc.CheckAnimations(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// animatedModel is NewModel(st) for the animated scene as if it were
// st's file at path: the model of the default state, the scene loaded
// as NewModel loads a file (Load, File), then st's timeline settings
// (startPlayer), in NewModel's order.
func animatedModel(t testing.TB, st state.State, path string) *Model {
	t.Helper()
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	m.Load(animatedScene(t), nil)
	m.File = &Opened{Name: path, Path: path}
	if err := m.startPlayer(st); err != nil {
		t.Fatal(err)
	}
	return m
}

const timeTol = 1e-12 // seconds: sums of a few ticks carry rounding of about 1e-16

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestPlayerOpensPausedAtTheFirstKey: a scene with animations shows
// animation 0 at its first key, paused, looping, at speed 1; one
// without has no timeline and Tick does nothing.
func TestPlayerOpensPausedAtTheFirstKey(t *testing.T) {
	m := animatedModel(t, state.Default(), "a.gltf")
	p := m.Player
	if !m.Timeline() || p.Anim != 0 || p.Time != 0 || p.Playing || !p.Loop || p.Speed != 1 {
		t.Errorf("opened as %+v, want animation 0 at 0 s, paused, looping, speed 1", p)
	}
	plain, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	plain.SetPlaying(true)
	if plain.Timeline() || plain.Player.Anim != -1 || plain.Player.Playing || plain.Tick(0.1) {
		t.Errorf("the piston preset has a timeline: %+v", plain.Player)
	}
}

// TestPlayAdvancesTimeBySpeed: each tick adds dt*speed; the posed B is
// where the linear key blend puts it (p + (t, 0, 0)) while the edited
// scene's B stays at p.
func TestPlayAdvancesTimeBySpeed(t *testing.T) {
	for _, speed := range []float64{0.25, 0.5, 1, 2} {
		m := animatedModel(t, state.Default(), "a.gltf")
		m.SetSpeed(speed)
		m.SetPlaying(true)
		const dt, n = 1.0 / 60, 45
		for i := 0; i < n; i++ {
			if !m.Tick(dt) {
				t.Fatalf("speed %g: tick %d did not advance", speed, i)
			}
		}
		want := n * dt * speed // 0.1875, 0.375, 0.75, 1.5 s: all before the end at 2 s
		if !near(m.Player.Time, want, timeTol) {
			t.Errorf("speed %g: time %.15g after %d ticks of %g s, want %g", speed, m.Player.Time, n, dt, want)
		}
		m.Recompute(0, 640, 480)
		b := m.Scene.Index("B")
		p := m.Base.Nodes[b].Local.Position
		if got := m.Nodes()[b].Local.Position; !near(got[0], p[0]+want*slideBy/2, 1e-9) || got[1] != p[1] || got[2] != p[2] {
			t.Errorf("speed %g: posed B at %v, want %v + (%g, 0, 0)", speed, got, p, want*slideBy/2)
		}
		if got := m.Scene.Nodes[b].Local.Position; got != p {
			t.Errorf("speed %g: the edited scene's B moved to %v", speed, got)
		}
	}
}

// TestLoopWrapsAndNoLoopStopsAtTheEnd: from 1.9 s a tick of 0.2 s wraps
// to 0.1 s when looping; without the loop it stops on the last key
// (2 s), pauses, and a later play starts again from 0.
func TestLoopWrapsAndNoLoopStopsAtTheEnd(t *testing.T) {
	m := animatedModel(t, state.Default(), "a.gltf")
	m.Scrub(1.9)
	m.SetPlaying(true)
	m.Tick(0.2)
	if !near(m.Player.Time, 0.1, timeTol) || !m.Player.Playing {
		t.Errorf("looping: time %.15g playing %v after 1.9 + 0.2 s, want 0.1 and still playing", m.Player.Time, m.Player.Playing)
	}
	m.Player.Loop = false
	m.Scrub(1.9)
	m.Tick(0.2)
	if m.Player.Time != 2 || m.Player.Playing {
		t.Errorf("no loop: time %g playing %v, want stopped at the end, 2 s", m.Player.Time, m.Player.Playing)
	}
	if m.Tick(0.2) || m.Player.Time != 2 {
		t.Errorf("a stopped timeline moved to %g", m.Player.Time)
	}
	m.TogglePlaying()
	if !m.Player.Playing || m.Player.Time != 0 {
		t.Errorf("play at the end without loop: time %g playing %v, want from 0 s", m.Player.Time, m.Player.Playing)
	}
	m.Player.Loop = true
	m.Scrub(1.5)
	m.Tick(2.75) // 1.5 + 2.75 = 4.25 s: two wraps of 2 s leave 0.25 s
	if !near(m.Player.Time, 0.25, timeTol) {
		t.Errorf("a long tick wrapped to %.15g, want 0.25", m.Player.Time)
	}
}

// TestStepFrames: , and . move between frame starts (k/30 s), pausing;
// from inside a frame back goes to that frame's start; the keys' ends
// clamp.
func TestStepFrames(t *testing.T) {
	m := animatedModel(t, state.Default(), "a.gltf")
	m.SetPlaying(true)
	m.Scrub(0.5) // frame 15's start
	m.StepFrames(1)
	if m.Player.Playing {
		t.Error("a frame step did not pause")
	}
	for _, c := range []struct {
		from  float64
		n     int
		want  float64
		frame int
	}{
		{0.5, 1, 16.0 / 30, 16},
		{0.5, -1, 14.0 / 30, 14},
		{0.5, -2, 13.0 / 30, 13},
		{0.51, 1, 16.0 / 30, 16},  // inside frame 15 (15.3 frames): the next start
		{0.51, -1, 15.0 / 30, 15}, // ... back to its own start
		{2, 1, 2, 60},             // the last key
		{59.5 / 30, 1, 2, 60},
		{0, -1, 0, 0},
		{1.0 / 30, -1, 0, 0},
	} {
		m.Scrub(c.from)
		m.StepFrames(c.n)
		if !near(m.Player.Time, c.want, timeTol) || Frame(m.Player.Time) != c.frame {
			t.Errorf("from %g s, %+d frames: %.15g s (frame %d), want %.15g s (frame %d)", c.from, c.n, m.Player.Time, Frame(m.Player.Time), c.want, c.frame)
		}
	}
	// Thirty steps from 0 reach 1 s exactly as far as frames go: frame 30.
	m.Scrub(0)
	for i := 0; i < 30; i++ {
		m.StepFrames(1)
	}
	if Frame(m.Player.Time) != 30 || !near(m.Player.Time, 1, timeTol) {
		t.Errorf("30 steps: %.15g s, frame %d, want 1 s, frame 30", m.Player.Time, Frame(m.Player.Time))
	}
}

// TestScrubClampsAndKeepsPlaying: the slider's time is clamped to the
// keys; NaN changes nothing; scrubbing does not pause.
func TestScrubClampsAndKeepsPlaying(t *testing.T) {
	m := animatedModel(t, state.Default(), "a.gltf")
	m.SetPlaying(true)
	for _, c := range []struct{ in, want float64 }{{1.25, 1.25}, {5, 2}, {-1, 0}, {math.NaN(), 0}, {math.Inf(1), 2}} {
		m.Scrub(c.in)
		if m.Player.Time != c.want {
			t.Errorf("Scrub(%g): %g, want %g", c.in, m.Player.Time, c.want)
		}
	}
	if !m.Player.Playing {
		t.Error("scrubbing paused")
	}
	for _, c := range []struct{ in, want float64 }{{0.1, MinSpeed}, {3, MaxSpeed}, {math.NaN(), 1}, {0.75, 0.75}} {
		m.SetSpeed(c.in)
		if m.Player.Speed != c.want {
			t.Errorf("SetSpeed(%g): %g, want %g", c.in, m.Player.Speed, c.want)
		}
	}
}

// TestSingleKeyAnimationDoesNotPlay: an animation whose keys span no
// time is a single pose: play does nothing.
func TestSingleKeyAnimationDoesNotPlay(t *testing.T) {
	m := animatedModel(t, state.Default(), "a.gltf")
	sc := m.Scene
	sc.Animations = append(sc.Animations, &scene.Animation{Name: "still", Channels: []scene.Channel{
		{Node: sc.Index("A"), Path: scene.PathScale, Times: []float64{0.5}, Values: []float64{2, 2, 2}, Width: 3}}})
	if !m.SetAnimation(2) || m.Player.Time != 0.5 {
		t.Fatalf("SetAnimation(2): %+v", m.Player)
	}
	m.SetPlaying(true)
	if m.Player.Playing || m.Tick(1) {
		t.Error("a single-key animation plays")
	}
	if m.SetAnimation(3) || m.SetAnimation(-1) || m.Player.Anim != 2 {
		t.Errorf("an index outside the animations was taken: %+v", m.Player)
	}
}

// TestStateSetsTheTimeline: -anim (index or name), -t (clamped to the
// keys) and -play set the timeline when the model is made; an
// animation the scene lacks is an error that lists the scene's; the
// piston preset takes -t and -play (its one pose) but refuses -anim.
func TestStateSetsTheTimeline(t *testing.T) {
	for _, c := range []struct {
		search string
		anim   int
		time   float64
		play   bool
	}{
		{"?t=0.5", 0, 0.5, false},
		{"?anim=1&t=0.25", 1, 0.25, false},
		{"?anim=grow&play=1", 1, 0, true},
		{"?anim=slide&t=7", 0, 2, false},
		{"?play=1&t=1.5", 0, 1.5, true},
	} {
		st := timelineState(t, c.search)
		m := animatedModel(t, st, "a.gltf")
		if p := m.Player; p.Anim != c.anim || p.Time != c.time || p.Playing != c.play {
			t.Errorf("%s: timeline %+v, want animation %d at %g s, playing %v", c.search, p, c.anim, c.time, c.play)
		}
	}
	st := state.Default()
	st.Anim = "walk"
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	m.Load(animatedScene(t), nil)
	if err := m.startPlayer(st); err == nil || !strings.Contains(err.Error(), `0 "slide", 1 "grow"`) {
		t.Errorf("anim walk: %v, want an error listing 0 \"slide\", 1 \"grow\"", err)
	}
	// A time and play on a scene without animations show its one pose;
	// naming an animation there is an error.
	st = state.Default()
	st.Time, st.TimeGiven, st.Play = 0.5, true, true
	if m, err := NewModel(st); err != nil || m.Timeline() || m.Player.Playing {
		t.Errorf("-t -play on the piston preset: %v, timeline %v; want the preset, no timeline", err, m != nil && m.Timeline())
	}
	st.Anim = "0"
	if _, err := NewModel(st); err == nil || !strings.Contains(err.Error(), "no animation") {
		t.Errorf("-anim 0 on the piston preset: %v, want \"the scene has no animation\"", err)
	}
}

// TestShareCarriesTheTimeline: Share writes anim (when not 0), t while
// paused and play while playing; the query read back and applied to the
// same scene gives the same timeline. A dropped file (no path) and a
// scene without animations write none of them.
func TestShareCarriesTheTimeline(t *testing.T) {
	for _, c := range []struct {
		set  func(m *Model)
		want string // the timeline's part of the query
	}{
		{func(m *Model) {}, "t=0"},
		{func(m *Model) { m.Scrub(0.75) }, "t=0.75"},
		{func(m *Model) { m.Scrub(1.0 / 3) }, "t=0.333333"},
		{func(m *Model) { m.SetAnimation(1); m.Scrub(0.5) }, "anim=1&t=0.5"},
		{func(m *Model) { m.SetAnimation(1); m.SetPlaying(true); m.Tick(0.3) }, "anim=1&play=1"},
		{func(m *Model) { m.SetPlaying(true) }, "play=1"},
	} {
		m := animatedModel(t, state.Default(), "a.gltf")
		c.set(m)
		st := modelState(m, state.Default())
		q := st.Query()
		if got := timelineQuery(q); got != c.want {
			t.Errorf("share query %q: timeline part %q, want %q", q, got, c.want)
		}
		again := timelineState(t, q)
		m2 := animatedModel(t, again, "a.gltf")
		p, p2 := m.Player, m2.Player
		wantTime := math.Round(p.Time*1e6) / 1e6
		if p.Playing {
			wantTime = 0 // a playing link starts from the first key
		}
		if p2.Anim != p.Anim || p2.Playing != p.Playing || p2.Time != wantTime {
			t.Errorf("%q reopens as %+v, want animation %d at %g s playing %v", q, p2, p.Anim, wantTime, p.Playing)
		}
	}
	m := animatedModel(t, state.Default(), "dropped.gltf")
	m.File.Path = ""
	m.Scrub(1)
	if got := timelineQuery(modelState(m, state.Default()).Query()); got != "" {
		t.Errorf("a dropped file's link carries %q", got)
	}
	plain, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	opened := state.Default()
	opened.Play, opened.Time, opened.TimeGiven = true, 1, true // what the page was opened with
	st := opened
	plain.Share(&st)
	if st.Play || st.TimeGiven || st.Anim != "" {
		t.Errorf("the piston preset's link carries a timeline: %+v", st)
	}
}

// timelineState returns the default state with the anim, t and play
// parameters of the URL query q applied by their own parsers (the
// flags' and the URL's); the other parameters are left out, as the
// animated scene is no preset a page could check them against.
func timelineState(t *testing.T, q string) state.State {
	t.Helper()
	vals, err := url.ParseQuery(strings.TrimPrefix(q, "?"))
	if err != nil {
		t.Fatal(err)
	}
	st := state.Default()
	for _, p := range state.Pick("anim", "t", "play") {
		for _, v := range vals[p.Name] {
			if err := p.Apply(&st, v); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	return st
}

// timelineQuery returns the anim, t and play parameters of query q, in
// order.
func timelineQuery(q string) string {
	var out []string
	for _, kv := range strings.Split(q, "&") {
		if k, _, _ := strings.Cut(kv, "="); k == "anim" || k == "t" || k == "play" {
			out = append(out, kv)
		}
	}
	return strings.Join(out, "&")
}

// TestEditsUnderTheAnimation: the posed copy takes the animated
// properties from the animation and every other property from the
// sliders; morph weights are posed in the copy, the scene's stay 0.
func TestEditsUnderTheAnimation(t *testing.T) {
	m := animatedModel(t, state.Default(), "a.gltf")
	b, mi := m.Scene.Index("B"), m.Scene.Index("M")
	m.Edits[b].Scale = mgl64.Vec3{2, 2, 2}    // not animated: kept
	m.Edits[b].Position = mgl64.Vec3{9, 9, 9} // animated: overridden
	p := m.Base.Nodes[b].Local.Position
	m.Scrub(1)
	m.Recompute(0, 640, 480)
	got := m.Nodes()[b].Local
	if got.Scale != (mgl64.Vec3{2, 2, 2}) || !near(got.Position[0], p[0]+slideBy/2, 1e-12) || got.Position[1] != p[1] {
		t.Errorf("posed B %+v, want the slider's scale (2,2,2) and the animation's position %v + (1, 0, 0)", got, p)
	}
	if w := m.Nodes()[mi].Weights; len(w) != 1 || !near(w[0], 0.5, 1e-12) {
		t.Errorf("posed M's weights %v at 1 s, want [0.5]", w)
	}
	if w := m.Scene.Nodes[mi].Weights; w[0] != 0 {
		t.Errorf("the edited scene's weights became %v", w)
	}
	m.Scrub(0)
	m.Recompute(0, 640, 480)
	if w := m.Nodes()[mi].Weights; w[0] != 0 {
		t.Errorf("back at 0 s, M's weights %v, want [0]", w)
	}
}

// TestPictureWallGhostAndSplitMoveInStep: at a time of the timeline,
// the main picture's worlds, the ghost's and the split half's (World[0]
// and World[1]) and every wall pane's are each mode's Reference on the
// nodes posed by hand (B moved by the key blend, A scaled by the STEP
// key), so all of them show the same instant.
func TestPictureWallGhostAndSplitMoveInStep(t *testing.T) {
	m := animatedModel(t, state.Default(), "a.gltf")
	b, a := m.Scene.Index("B"), m.Scene.Index("A")
	m.SetAnimation(1) // grow: A's scale (3,1,1) from 1 s
	m.Scrub(1)        // its last key
	m.Mode, m.Compare = modes.Index(modes.AccumulateMatrices.Name), modes.Index(modes.AccumulateTRS.Name)
	hand := func(scale mgl64.Vec3) []scene.Node {
		nodes := append([]scene.Node(nil), m.Base.Nodes...)
		nodes[a].Local.Scale = scale
		return nodes
	}
	check := func(what string, got mgl64.Mat4, md modes.Mode, scale mgl64.Vec3) {
		t.Helper()
		want := md.Reference(hand(scale))[b]
		for k := range got {
			if !near(got[k], want[k], 1e-9) {
				t.Errorf("%s: B's world under %s\n%v\nwant\n%v", what, md.Name, got, want)
				return
			}
		}
	}
	grown := mgl64.Vec3{3, 1, 1}
	for _, split := range []bool{false, true} {
		m.Split = split
		m.Recompute(0, 1280, 720)
		check("picture", m.World[0][b], modes.AccumulateMatrices, grown)
		check("ghost or split", m.World[1][b], modes.AccumulateTRS, grown)
	}
	m.Wall.ScopeAll = true
	m.SetWall(true)
	m.Recompute(0, 1280, 720)
	for _, p := range m.Wall.Panes {
		check("wall pane", p.World[b], modes.All[p.Mode], grown)
	}
	// Playing moves them together: a tick of 0.7 s wraps grow (1 s long)
	// to 0.7 s, where A's scale is the first key's, (1, 1, 1).
	m.SetPlaying(true)
	m.Tick(0.7)
	if !near(m.Player.Time, 0.7, timeTol) {
		t.Fatalf("time %.15g after the wrap, want 0.7", m.Player.Time)
	}
	m.Recompute(0, 1280, 720)
	for _, p := range m.Wall.Panes {
		check("wall pane after the wrap", p.World[b], modes.All[p.Mode], mgl64.Vec3{1, 1, 1})
	}
}

// TestPlayingFrameAllocatesNothing: a tick and a Recompute of a playing
// animation (a translation and a weights channel, a ghost; then the
// wall) allocate nothing once the buffers have grown.
func TestPlayingFrameAllocatesNothing(t *testing.T) {
	for _, wall := range []bool{false, true} {
		m := animatedModel(t, state.Default(), "a.gltf")
		m.Opt = render.DefaultOptions()
		m.Compare = modes.Index(modes.SkewStripping.Name)
		m.SetWall(wall)
		m.LabelScale = 2
		m.SetPlaying(true)
		for i := 0; i < 300; i++ { // more than a loop: every buffer has grown
			m.Tick(1.0 / 60)
			m.Recompute(0, 1280, 720)
		}
		t0 := m.Player.Time
		if n := testing.AllocsPerRun(100, func() { m.Tick(1.0 / 60); m.Recompute(0, 1280, 720) }); n != 0 {
			t.Errorf("wall %v: a playing frame allocates %v times", wall, n)
		}
		if m.Player.Time == t0 {
			t.Errorf("wall %v: the measured frames did not play", wall)
		}
	}
}

// TestPictureDrawsThePosedMeshes: at the last key of "slide" (B moved by
// slideBy along x, M's morph weight 1) the picture's segments are those
// of a scene without animation in which B sits there and M's points are
// lifted by the target's (0, 1, 0) by hand: the renderer draws the posed
// nodes, morph weights included, not the scene as stored.
func TestPictureDrawsThePosedMeshes(t *testing.T) {
	m := animatedModel(t, state.Default(), "a.gltf")
	m.Scrub(2)
	hand := animatedScene(t)
	b, mi := hand.Index("B"), hand.Index("M")
	hand.Animations = nil
	hand.Nodes[b].Local.Position[0] += slideBy
	mesh := *hand.Nodes[mi].Mesh
	mesh.Points = []mgl64.Vec3{{0, 1, 0}, {1, 1, 0}}
	mesh.Targets = nil
	hand.Nodes[mi].Mesh, hand.Nodes[mi].Weights = &mesh, nil
	h, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	h.Load(hand, nil)
	for _, x := range []*Model{m, h} {
		x.Opt = render.Options{}
		x.Mode = modes.Index(modes.AccumulateMatrices.Name)
		x.Camera = topDown(mgl64.Vec3{2, 3, 2})
		x.Camera.Pitch = 30 // y shows on screen
		x.Recompute(0, 640, 480)
	}
	got, want := m.Frames[0].Segments, h.Frames[0].Segments
	if len(got) != len(want) || len(got) == 0 {
		t.Fatalf("%d segments, want %d (and some)", len(got), len(want))
	}
	for i := range got {
		if got[i].A.Sub(want[i].A).Len() > 1e-9 || got[i].B.Sub(want[i].B).Len() > 1e-9 {
			t.Fatalf("segment %d: %v-%v, want %v-%v", i, got[i].A, got[i].B, want[i].A, want[i].B)
		}
	}
	// And the stored pose draws differently: the check can fail.
	m.Scrub(0)
	m.Recompute(0, 640, 480)
	same := len(m.Frames[0].Segments) == len(want)
	for i := 0; same && i < len(want); i++ {
		same = m.Frames[0].Segments[i].A.Sub(want[i].A).Len() <= 1e-9 && m.Frames[0].Segments[i].B.Sub(want[i].B).Len() <= 1e-9
	}
	if same {
		t.Error("at 0 s the picture equals the hand-posed one at 2 s")
	}
}

// TestOpenedFileTakesTheTimelineSettings: a model made with -t, -play
// (and -anim) on the piston preset, which has no animation, applies them
// to a file with animations opened later: the time, playback, and the
// animation named when the file has it (else its first).
func TestOpenedFileTakesTheTimelineSettings(t *testing.T) {
	for _, c := range []struct {
		anim     string
		wantAnim int
		time     float64
		play     bool
	}{{"", 0, 0.5, true}, {"grow", 1, 0.25, false}, {"walk", 0, 1.5, false}} {
		st := state.Default()
		st.Time, st.TimeGiven, st.Play = c.time, true, c.play
		m, err := NewModel(st)
		if err != nil {
			t.Fatal(err)
		}
		m.Player.asked.anim = c.anim // the piston preset itself refuses -anim
		m.Load(animatedScene(t), nil)
		if m.Player.Time != 0 || m.Player.Playing {
			t.Fatalf("Load alone: %+v, want paused at the first key", m.Player)
		}
		m.openedTimeline()
		if p := m.Player; p.Anim != c.wantAnim || p.Time != c.time || p.Playing != c.play {
			t.Errorf("anim %q t %g play %v: opened as %+v", c.anim, c.time, c.play, p)
		}
	}
}

// TestFramingHoldsTheWholeAnimation: a scene whose animation lifts B 20
// units (up, across the view; several times the scene's size) is framed
// at its first key so that B's mesh at the last key, projected by the
// framed camera, lies inside the picture too: every point of B's mesh,
// placed by hand (B's world from accumulate-matrices' Reference on the
// posed nodes), projects within 640x480. Without the animation
// the same framing leaves the last pose out, so the check can fail; and
// framing an animated scene again allocates nothing.
func TestFramingHoldsTheWholeAnimation(t *testing.T) {
	const far = 20.0
	frame := func(animated bool) (*Model, []mgl64.Vec2) {
		sc := animatedScene(t)
		b := sc.Index("B")
		ch := &sc.Animations[0].Channels[0]
		ch.Values = append([]float64(nil), ch.Values...)
		ch.Values[4] = ch.Values[1] + far
		m, err := NewModel(state.Default())
		if err != nil {
			t.Fatal(err)
		}
		m.Mode = modes.Index(modes.AccumulateMatrices.Name)
		m.Load(sc, nil)
		if !animated {
			m.Scene.Animations = nil
			m.resetPlayer()
		}
		m.Recompute(0, 640, 480) // frames at the first key
		nodes := append([]scene.Node(nil), m.Base.Nodes...)
		nodes[b].Local.Position[1] += far
		w := modes.AccumulateMatrices.Reference(nodes)[b]
		var pts []mgl64.Vec2
		for _, q := range render.NodeMesh(&nodes[b]).Points {
			p, ok := m.Frames[0].Project(mgl64.TransformCoordinate(q, w))
			if !ok {
				p = mgl64.Vec2{-1, -1} // behind the camera: outside
			}
			pts = append(pts, p)
		}
		return m, pts
	}
	inside := func(pts []mgl64.Vec2) bool {
		for _, p := range pts {
			if p[0] < 0 || p[0] > 640 || p[1] < 0 || p[1] > 480 {
				return false
			}
		}
		return true
	}
	m, pts := frame(true)
	if !inside(pts) {
		t.Errorf("B's mesh at the last key leaves the 640x480 picture framed at the first key")
	}
	if _, still := frame(false); inside(still) {
		t.Error("framed for the first pose only, B's last pose is inside too: the test cannot fail")
	}
	m.Recompute(0, 640, 480)
	if n := testing.AllocsPerRun(20, func() { m.FrameNext(); m.Recompute(0, 640, 480) }); n != 0 {
		t.Errorf("framing the animated scene allocates %v times", n)
	}
}

// TestStretchyArmPresetPlays: the stretchy-arm preset opens playing its
// first animation from its first key (scene.Preset.Play), as a state
// (-preset stretchy-arm) and as the Presets window loads it; play=0
// opens it paused; the piston preset loaded after it has no timeline.
func TestStretchyArmPresetPlays(t *testing.T) {
	st, msgs := state.FromSearch("?preset=stretchy-arm")
	if len(msgs) != 0 {
		t.Fatal(msgs)
	}
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	if p := m.Player; !m.Timeline() || !p.Playing || p.Anim != 0 || p.Time != 0 {
		t.Errorf("-preset stretchy-arm: %+v, want animation 0 playing from 0 s", p)
	}
	paused, msgs := state.FromSearch("?preset=stretchy-arm&play=0&t=0.5")
	if len(msgs) != 0 {
		t.Fatal(msgs)
	}
	if m2, err := NewModel(paused); err != nil || m2.Player.Playing || m2.Player.Time != 0.5 {
		t.Errorf("play=0&t=0.5: %v %+v, want paused at 0.5 s", err, m2.Player)
	}
	plain, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	if err := plain.LoadPreset("stretchy-arm"); err != nil {
		t.Fatal(err)
	}
	if !plain.Player.Playing || plain.Player.Time != 0 {
		t.Errorf("LoadPreset(stretchy-arm): %+v, want playing from 0 s", plain.Player)
	}
	if err := plain.LoadPreset("piston"); err != nil {
		t.Fatal(err)
	}
	if plain.Timeline() || plain.Player.Playing {
		t.Errorf("LoadPreset(piston) after the arm: %+v, want no timeline", plain.Player)
	}
}

// TestShareRoundTripStretchyArm: state -> model -> Share -> query ->
// state -> model on the stretchy-arm preset (which opens playing): the
// animation, the time while paused, and playback come back, and the
// reopened model's Share query is the same.
func TestShareRoundTripStretchyArm(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(m *Model)
	}{
		{"playing", func(m *Model) {}},
		{"paused at 0.75 s", func(m *Model) { m.SetPlaying(false); m.Scrub(0.75) }},
		{"shrug paused at 1/3 s", func(m *Model) { m.SetAnimation(1); m.SetPlaying(false); m.Scrub(1.0 / 3) }},
		{"shrug playing", func(m *Model) { m.SetAnimation(1); m.Tick(0.25) }},
		{"stepped", func(m *Model) { m.StepFrames(7) }},
	} {
		opened, msgs := state.FromSearch("?preset=stretchy-arm")
		if len(msgs) != 0 {
			t.Fatal(msgs)
		}
		m, err := NewModel(opened)
		if err != nil {
			t.Fatal(err)
		}
		c.set(m)
		q := modelState(m, opened).Query()
		again, msgs := state.FromSearch("?" + q)
		if len(msgs) != 0 {
			t.Fatalf("%s: %q gives %v", c.name, q, msgs)
		}
		m2, err := NewModel(again)
		if err != nil {
			t.Fatalf("%s: %q: %v", c.name, q, err)
		}
		p, p2 := m.Player, m2.Player
		want := math.Round(p.Time*1e6) / 1e6
		if p.Playing {
			want = 0 // a playing link starts from the first key
		}
		if p2.Anim != p.Anim || p2.Playing != p.Playing || p2.Time != want {
			t.Errorf("%s: %q reopens as animation %d at %g s playing %v, want %d at %g playing %v", c.name, q, p2.Anim, p2.Time, p2.Playing, p.Anim, want, p.Playing)
		}
		if q2 := modelState(m2, again).Query(); q2 != q && !p.Playing {
			t.Errorf("%s: %q reopens and shares as %q", c.name, q, q2)
		}
		t.Logf("%s: %s", c.name, q)
	}
}

// TestAnimatedScenePicksTheSkewedNode: the stretchy arm skews nowhere at
// rest, so picking by the stored pose would show a node of skew 0; over
// its animation the forearm (and the hand below it) skews most, at 1 s.
// By hand: the upper arm scales (a, 2, a), a = 1/√2, and the forearm
// turns θ = 100° about z, so the forearm's world linear part is
// diag(a, 2, a)·Rz(θ), whose x and y columns (a cos θ, 2 sin θ, 0) and
// (-a sin θ, 2 cos θ, 0) meet at φ with cos φ = sin θ cos θ (4 - a²) /
// (|x| |y|); the skew is |φ - 90°| = 22.94°.
func TestAnimatedScenePicksTheSkewedNode(t *testing.T) {
	st, msgs := state.FromSearch("preset=stretchy-arm")
	if len(msgs) != 0 {
		t.Fatal(msgs)
	}
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	name := m.Scene.Nodes[m.Picked].Name
	if name != "Fore" && name != "Hand" {
		t.Fatalf("picked %s, want Fore or Hand", name)
	}
	a, th := 1/math.Sqrt2, 100*math.Pi/180
	s, c := math.Sin(th), math.Cos(th)
	x, y := math.Hypot(a*c, 2*s), math.Hypot(a*s, 2*c)
	want := math.Acos(s*c*(4-a*a)/(x*y))*180/math.Pi - 90
	posed := m.Scene.Clone()
	posed.Animations[0].Apply(posed.Nodes, 1)
	w := modes.AccumulateMatrices.Reference(posed.Nodes)
	got, ok := transform.SkewDeg(transform.Linear(w[m.Picked]))
	// The file stores its keys as float32 (a = 0.70710677, the bend's
	// quaternion rounded): 1e-4 degrees holds that, and 22.94 is far from
	// any other node's skew (0 at every other node).
	if !ok || math.Abs(got-want) > 1e-4 {
		t.Errorf("%s at 1 s skews %g°, want %g° (by hand)", name, got, want)
	}
	if rest, _ := transform.SkewDeg(transform.Linear(modes.AccumulateMatrices.Reference(m.Scene.Nodes)[m.Picked])); rest > 1e-9 {
		t.Errorf("%s skews %g° at rest, want 0", name, rest)
	}
}
