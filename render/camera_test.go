package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func vecErr(a, b mgl64.Vec3) float64 { return a.Sub(b).Len() }

func TestDefaultCamera(t *testing.T) {
	const tol = 1e-9
	c := DefaultCamera()
	if err := vecErr(c.Eye(), mgl64.Vec3{15, 10, 10}); !(err <= tol) {
		t.Errorf("Eye = %v, want (15, 10, 10) (err %g)", c.Eye(), err)
	}
	if err := vecErr(c.Target, mgl64.Vec3{2, 0, 0}); !(err <= tol) {
		t.Errorf("Target = %v", c.Target)
	}
	// It looks at (2, 0, 0): in view space the target is straight ahead.
	v := c.View().Mul4x1(mgl64.Vec4{2, 0, 0, 1})
	if !(math.Abs(v[0]) <= tol && math.Abs(v[1]) <= tol && math.Abs(v[2]+math.Sqrt(369)) <= tol) {
		t.Errorf("view-space target = %v, want (0, 0, -sqrt(369))", v)
	}
	// The rounded values.
	for _, x := range []struct {
		name      string
		got, want float64
	}{{"yaw", c.Yaw, 52.4}, {"pitch", c.Pitch, 31.4}, {"distance", c.Distance, 19.21}, {"fov", c.Fov, 60}} {
		if !(math.Abs(x.got-x.want) <= 0.05) {
			t.Errorf("%s = %g, want about %g", x.name, x.got, x.want)
		}
	}
}

func TestEyeConventions(t *testing.T) {
	const tol = 1e-12
	target := mgl64.Vec3{1, 2, 3}
	for _, tc := range []struct {
		yaw, pitch float64
		dir        mgl64.Vec3
	}{
		{0, 0, mgl64.Vec3{0, 0, 1}},
		{90, 0, mgl64.Vec3{1, 0, 0}},
		{180, 0, mgl64.Vec3{0, 0, -1}},
		{-90, 0, mgl64.Vec3{-1, 0, 0}},
		{0, 30, mgl64.Vec3{0, 0.5, math.Sqrt(3) / 2}},
		{90, -45, mgl64.Vec3{math.Sqrt(0.5), -math.Sqrt(0.5), 0}},
	} {
		c := Camera{Target: target, Yaw: tc.yaw, Pitch: tc.pitch, Distance: 4, Fov: 60}
		want := target.Add(tc.dir.Mul(4))
		if err := vecErr(c.Eye(), want); !(err <= tol*10) {
			t.Errorf("yaw %g pitch %g: Eye = %v, want %v", tc.yaw, tc.pitch, c.Eye(), want)
		}
		// Right, Up and the view direction form a right-handed orthonormal
		// frame, Right horizontal.
		r, u, back := c.Right(), c.Up(), c.Offset()
		if !(math.Abs(r.Len()-1) <= tol && math.Abs(u.Len()-1) <= tol && math.Abs(r.Dot(u)) <= tol &&
			math.Abs(r[1]) <= tol && vecErr(r.Cross(u), back) <= tol) {
			t.Errorf("yaw %g pitch %g: right %v up %v back %v not a right-handed frame", tc.yaw, tc.pitch, r, u, back)
		}
	}
}

func TestOrbit(t *testing.T) {
	const tol = 1e-9
	c := DefaultCamera()
	for _, d := range [][2]float64{{10, 5}, {-400, 3}, {725, -20}, {0, 500}, {33, -1000}, {math.NaN(), math.Inf(1)}} {
		before := c
		c.Orbit(d[0], d[1])
		if err := vecErr(c.Eye(), c.Target); !(math.Abs(err-before.Distance) <= tol) || c.Target != before.Target || c.Distance != before.Distance {
			t.Errorf("Orbit%v changed distance or target: %v -> %v", d, before, c)
		}
		if !(c.Pitch >= -MaxPitch && c.Pitch <= MaxPitch && c.Yaw >= -180 && c.Yaw < 180) {
			t.Errorf("Orbit%v: yaw %g pitch %g out of range", d, c.Yaw, c.Pitch)
		}
	}
	c = DefaultCamera()
	c.Orbit(0, 500)
	if c.Pitch != MaxPitch {
		t.Errorf("pitch = %g, want clamp at %g", c.Pitch, MaxPitch)
	}
	c.Orbit(0, -1000)
	if c.Pitch != -MaxPitch {
		t.Errorf("pitch = %g, want clamp at %g", c.Pitch, -MaxPitch)
	}
	c = DefaultCamera()
	y := c.Yaw
	c.Orbit(360, 0)
	if !(math.Abs(c.Yaw-y) <= tol) {
		t.Errorf("a full turn changed yaw %g -> %g", y, c.Yaw)
	}
	c.Orbit(math.NaN(), math.NaN())
	if !(math.Abs(c.Yaw-y) <= tol) || math.IsNaN(c.Pitch) {
		t.Errorf("NaN orbit was not ignored: %v", c)
	}
}

