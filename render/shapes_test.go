package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// axisPixel is where axisCamera puts the world point p: depth d = 10 - z,
// pixel (200 + 200 x/d, 200 - 200 y/d).
func axisPixel(p mgl64.Vec3) mgl64.Vec2 {
	d := 10 - p[2]
	return mgl64.Vec2{200 + 200*p[0]/d, 200 - 200*p[1]/d}
}

func near2(a, b mgl64.Vec2, tol float64) bool { return a.Sub(b).Len() <= tol }
func near3(a, b mgl64.Vec3, tol float64) bool { return a.Sub(b).Len() <= tol }

// TestArrowHeadHand checks the barbs against values derived by hand from
// the formula b - h d +- 0.45 h s, s = unit(up x d).
func TestArrowHeadHand(t *testing.T) {
	const tol = 1e-12
	for _, c := range []struct {
		name        string
		a, b, up    mgl64.Vec3
		head        float64
		left, right mgl64.Vec3
	}{
		// l = 2, h = min(0.6, 1) = 0.6; up x d = y x x = -z; back (1.4, 0, 0).
		{"along x, head capped by 0.3 l", mgl64.Vec3{}, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 1, 0}, 1,
			mgl64.Vec3{1.4, 0, -0.27}, mgl64.Vec3{1.4, 0, 0.27}},
		// h = head = 0.1: back (1.9, 0, 0), barbs 0.045 to the sides.
		{"along x, short head", mgl64.Vec3{}, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 1, 0}, 0.1,
			mgl64.Vec3{1.9, 0, -0.045}, mgl64.Vec3{1.9, 0, 0.045}},
		// up not unit: (0, 0, 5) x d = 5 (z x x) = 5 y; from (1, 1, 0) to (1, 4, 0), d = y:
		// z x y = -x, h = min(0.9, 0.5) = 0.5, back (1, 3.5, 0), barbs 0.225 along -x and +x.
		{"along y, up = 5z", mgl64.Vec3{1, 1, 0}, mgl64.Vec3{1, 4, 0}, mgl64.Vec3{0, 0, 5}, 0.5,
			mgl64.Vec3{0.775, 3.5, 0}, mgl64.Vec3{1.225, 3.5, 0}},
		// Shaft along up: the fallback side is x (d = y has no x part).
		{"shaft along up", mgl64.Vec3{}, mgl64.Vec3{0, 3, 0}, mgl64.Vec3{0, 1, 0}, 0.5,
			mgl64.Vec3{0.225, 2.5, 0}, mgl64.Vec3{-0.225, 2.5, 0}},
		// Shaft along up = x: the fallback side is z.
		{"shaft along up = x", mgl64.Vec3{}, mgl64.Vec3{-1, 0, 0}, mgl64.Vec3{1, 0, 0}, 1,
			mgl64.Vec3{-0.7, 0, 0.135}, mgl64.Vec3{-0.7, 0, -0.135}},
		// Zero up: the fallback side, x minus its part along d = (0.6, 0.8, 0):
		// x - 0.6 d = (0.64, -0.48, 0), unit (0.8, -0.6, 0); l = 5, h = 1,
		// back = b - d = (2.4, 3.2, 0), barbs 0.45 (0.8, -0.6, 0) = (0.36, -0.27, 0).
		{"zero up", mgl64.Vec3{}, mgl64.Vec3{3, 4, 0}, mgl64.Vec3{}, 1,
			mgl64.Vec3{2.76, 2.93, 0}, mgl64.Vec3{2.04, 3.47, 0}},
	} {
		l, r, ok := ArrowHead(c.a, c.b, c.up, c.head)
		if !ok || !near3(l, c.left, tol) || !near3(r, c.right, tol) {
			t.Errorf("%s: barbs %v, %v (ok %v), want %v, %v", c.name, l, r, ok, c.left, c.right)
		}
	}
	nan, inf := math.NaN(), math.Inf(1)
	for _, b := range []mgl64.Vec3{{}, {nan, 0, 0}, {inf, 0, 0}} {
		if _, _, ok := ArrowHead(mgl64.Vec3{}, b, mgl64.Vec3{0, 1, 0}, 1); ok {
			t.Errorf("arrow to %v: ok, want no head", b)
		}
	}
}

// TestArrowHeadInvariants: for random arrows the head is symmetric about
// the shaft, h back from the tip, 0.9 h wide, and perpendicular to up.
func TestArrowHeadInvariants(t *testing.T) {
	const tol = 1e-9
	rng := rand.New(rand.NewPCG(1, 1))
	rv := func() mgl64.Vec3 { return mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()} }
	for i := 0; i < 1000; i++ {
		a, b, up, head := rv(), rv(), rv(), 2*rng.Float64()
		l, r, ok := ArrowHead(a, b, up, head)
		if !ok {
			t.Fatalf("%v -> %v: no head", a, b)
		}
		d := b.Sub(a)
		h := math.Min(ArrowHeadFrac*d.Len(), head)
		d = d.Normalize()
		mid := l.Add(r).Mul(0.5)
		w := l.Sub(r)
		if !near3(mid, b.Sub(d.Mul(h)), tol) || math.Abs(w.Len()-2*ArrowHeadWidth*h) > tol ||
			math.Abs(w.Dot(d)) > tol || math.Abs(w.Dot(up.Normalize())) > tol {
			t.Fatalf("%v -> %v up %v head %v: barbs %v, %v", a, b, up, head, l, r)
		}
	}
}

