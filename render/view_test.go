package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestViewMatchesLookAt: below |pitch| 90 the view matrix built from
// Right, Up and Offset is mgl64's LookAt with world +y up (a second
// implementation).
func TestViewMatchesLookAt(t *testing.T) {
	const tol = 1e-9
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 500; i++ {
		c := Camera{
			Target: mgl64.Vec3{rng.Float64()*20 - 10, rng.Float64()*20 - 10, rng.Float64()*20 - 10},
			Yaw:    rng.Float64()*720 - 360, Pitch: rng.Float64()*179.8 - 89.9,
			Distance: 0.5 + rng.Float64()*50, Fov: 60,
		}
		got, want := c.View(), mgl64.LookAtV(c.Eye(), c.Target, mgl64.Vec3{0, 1, 0})
		for k := range got {
			if math.Abs(got[k]-want[k]) > tol*(1+math.Abs(want[k])) {
				t.Fatalf("%+v: View %v\nLookAt %v", c, got, want)
			}
		}
	}
}

// TestTopOrthoIsAPlan: the Top view in orthographic projection maps world
// x to screen x and world z to screen y (down), at the same number of
// pixels per unit, H / (2 HalfHeight), and height to nothing.
func TestTopOrthoIsAPlan(t *testing.T) {
	const tol = 1e-9
	vp := Viewport{X: 30, Y: 10, W: 800, H: 400}
	c := DefaultCamera()
	c.Target, c.Distance, c.Ortho = mgl64.Vec3{1, 2, 3}, 10, true
	c.Face(TopView)
	var f Frame
	f.Begin(c, vp)
	k := vp.H / (2 * c.HalfHeight())
	o, ok := f.Project(c.Target)
	if !ok || o.Sub(mgl64.Vec2{vp.X + vp.W/2, vp.Y + vp.H/2}).Len() > tol {
		t.Fatalf("target at %v (%v), want the viewport centre", o, ok)
	}
	for _, d := range []struct {
		world mgl64.Vec3
		px    mgl64.Vec2
	}{
		{mgl64.Vec3{1, 0, 0}, mgl64.Vec2{k, 0}},
		{mgl64.Vec3{0, 0, 1}, mgl64.Vec2{0, k}},
		{mgl64.Vec3{0, 1, 0}, mgl64.Vec2{0, 0}},
		{mgl64.Vec3{2.5, -1, -1.5}, mgl64.Vec2{2.5 * k, -1.5 * k}},
	} {
		p, ok := f.Project(c.Target.Add(d.world))
		if !ok || p.Sub(o).Sub(d.px).Len() > tol {
			t.Errorf("world step %v moves the pixel by %v (%v), want %v", d.world, p.Sub(o), ok, d.px)
		}
	}
	// The orthographic view is not cut by the near plane: a point above
	// the eye still projects.
	if _, ok := f.Project(c.Eye().Add(mgl64.Vec3{0, 5, 0})); !ok {
		t.Error("a point behind the orthographic eye is clipped")
	}
}

// TestViewPresets: each preset's eye direction (Offset) is the one its
// name promises.
func TestViewPresets(t *testing.T) {
	const tol = 1e-12
	r := 1 / math.Sqrt(3)
	for _, v := range []struct {
		name string
		o    Orientation
		eye  mgl64.Vec3
	}{
		{"top", TopView, mgl64.Vec3{0, 1, 0}},
		{"front", FrontView, mgl64.Vec3{0, 0, 1}},
		{"side", SideView, mgl64.Vec3{1, 0, 0}},
		{"iso", IsoView, mgl64.Vec3{r, r, r}},
	} {
		c := DefaultCamera()
		c.Face(v.o)
		if vecErr(c.Offset(), v.eye) > tol {
			t.Errorf("%s: eye direction %v, want %v", v.name, c.Offset(), v.eye)
		}
	}
	c := DefaultCamera()
	c.Face(Orientation{math.NaN(), 200})
	if c.Yaw != DefaultCamera().Yaw || c.Pitch != 90 {
		t.Errorf("Face(NaN, 200): yaw %g pitch %g, want the old yaw and 90", c.Yaw, c.Pitch)
	}
}

