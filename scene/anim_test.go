package scene

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

func sample(c *Channel, t float64) []float64 {
	out := make([]float64, 4)
	c.Sample(t, out)
	return out[:c.Width]
}

func near(a, b []float64, tol float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return true
}

// TestLinearAndStep: translation keys (0,0,0) at t=1 and (4,-2,6) at t=3;
// halfway (t=2) LINEAR gives the mean, at t=1.5 a quarter of the way;
// STEP holds the key at or before t; outside the keys the first and last
// values hold (no looping).
func TestLinearAndStep(t *testing.T) {
	c := Channel{Path: PathTranslation, Interp: Linear, Times: []float64{1, 3}, Values: []float64{0, 0, 0, 4, -2, 6}, Width: 3}
	for _, tc := range []struct {
		t    float64
		want []float64
	}{{2, []float64{2, -1, 3}}, {1.5, []float64{1, -0.5, 1.5}}, {0, []float64{0, 0, 0}}, {1, []float64{0, 0, 0}}, {3, []float64{4, -2, 6}}, {7, []float64{4, -2, 6}}, {math.NaN(), []float64{0, 0, 0}}} {
		if got := sample(&c, tc.t); !near(got, tc.want, 1e-15) {
			t.Errorf("LINEAR at %g: %v, want %v", tc.t, got, tc.want)
		}
	}
	c.Interp = Step
	for _, tc := range []struct {
		t    float64
		want []float64
	}{{2.999, []float64{0, 0, 0}}, {3, []float64{4, -2, 6}}, {1, []float64{0, 0, 0}}, {0.5, []float64{0, 0, 0}}} {
		if got := sample(&c, tc.t); !near(got, tc.want, 0) {
			t.Errorf("STEP at %g: %v, want %v", tc.t, got, tc.want)
		}
	}
}

// TestSlerpRotation: rotations about z from 0 to 120 degrees over one
// second. At a quarter, slerp turns 30 degrees (nlerp would give
// 2·atan2(0.25 sin 60°, 0.75 + 0.25 cos 60°) = 27.8°, which the test
// would catch). Keys 0 and 350 degrees (second quaternion with w < 0):
// the shorter arc goes -10 degrees, so halfway is -5 degrees.
func TestSlerpRotation(t *testing.T) {
	key := func(deg float64) []float64 {
		h := deg * math.Pi / 360
		return []float64{math.Cos(h), 0, 0, math.Sin(h)}
	}
	c := Channel{Path: PathRotation, Interp: Linear, Times: []float64{0, 1}, Values: append(key(0), key(120)...), Width: 4}
	angle := func(q []float64) float64 { return 2 * math.Atan2(q[3], q[0]) * 180 / math.Pi }
	if got := angle(sample(&c, 0.25)); math.Abs(got-30) > 1e-9 {
		t.Errorf("slerp at 1/4 of 0..120°: %g°, want 30°", got)
	}
	c.Values = append(key(0), key(350)...)
	got := sample(&c, 0.5)
	a := angle(got)
	if got[0] < 0 {
		a = angle([]float64{-got[0], 0, 0, -got[3]})
	}
	if math.Abs(a+5) > 1e-9 {
		t.Errorf("slerp halfway from 0 to 350° (shorter arc): %g°, want -5°", a)
	}
	if n := got[0]*got[0] + got[3]*got[3]; math.Abs(n-1) > 1e-15 {
		t.Errorf("not unit: %v", got)
	}
}

// TestCubicSpline: one scalar-like channel (translation x) with keys
// v0 = 0 at t0 = 1 and v1 = 1 at t1 = 3, out-tangent b0 = 2 and
// in-tangent a1 = -1 (units per second). The glTF Hermite form at u:
// (2u³-3u²+1)v0 + (u³-2u²+u)·Δ·b0 + (-2u³+3u²)v1 + (u³-u²)·Δ·a1, Δ = 2.
// At u = 1/2: 0 + 0.125·2·2 + 0.5 + (-0.125)·2·(-1) = 0.5 + 0.5 + 0.25
// = 1.25. Independently of the formula, finite differences check that
// the slope at the keys is the tangent (which is what scaling by Δ
// means): b0 at t0, a1 at t1.
func TestCubicSpline(t *testing.T) {
	// per key: in-tangent, value, out-tangent; three components each
	vals := []float64{
		9, 9, 9, 0, 5, 0, 2, 0, 0, // key 0 (its in-tangent unused)
		-1, 0, 0, 1, 5, 0, 7, 7, 7, // key 1 (its out-tangent unused)
	}
	c := Channel{Path: PathTranslation, Interp: CubicSpline, Times: []float64{1, 3}, Values: vals, Width: 3}
	if got := sample(&c, 2); !near(got, []float64{1.25, 5, 0}, 1e-14) {
		t.Errorf("CUBICSPLINE at the middle: %v, want (1.25, 5, 0)", got)
	}
	if got := sample(&c, 1); !near(got, []float64{0, 5, 0}, 0) {
		t.Errorf("CUBICSPLINE at key 0: %v", got)
	}
	if got := sample(&c, 3); !near(got, []float64{1, 5, 0}, 0) {
		t.Errorf("CUBICSPLINE at key 1: %v", got)
	}
	const h = 1e-6
	if d := (sample(&c, 1+h)[0] - sample(&c, 1)[0]) / h; math.Abs(d-2) > 1e-5 {
		t.Errorf("slope at t0: %g, want the out-tangent 2", d)
	}
	if d := (sample(&c, 3)[0] - sample(&c, 3-h)[0]) / h; math.Abs(d+1) > 1e-5 {
		t.Errorf("slope at t1: %g, want the in-tangent -1", d)
	}
}