// TestArrowOnScreen: seen by axisCamera the arrow from the origin to
// (2, 0, 0) with up = z has its head in the screen plane: shaft
// (200, 200)-(240, 200), barbs from the tip to (228, 200 -+ 5.4).
func TestArrowOnScreen(t *testing.T) {
	const tol = 1e-9
	cam, vp := axisCamera()
	var f Frame
	f.Begin(cam, vp)
	f.Arrow(mgl64.Vec3{}, mgl64.Vec3{2, 0, 0}, mgl64.Vec3{0, 0, 1}, 1, White, 2)
	want := [][2]mgl64.Vec2{
		{{200, 200}, {240, 200}},
		{{240, 200}, {228, 194.6}},
		{{240, 200}, {228, 205.4}},
	}
	if len(f.Segments) != len(want) {
		t.Fatalf("%d segments, want %d", len(f.Segments), len(want))
	}
	for i, w := range want {
		s := f.Segments[i]
		if !near2(s.A, w[0], tol) || !near2(s.B, w[1], tol) || s.Width != 2 {
			t.Errorf("segment %d: %v-%v width %v, want %v-%v width 2", i, s.A, s.B, s.Width, w[0], w[1])
		}
	}
	f.Begin(cam, vp)
	f.Arrow(mgl64.Vec3{1, 1, 1}, mgl64.Vec3{1, 1, 1}, mgl64.Vec3{0, 0, 1}, 1, White, 2)
	if len(f.Segments) != 0 {
		t.Errorf("zero-length arrow: %v", f.Segments)
	}
}

// TestCircleOnRadius: a circle of radius 1 about the origin in the screen
// plane is 20 px in radius for axisCamera; it starts at c + u and turns
// towards v (world +y, screen up).
func TestCircleOnRadius(t *testing.T) {
	const tol = 1e-9
	cam, vp := axisCamera()
	var f Frame
	f.Begin(cam, vp)
	f.Circle(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, 16, White, 1)
	if len(f.Segments) != 16 {
		t.Fatalf("%d segments, want 16", len(f.Segments))
	}
	centre := mgl64.Vec2{200, 200}
	for i, s := range f.Segments {
		for _, p := range []mgl64.Vec2{s.A, s.B} {
			if r := p.Sub(centre).Len(); math.Abs(r-20) > tol {
				t.Errorf("segment %d: point %v at %v px from the centre, want 20", i, p, r)
			}
		}
		if i > 0 && !near2(s.A, f.Segments[i-1].B, tol) {
			t.Errorf("segment %d does not start where %d ends", i, i-1)
		}
	}
	s, c := math.Sincos(2 * math.Pi / 16)
	if first := f.Segments[0]; !near2(first.A, mgl64.Vec2{220, 200}, tol) || !near2(first.B, mgl64.Vec2{200 + 20*c, 200 - 20*s}, tol) {
		t.Errorf("first segment %v-%v, want (220, 200)-(%v, %v)", first.A, first.B, 200+20*c, 200-20*s)
	}
	if last := f.Segments[15]; !near2(last.B, mgl64.Vec2{220, 200}, tol) {
		t.Errorf("the circle does not close: ends at %v", last.B)
	}
	f.Begin(cam, vp)
	f.Circle(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, 2, White, 1)
	if len(f.Segments) != 0 {
		t.Errorf("n = 2: %d segments, want none", len(f.Segments))
	}
}

