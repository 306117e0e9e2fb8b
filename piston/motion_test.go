package piston

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
	"skewlab/state"
)

// TestDashed: the dashes of a straight segment, of a polyline (the
// pattern carried over the joint) and of a segment that does not join
// the one before (the pattern restarts), placed by hand with dash 7 and
// gap 5 (a period of 12).
func TestDashed(t *testing.T) {
	c := render.Color{R: 1, A: 0.5}
	seg := func(ax, ay, bx, by float64) render.Segment {
		return render.Segment{A: mgl64.Vec2{ax, ay}, B: mgl64.Vec2{bx, by}, Color: c, Width: 2, Depth: 3}
	}
	in := []render.Segment{
		seg(0, 0, 30, 0), // dashes 0-7, 12-19, 24-30
		seg(0, 5, 4, 5),  // a new run (does not start at (30, 0)): 0-4 of its dash
		seg(4, 5, 4, 15), // joined: the dash goes on to 7 (3 more), a gap to 12, then 12-14
		seg(50, 50, 60, 50),
		seg(60, 50, 60, 50),                 // zero length: nothing drawn, nothing kept
		seg(math.NaN(), 0, 1, 1),            // not finite: left out
		seg(math.Inf(1), 0, math.Inf(1), 9), // not finite: left out
	}
	want := []render.Segment{
		seg(0, 0, 7, 0), seg(12, 0, 19, 0), seg(24, 0, 30, 0),
		seg(0, 5, 4, 5), seg(4, 5, 4, 8), seg(4, 13, 4, 15),
		seg(50, 50, 57, 50),
	}
	got := dashed(nil, in, 7, 5)
	if len(got) != len(want) {
		t.Fatalf("%d dashes %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range want {
		if got[i].A.Sub(want[i].A).Len() > 1e-12 || got[i].B.Sub(want[i].B).Len() > 1e-12 ||
			got[i].Color != c || got[i].Width != 2 || got[i].Depth != 3 {
			t.Errorf("dash %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, bad := range [][2]float64{{0, 5}, {7, 0}, {-1, 5}, {math.NaN(), 5}, {7, math.Inf(1)}} {
		if got := dashed(nil, in[:1], bad[0], bad[1]); len(got) != 1 || got[0] != in[0] {
			t.Errorf("dash %v gap %v: %v, want the segment whole", bad[0], bad[1], got)
		}
	}
}

// stepFive is tour step 5's state and sweep: the skew preset's child
// turned 45 degrees about z, its parent's scale swept from (2, 1, 1),
// which shears the child, to (2, 2, 1), which does not.
func stepFive(t *testing.T) (state.State, state.Gesture) {
	t.Helper()
	st, errs := state.FromSearch("preset=skew&mode=accumulate-matrices&set=Child.euler=0,0,45")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return st, state.Gesture{Kind: state.GestureSweep, Set: "Parent.scale", From: []float64{2, 1, 1}, To: []float64{2, 2, 1}, Seconds: 2}
}

// onSegment reports whether the segment d lies on s (both ends within
// tol pixels of s's line and inside its extent).
func onSegment(d, s render.Segment, tol float64) bool {
	v := s.B.Sub(s.A)
	l := v.Len()
	if !(l > 0) {
		return false
	}
	u := v.Mul(1 / l)
	for _, p := range []mgl64.Vec2{d.A, d.B} {
		q := p.Sub(s.A)
		along, across := q.Dot(u), q[0]*u[1]-q[1]*u[0]
		if math.Abs(across) > tol || along < -tol || along > l+tol {
			return false
		}
	}
	return true
}

// TestMotionStartGhost: a sweep's pictures (step 5's) share one camera
// (the grid is the same in all), keep every shape inside the picture at
// every position, and carry the start as a ghost that does not move:
// dashes at most StartDash long, StartDim of the shape's alpha, each
// lying on a shape of the start's own picture in the same colour, and
// covering about StartDash/(StartDash+StartGap) of those shapes' length;
// a legend names the start's value.
func TestMotionStartGhost(t *testing.T) {
	const w, h = 640, 360
	st, g := stepFive(t)
	pics, err := Motion(st, g, w, h, []float64{0, 0.5, 1})
	if err != nil {
		t.Fatal(err)
	}
	shapes := func(p render.Picture, alpha float32) []render.Segment {
		var out []render.Segment
		for _, s := range p.Segments {
			if s.Width == render.ShapeWidth && math.Abs(float64(s.Color.A-alpha)) < 1e-6 {
				out = append(out, s)
			}
		}
		return out
	}
	grid := func(p render.Picture) []render.Segment {
		var out []render.Segment
		for _, s := range p.Segments {
			if s.Color == render.GridColor {
				out = append(out, s)
			}
		}
		return out
	}
	start := shapes(pics[0], 1)
	if len(start) < 12 {
		t.Fatalf("the start has %d shape segments, want the two boxes' (at least 12)", len(start))
	}
	ghost := shapes(pics[2], StartDim)
	if len(ghost) == 0 {
		t.Fatal("the end picture has no start ghost")
	}
	total, covered := 0.0, 0.0
	for _, s := range start {
		total += s.B.Sub(s.A).Len()
	}
	for _, d := range ghost {
		l := d.B.Sub(d.A).Len()
		covered += l
		if l > StartDash+1e-9 {
			t.Errorf("a dash %v px long, want at most %v", l, StartDash)
		}
		if !slices.ContainsFunc(start, func(s render.Segment) bool {
			return s.Color.R == d.Color.R && s.Color.G == d.Color.G && s.Color.B == d.Color.B && onSegment(d, s, 1e-6)
		}) {
			t.Errorf("dash %+v lies on no shape of the start in its colour", d)
		}
	}
	// Each run of joined segments starts with a dash, so the share
	// covered lies a little above the pattern's 7/12 for short runs.
	if share := covered / total; share < 0.5 || share > 0.75 {
		t.Errorf("the ghost covers %.3f of the start's shapes, want about %.3f", share, StartDash/(StartDash+StartGap))
	}
	for i, p := range pics {
		if g := shapes(p, StartDim); !slices.Equal(g, ghost) {
			t.Errorf("picture %d: the ghost differs from the end's (%d dashes, %d)", i, len(g), len(ghost))
		}
		if !slices.Equal(grid(p), grid(pics[0])) {
			t.Errorf("picture %d: the grid moved: not one camera", i)
		}
		for _, s := range shapes(p, 1) {
			for _, q := range []mgl64.Vec2{s.A, s.B} {
				if q[0] < 0 || q[0] > w || q[1] < 0 || q[1] > h {
					t.Errorf("picture %d: a shape reaches %v, outside the %dx%d picture", i, q, w, h)
				}
			}
		}
		if !slices.ContainsFunc(p.Labels, func(l render.Label) bool {
			return strings.Contains(l.Text, "dashed: the start") && strings.Contains(l.Text, "Parent.scale = (2, 1, 1)")
		}) {
			t.Errorf("picture %d: no legend naming the start", i)
		}
	}
	// The shapes move: the end is not the start.
	if slices.Equal(shapes(pics[2], 1), start) {
		t.Error("the end's shapes are the start's")
	}
}

// TestMotionRefuses: no sweep, a sweep of a node the scene lacks, a bad
// mode: an error and no pictures.
func TestMotionRefuses(t *testing.T) {
	st, g := stepFive(t)
	bad := g
	bad.Set = "Nobody.scale"
	badMode := st
	badMode.Mode = "no-such-mode"
	for name, c := range map[string]struct {
		st state.State
		g  state.Gesture
	}{
		"no gesture": {st, state.Gesture{}},
		"play":       {st, state.Gesture{Kind: state.GesturePlay, Seconds: 1}},
		"no node":    {st, bad},
		"bad mode":   {badMode, g},
	} {
		if pics, err := Motion(c.st, c.g, 64, 64, []float64{0, 1}); err == nil || pics != nil {
			t.Errorf("%s: %d pictures, error %v; want none and an error", name, len(pics), err)
		}
	}
}

// TestTimeMotion: the stretchy arm's animation drawn at 0, 1 and 2 s is
// what Figure draws at those times (-t), all framed for the whole
// animation; its span is 0 to 2 s and it stretches most at 1 s
// (internal/gltfgen's arm), so the picture at 1 s differs from the one
// at 0; a scene without animations is an error.
func TestTimeMotion(t *testing.T) {
	const w, h = 320, 180
	st := state.Default()
	st.Preset = "stretchy-arm"
	start, end, err := AnimationSpan(st)
	if err != nil || start != 0 || end != 2 {
		t.Fatalf("span %v to %v, %v; want 0 to 2", start, end, err)
	}
	times := []float64{0, 1, 2}
	pics, err := TimeMotion(st, w, h, times)
	if err != nil {
		t.Fatal(err)
	}
	for i, tm := range times {
		at := st
		at.Time, at.TimeGiven = tm, true
		segs, labels, err := Figure(at, w, h)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(pics[i].Segments, segs) || !slices.Equal(pics[i].Labels, labels) {
			t.Errorf("t = %v: TimeMotion's picture differs from Figure's (%d, %d segments)", tm, len(pics[i].Segments), len(segs))
		}
	}
	if slices.Equal(pics[0].Segments, pics[1].Segments) {
		t.Error("the arm does not move from 0 to 1 s")
	}
	if _, err := TimeMotion(state.Default(), w, h, []float64{0}); err == nil || !strings.Contains(err.Error(), "no animation") {
		t.Errorf("the piston (no animation): %v, want a no-animation error", err)
	}
}

// TestMotionFramesTheWholeSweep: with no camera given, the one camera of
// a sweep's pictures holds every shape at every position: Root's scale
// swept from 1 to 3 under accumulate-matrices (tour step 3 without its
// camera), whose end is three times as long as its start, so a camera
// framed for the start alone cuts the end off.
func TestMotionFramesTheWholeSweep(t *testing.T) {
	const w, h = 640, 360
	st, errs := state.FromSearch("preset=piston&mode=accumulate-matrices")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	g := state.Gesture{Kind: state.GestureSweep, Set: "Root.scale", From: []float64{1, 1, 1}, To: []float64{3, 1, 1}, Seconds: 2}
	pics, err := Motion(st, g, w, h, []float64{0, 0.25, 0.5, 0.75, 1})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pics {
		n := 0
		for _, s := range p.Segments {
			if s.Width != render.ShapeWidth || s.Color.A != 1 {
				continue
			}
			n++
			for _, q := range []mgl64.Vec2{s.A, s.B} {
				if q[0] < 0 || q[0] > w || q[1] < 0 || q[1] > h {
					t.Fatalf("picture %d: a shape reaches %v, outside the %dx%d picture", i, q, w, h)
				}
			}
		}
		if n < 24 {
			t.Errorf("picture %d: %d shape segments, want the two cylinders' (at least 24)", i, n)
		}
	}
}
