package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// UnitFor by hand: 1 from sqrt(3) to 50; above, size/u in [5, 50); below,
// size/u in [sqrt(3), 10 sqrt(3)); degenerate sizes give 1.
func TestUnitFor(t *testing.T) {
	for _, c := range []struct{ size, want float64 }{
		{1.7320508075688772, 1}, {2.87, 1}, {8.08, 1}, {49.99, 1},
		{50, 10}, {499, 10}, {500, 100}, {800, 100}, {1e5, 1e4}, {4.9e5, 1e4},
		{1.7, 0.1}, {1, 0.1}, {0.2, 0.1}, {0.17, 0.01}, {1e-3, 1e-4}, {1.8e-3, 1e-3},
		{0, 1}, {-3, 1}, {math.Inf(1), 1}, {math.NaN(), 1},
	} {
		if got := UnitFor(c.size); math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("UnitFor(%g) = %g, want %g", c.size, got, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(8, 28))
	for range 2000 {
		size := math.Pow(10, -200+400*rng.Float64())
		u := UnitFor(size)
		if k := math.Log10(u); math.Abs(k-math.Round(k)) > 1e-9 {
			t.Fatalf("UnitFor(%g) = %g is not a power of ten", size, u)
		}
		r := size / u
		switch {
		case size >= UnitBandLo && size < UnitBandHi:
			if u != 1 {
				t.Fatalf("UnitFor(%g) = %g, want 1 in the band", size, u)
			}
		case size >= UnitBandHi:
			if !(r >= 5*(1-1e-12) && r < 50*(1+1e-12)) {
				t.Fatalf("UnitFor(%g) = %g: size/u %g outside [5, 50)", size, u, r)
			}
		default:
			if !(r >= UnitBandLo*(1-1e-12) && r < 10*UnitBandLo*(1+1e-12)) {
				t.Fatalf("UnitFor(%g) = %g: size/u %g outside [sqrt 3, 10 sqrt 3)", size, u, r)
			}
		}
	}
}

// A camera of unit u clips, zooms and frames in u: its projection is the
// unit camera's with near and far times u; Zoom stops at MinDistance and
// MaxDistance times u; Fit of a box and of the same box times u give the
// same direction, the distance and target times u, and a point is framed
// as a cube of FitMinRadius times u. The zero Unit counts as 1.
func TestCameraUnit(t *testing.T) {
	const tol = 1e-12
	for _, u := range []float64{1e-4, 1, 100, 1e4} {
		c := DefaultCamera()
		c.Unit = u
		if c.U() != u {
			t.Fatalf("U() = %g, want %g", c.U(), u)
		}
		want := mgl64.Perspective(mgl64.DegToRad(c.Fov), 16.0/9, Near*u, Far*u)
		if got := c.Projection(16.0 / 9); !got.ApproxEqualThreshold(want, tol) {
			t.Errorf("unit %g: projection %v, want %v", u, got, want)
		}
		c.Zoom(1e30)
		if c.Distance != MaxDistance*u {
			t.Errorf("unit %g: zoomed out to %g, want %g", u, c.Distance, MaxDistance*u)
		}
		c.Zoom(1e-30)
		if c.Distance != MinDistance*u {
			t.Errorf("unit %g: zoomed in to %g, want %g", u, c.Distance, MinDistance*u)
		}
		one, scaled := DefaultCamera(), DefaultCamera()
		one.Unit, scaled.Unit = 1, u
		lo, hi := mgl64.Vec3{-1, 0, -2}, mgl64.Vec3{3, 5, 1}
		one.Fit(lo, hi, 16.0/9, 0.1)
		scaled.Fit(lo.Mul(u), hi.Mul(u), 16.0/9, 0.1)
		if math.Abs(scaled.Distance-u*one.Distance) > tol*u*one.Distance || scaled.Target.Sub(one.Target.Mul(u)).Len() > tol*u*10 ||
			scaled.Yaw != one.Yaw || scaled.Pitch != one.Pitch {
			t.Errorf("unit %g: Fit gives %+v, want the unit camera's %+v scaled", u, scaled, one)
		}
		point := DefaultCamera()
		point.Unit = u
		point.Face(FrontView) // the cube's front face square to the view: its corners' depths are +-r
		point.Fit(mgl64.Vec3{}, mgl64.Vec3{}, 1, 0.1)
		r := FitMinRadius * u
		if d := r + r/(0.8*math.Tan(math.Pi/6)); math.Abs(point.Distance-d) > tol*d {
			t.Errorf("unit %g: a point framed at %g, want %g", u, point.Distance, d)
		}
	}
	var zero Camera
	if zero.U() != 1 {
		t.Errorf("the zero Unit counts as %g", zero.U())
	}
}

// The decorations follow the camera's unit: the grid of a camera of unit
// 100 is the unit camera's grid seen from 100 times farther, so the same
// pixels (segment by segment, to 1e-6 px), and so are the rods.
func TestDecorationsFollowUnit(t *testing.T) {
	vp := Viewport{W: 640, H: 360}
	draw := func(u float64) []Segment {
		c := DefaultCamera()
		c.Unit, c.Distance, c.Target = u, c.Distance*u, c.Target.Mul(u)
		var f Frame
		f.Begin(c, vp)
		f.Scene(&scene.Scene{}, nil, Options{Grid: true, Basis: true})
		return f.Segments
	}
	a, b := draw(1), draw(100)
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("%d and %d segments", len(a), len(b))
	}
	for i := range a {
		if a[i].A.Sub(b[i].A).Len() > 1e-6 || a[i].B.Sub(b[i].B).Len() > 1e-6 {
			t.Fatalf("segment %d: %v and %v", i, a[i], b[i])
		}
	}
}