// TestOrbitFromTop: from the Top view (pitch 90) a pure turn keeps the
// pitch, a drag down leaves it continuously, a drag up stays at 90.
func TestOrbitFromTop(t *testing.T) {
	c := DefaultCamera()
	c.Face(TopView)
	c.Orbit(10, 0)
	if c.Pitch != 90 || c.Yaw != 10 {
		t.Errorf("turn at the top: yaw %g pitch %g, want 10, 90", c.Yaw, c.Pitch)
	}
	c.Orbit(0, 5)
	if c.Pitch != 90 {
		t.Errorf("pitch %g past the top", c.Pitch)
	}
	c.Orbit(0, -0.5)
	if c.Pitch != 89.5 {
		t.Errorf("pitch %g after a small drag down from the top, want 89.5", c.Pitch)
	}
	c.Orbit(0, 5)
	if c.Pitch != 89.5 {
		t.Errorf("pitch %g, want 89.5: a drag up does not go back past where it came from", c.Pitch)
	}
	c.Orbit(0, -1)
	c.Orbit(0, 5)
	if c.Pitch != MaxPitch {
		t.Errorf("pitch %g, want the usual clamp %g once below it", c.Pitch, MaxPitch)
	}
}

// corners returns the 8 corners of lo..hi.
func corners(lo, hi mgl64.Vec3) [8]mgl64.Vec3 {
	var cs [8]mgl64.Vec3
	for i := range cs {
		for k := 0; k < 3; k++ {
			cs[i][k] = lo[k]
			if i>>k&1 == 1 {
				cs[i][k] = hi[k]
			}
		}
	}
	return cs
}

// fill projects the box's corners with f and returns the fraction of the
// viewport's width and height their extent covers, and whether every
// corner lies inside the viewport shrunk by inset pixels (minus tol).
func fill(t *testing.T, f *Frame, lo, hi mgl64.Vec3, inset [2]float64, tol float64) (fx, fy float64, inside bool) {
	t.Helper()
	vp := f.Viewport()
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	inside = true
	for _, p := range corners(lo, hi) {
		q, ok := f.Project(p)
		if !ok {
			return 0, 0, false
		}
		x0, x1, y0, y1 = math.Min(x0, q[0]), math.Max(x1, q[0]), math.Min(y0, q[1]), math.Max(y1, q[1])
		if q[0] < vp.X+inset[0]-tol || q[0] > vp.X+vp.W-inset[0]+tol || q[1] < vp.Y+inset[1]-tol || q[1] > vp.Y+vp.H-inset[1]+tol {
			inside = false
		}
	}
	return (x1 - x0) / vp.W, (y1 - y0) / vp.H, inside
}

// TestFitOrtho: orthographic, the box's projection is symmetric about the
// centre, so Fit makes it fill exactly 1 - 2*margin of the limiting
// dimension and no more of the other, for any orientation and aspect.
func TestFitOrtho(t *testing.T) {
	const tol = 1e-9
	const margin = 0.1
	rng := rand.New(rand.NewPCG(2, 2))
	for i := 0; i < 300; i++ {
		c := DefaultCamera()
		c.Ortho = true
		c.Face(Orientation{rng.Float64()*360 - 180, rng.Float64()*180 - 90})
		if i < 4 {
			c.Face([]Orientation{TopView, FrontView, SideView, IsoView}[i])
		}
		lo := mgl64.Vec3{rng.Float64()*10 - 5, rng.Float64()*10 - 5, rng.Float64()*10 - 5}
		hi := lo.Add(mgl64.Vec3{1 + rng.Float64()*8, 1 + rng.Float64()*8, 1 + rng.Float64()*8})
		vp := Viewport{X: 50, Y: 5, W: 200 + rng.Float64()*1000, H: 200 + rng.Float64()*600}
		c.Fit(lo, hi, vp.Aspect(), margin)
		var f Frame
		f.Begin(c, vp)
		fx, fy, inside := fill(t, &f, lo, hi, [2]float64{margin * vp.W, margin * vp.H}, 1e-6)
		if !inside || math.Abs(max(fx, fy)-0.8) > tol || min(fx, fy) > 0.8+tol {
			t.Fatalf("%+v in %v: fill %.12f x %.12f, inside the margin %v; want exactly 0.8 in one", c, vp, fx, fy, inside)
		}
	}
}