// TestCubicSplineRotationUnit: a cubic rotation channel comes out unit
// at every sampled time, however far the Hermite blend leaves the sphere.
func TestCubicSplineRotationUnit(t *testing.T) {
	vals := []float64{
		0, 0, 0, 0, 1, 0, 0, 0, 3, 1, -2, 0.5,
		0.2, 4, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0,
	}
	c := Channel{Path: PathRotation, Interp: CubicSpline, Times: []float64{0, 0.5}, Values: vals, Width: 4}
	for k := 0; k <= 50; k++ {
		q := sample(&c, float64(k)/100)
		if n := q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]; math.Abs(n-1) > 1e-14 {
			t.Fatalf("t=%g: |q|² = %g", float64(k)/100, n)
		}
	}
}

// TestApply: an animation writes only the animated properties of its
// nodes, holds its ends, allocates nothing, and passes Check; bad
// channels fail Check with a reason.
func TestApply(t *testing.T) {
	nodes := []Node{
		{Name: "A", Parent: -1, Local: transform.TRS{Position: mgl64.Vec3{1, 2, 3}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}},
		{Name: "B", Parent: 0, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}},
	}
	a := &Animation{Name: "go", Channels: []Channel{
		{Node: 0, Path: PathScale, Interp: Linear, Times: []float64{0, 2}, Values: []float64{1, 1, 1, 3, 1, 1}, Width: 3},
		{Node: 1, Path: PathRotation, Interp: Step, Times: []float64{0, 1}, Values: []float64{1, 0, 0, 0, 0, 0, 1, 0}, Width: 4},
	}}
	if err := a.Check(nodes); err != nil {
		t.Fatal(err)
	}
	if a.Start() != 0 || a.End() != 2 {
		t.Errorf("Start, End = %g, %g; want 0, 2", a.Start(), a.End())
	}
	if kt := a.KeyTimes(); len(kt) != 3 || kt[0] != 0 || kt[1] != 1 || kt[2] != 2 {
		t.Errorf("KeyTimes = %v, want [0 1 2]", kt)
	}
	a.Apply(nodes, 1)
	if nodes[0].Local.Scale != (mgl64.Vec3{2, 1, 1}) || nodes[0].Local.Position != (mgl64.Vec3{1, 2, 3}) {
		t.Errorf("A at t=1: %+v; want scale (2,1,1), position kept", nodes[0].Local)
	}
	if nodes[1].Local.Rotation.V != (mgl64.Vec3{0, 1, 0}) {
		t.Errorf("B at t=1 (STEP): %v, want (0, 0, 1, 0)", nodes[1].Local.Rotation)
	}
	if n := testing.AllocsPerRun(100, func() { a.Apply(nodes, 1.3) }); n != 0 {
		t.Errorf("Apply: %v allocations, want 0", n)
	}
	for _, bad := range []Channel{
		{Node: 5, Path: PathScale, Times: []float64{0}, Values: []float64{1, 1, 1}, Width: 3},
		{Node: 0, Path: PathScale, Times: []float64{1, 1}, Values: []float64{1, 1, 1, 1, 1, 1}, Width: 3},
		{Node: 0, Path: PathScale, Times: []float64{0, 1}, Values: []float64{1, 1, 1}, Width: 3},
		{Node: 0, Path: PathRotation, Times: []float64{0}, Values: []float64{0, 0, 0, 0}, Width: 4},
		{Node: 0, Path: PathWeights, Times: []float64{0}, Values: []float64{1}, Width: 1},
		{Node: 0, Path: PathScale, Times: []float64{0}, Values: []float64{math.Inf(1), 1, 1}, Width: 3},
	} {
		b := &Animation{Name: "bad", Channels: []Channel{bad}}
		if err := b.Check(nodes); err == nil {
			t.Errorf("Check accepted %+v", bad)
		}
	}
}

// TestRestRoundTrip: a rest rotation survives a scene file, and a file
// with a zero rest quaternion is refused naming the field.
func TestRestRoundTrip(t *testing.T) {
	q := transform.Normalize(mgl64.Quat{W: 0.9, V: mgl64.Vec3{0.1, -0.3, 0.2}})
	sc, err := New([]Node{{Name: "Bone", Parent: -1, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}, Rest: q}})
	if err != nil {
		t.Fatal(err)
	}
	back, err := Unmarshal("rest.json", sc.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if back.Nodes[0].Rest != q {
		t.Errorf("rest after a round trip: %v, want %v", back.Nodes[0].Rest, q)
	}
	bad := `{"format": "` + FileFormat + `", "nodes": [{"name": "B", "position": [0,0,0], "rotation": [1,0,0,0], "scale": [1,1,1], "rest": [0,0,0,0]}]}`
	if _, err := Unmarshal("bad.json", []byte(bad)); err == nil || !strings.Contains(err.Error(), "rest") {
		t.Errorf("zero rest: %v, want an error naming rest", err)
	}
}