// TestGridLines: the grid from (-1, -1) to (1, 1) every 0.5 at height 1,
// seen by axisCamera: five lines of constant x from z = -1 to z = 1, then
// five of constant z from x = -1 to x = 1, each projected by hand.
func TestGridLines(t *testing.T) {
	const tol = 1e-9
	cam, vp := axisCamera()
	var f Frame
	f.Begin(cam, vp)
	f.Grid(mgl64.Vec2{-1, -1}, mgl64.Vec2{1, 1}, 0.5, 1, GridColor, 1)
	var want [][2]mgl64.Vec3
	for _, x := range []float64{-1, -0.5, 0, 0.5, 1} {
		want = append(want, [2]mgl64.Vec3{{x, 1, -1}, {x, 1, 1}})
	}
	for _, z := range []float64{-1, -0.5, 0, 0.5, 1} {
		want = append(want, [2]mgl64.Vec3{{-1, 1, z}, {1, 1, z}})
	}
	if len(f.Segments) != len(want) {
		t.Fatalf("%d segments, want %d", len(f.Segments), len(want))
	}
	for i, w := range want {
		s := f.Segments[i]
		if !near2(s.A, axisPixel(w[0]), tol) || !near2(s.B, axisPixel(w[1]), tol) || s.Color != GridColor {
			t.Errorf("line %d: %v-%v, want the projection of %v-%v", i, s.A, s.B, w[0], w[1])
		}
	}
	// Bounds off the step: only the multiples inside, x in {0.5}, z in {-1, -0.5}.
	f.Begin(cam, vp)
	f.Grid(mgl64.Vec2{0.2, -1.2}, mgl64.Vec2{0.7, -0.3}, 0.5, 1, GridColor, 1)
	if len(f.Segments) != 3 || !near2(f.Segments[0].A, axisPixel(mgl64.Vec3{0.5, 1, -1.2}), tol) ||
		!near2(f.Segments[2].A, axisPixel(mgl64.Vec3{0.2, 1, -0.5}), tol) {
		t.Errorf("off-step bounds: %v", f.Segments)
	}
	for _, step := range []float64{0, -1, math.NaN(), math.Inf(1), 1e-9} {
		f.Begin(cam, vp)
		f.Grid(mgl64.Vec2{-1, -1}, mgl64.Vec2{1, 1}, step, 1, GridColor, 1)
		if len(f.Segments) != 0 {
			t.Errorf("step %v: %d segments, want none", step, len(f.Segments))
		}
	}
}

// TestPolylineThinning: 10 points thinned to 4 segments keep points 0, 3,
// 6, 9 (stride 3); to 3 segments 0, 4, 8 and the last, 9 (stride 4).
func TestPolylineThinning(t *testing.T) {
	const tol = 1e-9
	cam, vp := axisCamera()
	var f Frame
	calls := 0
	at := func(i int) mgl64.Vec3 { calls++; return mgl64.Vec3{0.1 * float64(i), 0, 0} } // pixel x 200 + 2i
	for _, c := range []struct {
		n, maxSegs int
		kept       []int
	}{
		{10, 4, []int{0, 3, 6, 9}},
		{10, 3, []int{0, 4, 8, 9}},
		{10, 100, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{10, 0, []int{0, 9}},
		{2, 1, []int{0, 1}},
		{1, 5, nil},
	} {
		f.Begin(cam, vp)
		calls = 0
		f.Polyline(c.n, c.maxSegs, at, White, 2)
		if len(c.kept) == 0 {
			if len(f.Segments) != 0 || calls != 0 {
				t.Errorf("n = %d: %d segments, %d calls, want none", c.n, len(f.Segments), calls)
			}
			continue
		}
		if len(f.Segments) != len(c.kept)-1 || calls != len(c.kept) {
			t.Errorf("n = %d, max %d: %d segments from %d calls, want %d from %d", c.n, c.maxSegs, len(f.Segments), calls, len(c.kept)-1, len(c.kept))
			continue
		}
		for i, s := range f.Segments {
			a, b := 200+2*float64(c.kept[i]), 200+2*float64(c.kept[i+1])
			if !near2(s.A, mgl64.Vec2{a, 200}, tol) || !near2(s.B, mgl64.Vec2{b, 200}, tol) {
				t.Errorf("n = %d, max %d: segment %d %v-%v, want x %v-%v", c.n, c.maxSegs, i, s.A, s.B, a, b)
			}
		}
	}
}

func TestZoomScale(t *testing.T) {
	const tol = 1e-12
	var f Frame
	for _, c := range []struct{ dist, ref, want float64 }{
		{6.8, 3.4, 2}, {3.4, 3.4, 1}, {1, 3.4, 1}, {5, 0, 1}, {5, -1, 1}, {math.NaN(), 1, 1},
	} {
		f.Begin(Camera{Distance: c.dist, Fov: 60}, Viewport{W: 100, H: 100})
		if got := f.ZoomScale(c.ref); math.Abs(got-c.want) > tol {
			t.Errorf("distance %v, ref %v: %v, want %v", c.dist, c.ref, got, c.want)
		}
	}
}

// TestShapesAllocateNothing: once the frame's buffer has grown, the shapes
// append without allocating.
func TestShapesAllocateNothing(t *testing.T) {
	cam, vp := axisCamera()
	var f Frame
	k := 0.5
	at := func(i int) mgl64.Vec3 { return mgl64.Vec3{k * float64(i), 0, 0} }
	draw := func() {
		f.Begin(cam, vp)
		f.Circle(mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, 32, White, 1)
		f.Arrow(mgl64.Vec3{}, mgl64.Vec3{1, 1, 0}, mgl64.Vec3{0, 0, 1}, f.ZoomScale(3.4), White, 1)
		f.Grid(mgl64.Vec2{-2, -2}, mgl64.Vec2{2, 2}, 0.5, -1, GridColor, 1)
		f.Polyline(100, 30, at, White, 1)
	}
	draw()
	if n := testing.AllocsPerRun(50, draw); n != 0 {
		t.Errorf("%v allocations per frame of shapes", n)
	}
}