// TestFitPerspective: a cube of half-size 1 seen from the front (yaw 0,
// pitch 0) with a 60 degree field of view in a square viewport: its near
// face (depth D - 1) is the widest, so D = 1 + 1/(0.8 tan 30), the target
// is the centre, and the face spans exactly 80% both ways (by hand). For
// other orientations and boxes every corner lies inside the margin and
// the box spans exactly 80% of the limiting dimension: the fit touches
// both sides of it.
func TestFitPerspective(t *testing.T) {
	const tol = 1e-9
	const margin = 0.1
	c := DefaultCamera()
	c.Face(FrontView)
	ctr := mgl64.Vec3{3, -2, 5}
	lo, hi := ctr.Sub(mgl64.Vec3{1, 1, 1}), ctr.Add(mgl64.Vec3{1, 1, 1})
	c.Fit(lo, hi, 1, margin)
	wantD := 1 + 1/(0.8*math.Tan(math.Pi/6))
	if math.Abs(c.Distance-wantD) > tol || vecErr(c.Target, ctr) > tol {
		t.Errorf("front cube: distance %g target %v, want %g and %v", c.Distance, c.Target, wantD, ctr)
	}
	var f Frame
	vp := Viewport{W: 500, H: 500}
	f.Begin(c, vp)
	if fx, fy, inside := fill(t, &f, lo, hi, [2]float64{50, 50}, 1e-6); !inside || math.Abs(fx-0.8) > tol || math.Abs(fy-0.8) > tol {
		t.Errorf("front cube fills %g x %g (inside %v), want 0.8 x 0.8", fx, fy, inside)
	}

	rng := rand.New(rand.NewPCG(3, 3))
	views := []Orientation{TopView, FrontView, SideView, IsoView, {DefaultCamera().Yaw, DefaultCamera().Pitch}}
	for i := 0; i < 300; i++ {
		c := DefaultCamera()
		if i < len(views) {
			c.Face(views[i])
		} else {
			c.Face(Orientation{rng.Float64()*360 - 180, rng.Float64()*180 - 90})
		}
		lo := mgl64.Vec3{rng.Float64()*10 - 5, rng.Float64()*10 - 5, rng.Float64()*10 - 5}
		hi := lo.Add(mgl64.Vec3{1 + rng.Float64()*8, 0.2 + rng.Float64()*8, 0.2 + rng.Float64()*8}) // never all below FitMinRadius
		vp := Viewport{X: 50, Y: 5, W: 200 + rng.Float64()*1000, H: 200 + rng.Float64()*600}
		c.Fit(lo, hi, vp.Aspect(), margin)
		var f Frame
		f.Begin(c, vp)
		fx, fy, inside := fill(t, &f, lo, hi, [2]float64{margin * vp.W, margin * vp.H}, 1e-6)
		if !inside || math.Abs(max(fx, fy)-0.8) > tol {
			t.Fatalf("%+v, box %v..%v in %v: fill %.12f x %.12f, inside the margin %v; want exactly 0.8 in one", c, lo, hi, vp, fx, fy, inside)
		}
	}
}