func TestZoom(t *testing.T) {
	const tol = 1e-12
	c := DefaultCamera()
	d0 := c.Distance
	c.Zoom(0.5)
	if !(math.Abs(c.Distance-d0/2) <= tol) || c.Target != DefaultTarget {
		t.Errorf("Zoom(0.5): distance %g, want %g", c.Distance, d0/2)
	}
	if err := vecErr(c.Eye(), c.Target); !(math.Abs(err-d0/2) <= tol) {
		t.Errorf("eye distance %g", err)
	}
	c.Zoom(1e-9)
	if c.Distance != MinDistance {
		t.Errorf("distance %g, want clamp %g", c.Distance, MinDistance)
	}
	c.Zoom(1e12)
	if c.Distance != MaxDistance {
		t.Errorf("distance %g, want clamp %g", c.Distance, MaxDistance)
	}
	for _, f := range []float64{0, -2, math.NaN(), math.Inf(1), math.Inf(-1)} {
		c.Zoom(f)
		if c.Distance != MaxDistance {
			t.Errorf("Zoom(%g) was not ignored: distance %g", f, c.Distance)
		}
	}
}

// TestPan checks the stated unit: after Pan(dx, dy) the old target, seen
// on the screen, has moved by -dx viewport heights to the right and dy
// heights down (the view moved right and up), in both projections.
func TestPan(t *testing.T) {
	const tol = 1e-6 // pixels
	vp := Viewport{0, 0, 800, 400}
	for _, ortho := range []bool{false, true} {
		c := DefaultCamera()
		c.Ortho = ortho
		old := c.Target
		c.Pan(0.25, -0.125)
		if c.Distance != DefaultCamera().Distance || c.Yaw != DefaultCamera().Yaw || c.Pitch != DefaultCamera().Pitch {
			t.Errorf("Pan changed the orbit: %v", c)
		}
		var f Frame
		f.Begin(c, vp)
		p, ok := f.Project(old)
		want := mgl64.Vec2{400 - 0.25*400, 200 + -0.125*400}
		if !ok || !(p.Sub(want).Len() <= tol) {
			t.Errorf("ortho %v: old target at %v (%v), want %v", ortho, p, ok, want)
		}
		c.Pan(math.NaN(), 0)
		if math.IsNaN(c.Target[0]) {
			t.Error("NaN pan was not ignored")
		}
	}
}

// TestOrthoMatchesPerspectiveAtTarget: points in the plane through the
// target, facing the camera, land on the same pixels in both projections.
func TestOrthoMatchesPerspectiveAtTarget(t *testing.T) {
	const tol = 1e-6
	vp := Viewport{10, 20, 640, 480}
	c := DefaultCamera()
	h := c.HalfHeight()
	for _, off := range [][2]float64{{0, 0}, {1, 0}, {0, 1}, {-0.7, 0.4}} {
		p := c.Target.Add(c.Right().Mul(off[0] * h)).Add(c.Up().Mul(off[1] * h))
		var a, b Frame
		a.Begin(c, vp)
		o := c
		o.Ortho = true
		b.Begin(o, vp)
		pa, oka := a.Project(p)
		pb, okb := b.Project(p)
		if !oka || !okb || !(pa.Sub(pb).Len() <= tol) {
			t.Errorf("offset %v: perspective %v (%v), ortho %v (%v)", off, pa, oka, pb, okb)
		}
	}
}
