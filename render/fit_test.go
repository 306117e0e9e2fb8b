package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// projectedBox returns the pixel box of pts seen by cam in vp, projected
// by a Frame (an independent path: the view and projection matrices).
func projectedBox(t *testing.T, cam Camera, vp Viewport, pts []mgl64.Vec3) (lo, hi mgl64.Vec2) {
	t.Helper()
	var f Frame
	f.Begin(cam, vp)
	lo, hi = mgl64.Vec2{math.Inf(1), math.Inf(1)}, mgl64.Vec2{math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		s, ok := f.Project(p)
		if !ok {
			t.Fatalf("point %v is outside the view of %+v", p, cam)
		}
		for k := 0; k < 2; k++ {
			lo[k], hi[k] = math.Min(lo[k], s[k]), math.Max(hi[k], s[k])
		}
	}
	return lo, hi
}

// A thin rod along the diagonal of a box: fitted to its points, its
// projection spans exactly 1 - 2*margin of the limiting dimension and is
// centred; fitted to its box (Camera.Fit), it spans less, since the box's
// corners project wider than the rod.
func TestFitterFillsWithThePointsNotTheirBox(t *testing.T) {
	var pts []mgl64.Vec3
	for i := 0; i <= 20; i++ {
		s := float64(i) / 20
		pts = append(pts, mgl64.Vec3{-3 + 6*s, -1 + 2*s, 2 - 4*s}.Add(mgl64.Vec3{5, 1, -2}))
	}
	const margin = 0.125
	vp := Viewport{X: 100, Y: 0, W: 800, H: 450}
	for _, ortho := range []bool{false, true} {
		for _, o := range []Orientation{IsoView, TopView, FrontView, {Yaw: 70, Pitch: 20}} {
			cam := DefaultCamera()
			cam.Ortho = ortho
			cam.Face(o)
			var f Fitter
			f.Start(cam, vp.Aspect(), margin)
			for _, p := range pts {
				f.Add(p)
			}
			fit, ok := f.Fit()
			if !ok {
				t.Fatalf("ortho %v %v: no fit", ortho, o)
			}
			lo, hi := projectedBox(t, fit, vp, pts)
			fx, fy := (hi[0]-lo[0])/vp.W, (hi[1]-lo[1])/vp.H
			fill := math.Max(fx, fy)
			// The limiting dimension spans 1 - 2*margin = 0.75 of the
			// viewport, to rounding.
			if math.Abs(fill-0.75) > 1e-6 {
				t.Errorf("ortho %v %v: the rod spans %.6f x %.6f of the viewport, want 0.75 on the limiting axis", ortho, o, fx, fy)
			}
			// Centred: the limiting axis exactly; the other to within 2%
			// of the viewport (perspective centres it to first order).
			cx, cy := (lo[0]+hi[0])/2-(vp.X+vp.W/2), (lo[1]+hi[1])/2-(vp.Y+vp.H/2)
			if math.Abs(cx) > 0.02*vp.W || math.Abs(cy) > 0.02*vp.H {
				t.Errorf("ortho %v %v: the rod's centre is off by (%.2f, %.2f) px", ortho, o, cx, cy)
			}
			boxed := cam
			blo, bhi, _ := f.Box()
			boxed.Fit(blo, bhi, vp.Aspect(), margin)
			lo, hi = projectedBox(t, boxed, vp, pts)
			if bfill := math.Max((hi[0]-lo[0])/vp.W, (hi[1]-lo[1])/vp.H); bfill > fill+1e-9 {
				t.Errorf("ortho %v %v: fitting the box fills %.4f, more than the points' %.4f", ortho, o, bfill, fill)
			}
		}
	}
}

func TestFitterDegenerate(t *testing.T) {
	var f Fitter
	if _, ok := f.Fit(); ok {
		t.Error("a Fitter never started fits")
	}
	f.Add(mgl64.Vec3{1, 2, 3})
	if f.Count() != 0 {
		t.Error("a Fitter never started counts points")
	}
	cam := DefaultCamera()
	f.Start(cam, 16.0/9, 0.1)
	if c, ok := f.Fit(); ok || c != cam {
		t.Error("a fit of no points changed the camera")
	}
	f.Add(mgl64.Vec3{math.NaN(), 0, 0})
	f.Add(mgl64.Vec3{math.Inf(1), 0, 0})
	if f.Count() != 0 {
		t.Error("non-finite points counted")
	}
	f.Add(mgl64.Vec3{1, 1, 1})
	c, ok := f.Fit()
	// One point is framed as the cube of half-size FitMinRadius about it:
	// the cube's corners lie inside the viewport, the point near its middle.
	vp := Viewport{W: 160, H: 90}
	if !ok || !(c.Distance >= MinDistance) {
		t.Fatalf("one point: %+v, %v; want a fit from at least MinDistance", c, ok)
	}
	h := mgl64.Vec3{FitMinRadius, FitMinRadius, FitMinRadius}
	lo, hi := projectedBox(t, c, vp, []mgl64.Vec3{{1, 1, 1}, mgl64.Vec3{1, 1, 1}.Sub(h), mgl64.Vec3{1, 1, 1}.Add(h)})
	if lo[0] < 0 || lo[1] < 0 || hi[0] > vp.W || hi[1] > vp.H {
		t.Errorf("one point: its cube spans %v..%v, outside the %vx%v viewport", lo, hi, vp.W, vp.H)
	}
	for _, a := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		f.Start(cam, a, 0.1)
		f.Add(mgl64.Vec3{})
		if _, ok := f.Fit(); ok {
			t.Errorf("aspect %g fitted", a)
		}
	}
}