// TestFitDegenerate: a point is framed as a sphere of FitMinRadius about
// it; a non-finite corner, aspect or margin and a bad Fov leave the
// camera; a huge box is centred at MaxDistance.
func TestFitDegenerate(t *testing.T) {
	const tol = 1e-9
	p := mgl64.Vec3{1, 2, 3}
	c := DefaultCamera()
	c.Face(FrontView)
	c.Fit(p, p, 1, 0.1)
	// The sphere's cube seen from the front: as in TestFitPerspective,
	// D = r + r/(0.8 tan 30).
	want := FitMinRadius + FitMinRadius/(0.8*math.Tan(math.Pi/6))
	if vecErr(c.Target, p) > tol || math.Abs(c.Distance-want) > tol {
		t.Errorf("point: target %v distance %g, want %v and %g", c.Target, c.Distance, p, want)
	}
	nan, inf := math.NaN(), math.Inf(1)
	for _, bad := range []struct {
		lo, hi         mgl64.Vec3
		aspect, margin float64
		fov            float64
	}{
		{mgl64.Vec3{nan, 0, 0}, p, 1, 0.1, 60},
		{mgl64.Vec3{}, mgl64.Vec3{0, inf, 0}, 1, 0.1, 60},
		{mgl64.Vec3{}, p, 0, 0.1, 60},
		{mgl64.Vec3{}, p, -1, 0.1, 60},
		{mgl64.Vec3{}, p, nan, 0.1, 60},
		{mgl64.Vec3{}, p, 1, nan, 60},
		{mgl64.Vec3{}, p, 1, 0.1, 0},
		{mgl64.Vec3{}, p, 1, 0.1, 180},
	} {
		c := DefaultCamera()
		c.Fov = bad.fov
		before := c
		c.Fit(bad.lo, bad.hi, bad.aspect, bad.margin)
		if c != before {
			t.Errorf("Fit(%v, %v, %g, %g) with fov %g changed the camera to %+v", bad.lo, bad.hi, bad.aspect, bad.margin, bad.fov, c)
		}
	}
	c = DefaultCamera()
	c.Fit(mgl64.Vec3{-1e4, -1e4, -1e4}, mgl64.Vec3{1e4, 1e4, 1e4}, 1, 0.1)
	if c.Distance != MaxDistance || vecErr(c.Target, mgl64.Vec3{}) > tol {
		t.Errorf("huge box: distance %g target %v, want %g at the origin", c.Distance, c.Target, MaxDistance)
	}
	c = DefaultCamera()
	lo, hi := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{2, 2, 2}
	c.Fit(hi, lo, 1.5, 0.1)
	d := DefaultCamera()
	d.Fit(lo, hi, 1.5, 0.1)
	if c != d {
		t.Errorf("swapped corners frame %+v, want %+v", c, d)
	}
}

// TestZoomAtKeepsThePointUnderTheCursor: in both projections, a point of
// the plane through Target facing the camera that is under the cursor
// stays there, and every other point of that plane moves away from the
// cursor by the inverse of the distance factor (the plane is the new
// target's plane too, at factor times the depth).
func TestZoomAtKeepsThePointUnderTheCursor(t *testing.T) {
	const tol = 1e-6 // pixels
	vp := Viewport{X: 100, Y: 20, W: 800, H: 400}
	for _, ortho := range []bool{false, true} {
		for _, factor := range []float64{0.5, 0.9, 1.25} {
			c := DefaultCamera()
			c.Ortho = ortho
			h := c.HalfHeight()
			under := c.Target.Add(c.Right().Mul(0.9 * h)).Add(c.Up().Mul(-0.3 * h))
			other := c.Target.Add(c.Right().Mul(0.3 * h)).Add(c.Up().Mul(0.1 * h))
			var f Frame
			f.Begin(c, vp)
			at, ok1 := f.Project(under)
			o0, ok2 := f.Project(other)
			d0, t0 := c.Distance, c.Target
			c.ZoomAt(factor, at, vp)
			f.Begin(c, vp)
			at2, ok3 := f.Project(under)
			o1, ok4 := f.Project(other)
			if !ok1 || !ok2 || !ok3 || !ok4 {
				t.Fatalf("ortho %v: a point left the view", ortho)
			}
			if at2.Sub(at).Len() > tol {
				t.Errorf("ortho %v factor %g: the point under the cursor moved %v -> %v", ortho, factor, at, at2)
			}
			want := at.Add(o0.Sub(at).Mul(1 / factor))
			if o1.Sub(want).Len() > tol {
				t.Errorf("ortho %v factor %g: another point went to %v, want %v", ortho, factor, o1, want)
			}
			if math.Abs(c.Distance-d0*factor) > 1e-12 || c.Target == t0 {
				t.Errorf("ortho %v factor %g: distance %g (want %g), target %v", ortho, factor, c.Distance, d0*factor, c.Target)
			}
		}
	}
	c := DefaultCamera()
	c.ZoomAt(0.5, mgl64.Vec2{10, 10}, Viewport{})
	if c.Target != DefaultTarget || c.Distance != DefaultCamera().Distance/2 {
		t.Errorf("an invalid viewport zooms about the centre: %+v", c)
	}
	c.ZoomAt(math.NaN(), mgl64.Vec2{10, 10}, vp)
	c.ZoomAt(2, mgl64.Vec2{math.NaN(), 10}, vp)
	if c.Target != DefaultTarget || c.Distance != DefaultCamera().Distance {
		t.Errorf("NaN factor or cursor: %+v", c)
	}
}
