package dynamics

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"skewlab/transform"
)

// worldRK4 integrates the ball in the world frame with F = m a, where the
// only applied force is the spring -k p: p” = -(k/m) p. It knows nothing
// of the disc.
func worldRK4(p, v mgl64.Vec3, k, m, h float64, n int) (mgl64.Vec3, mgl64.Vec3) {
	acc := func(p mgl64.Vec3) mgl64.Vec3 { return p.Mul(-k / m) }
	for i := 0; i < n; i++ {
		a1 := acc(p)
		p1, v1 := p.Add(v.Mul(h/2)), v.Add(a1.Mul(h/2))
		a2 := acc(p1)
		p2, v2 := p.Add(v1.Mul(h/2)), v.Add(a2.Mul(h/2))
		a3 := acc(p2)
		p3, v3 := p.Add(v2.Mul(h)), v.Add(a3.Mul(h))
		a4 := acc(p3)
		p = p.Add(v.Add(v1.Mul(2)).Add(v2.Mul(2)).Add(v3).Mul(h / 6))
		v = v.Add(a1.Add(a2.Mul(2)).Add(a3.Mul(2)).Add(a4).Mul(h / 6))
	}
	return p, v
}

// TestTurntableTwoWays: a ball on a disc that spins and speeds up,
// simulated (a) in the world with F = m a and (b) in the disc's frame with
// F/m plus the inertial terms (the Turntable model), then converted to the
// world. The two agree, and their disagreement, both being 4th-order,
// shrinks by a factor between 12 and 20 (ideally 16) each time the step
// halves.
func TestTurntableTwoWays(t *testing.T) {
	const (
		T      = 4.0
		agree  = 1e-6 // at the finest step
		lo, hi = 12.0, 20.0
	)
	m := NewTurntable()
	m.Spin0, m.Alpha, m.Stiffness = 1, 0.5, 2 // speeds up to 3 rad/s
	var prev float64
	for _, n := range []int{40, 80, 160, 320} {
		h := T / float64(n)
		m.Dt = h
		if err := m.RunTo(T); err != nil {
			t.Fatal(err)
		}
		s := m.State()
		pw, vw := worldRK4(m.Start, m.Launch, m.Stiffness, m.Mass, h, n)
		diff := math.Max(vecErr(s.WorldPos, pw), vecErr(s.WorldVel, vw))
		if prev > 0 {
			f := prev / diff
			t.Logf("steps %d: disagreement %.3g, factor %.2f", n, diff, f)
			if !(f >= lo && f <= hi) {
				t.Errorf("steps %d: convergence factor %.2f, want in [%v, %v]", n, f, lo, hi)
			}
		} else {
			t.Logf("steps %d: disagreement %.3g", n, diff)
		}
		prev = diff
	}
	check(t, "agreement at the finest step", prev, agree)
	// Sanity: the disc really spun up, and the ball moved in both frames.
	if s := m.State(); math.Abs(s.DiscSpin-3) > 1e-12 || s.LocalPos.Sub(s.WorldPos).Len() < 0.1 {
		t.Errorf("disc spin %v, local %v world %v", s.DiscSpin, s.LocalPos, s.WorldPos)
	}
}

// TestTurntableHand: at t = 0 the preset's terms are those computed by
// hand: ball at (-0.8, 0, 0) m, 1 kg, disc w = 1 rad/s, alpha = -0.25,
// spring 0.5 N/m, world velocity (0.6, 0.3, 0) so disc-frame velocity
// v1 = (0.6, 0.3, 0) - z x (-0.8, 0, 0) = (0.6, 1.1, 0):
// applied (0.4, 0, 0), centrifugal w^2 r = (-0.8, 0, 0),
// Coriolis -2 z x v1 = (2.2, -1.2, 0), Euler -alpha z x r = (0, -0.2, 0).
func TestTurntableHand(t *testing.T) {
	const tol = 1e-12
	s := NewTurntable().State()
	for _, c := range []struct {
		name      string
		got, want mgl64.Vec3
	}{
		{"applied", s.Forces.Applied, mgl64.Vec3{0.4, 0, 0}},
		{"centrifugal", s.Forces.Centrifugal, mgl64.Vec3{-0.8, 0, 0}},
		{"Coriolis", s.Forces.Coriolis, mgl64.Vec3{2.2, -1.2, 0}},
		{"Euler", s.Forces.Euler, mgl64.Vec3{0, -0.2, 0}},
		{"translational", s.Forces.Translational, mgl64.Vec3{}},
		{"local velocity", s.LocalVel, mgl64.Vec3{0.6, 1.1, 0}},
		{"world velocity", s.WorldVel, mgl64.Vec3{0.6, 0.3, 0}},
		{"world acceleration = F/m", s.WorldAcc, mgl64.Vec3{0.4, 0, 0}},
	} {
		check(t, c.name, vecErr(c.got, c.want), tol)
	}
}

// TestCoriolisFlips: with the preset's slowing disc the spin reverses at
// t = 4 s, and the Coriolis term on a ball moving the same way reverses
// with it.
func TestCoriolisFlips(t *testing.T) {
	m := NewTurntable()
	m.Stiffness = 0
	_ = m.RunTo(3)
	before := m.State()
	_ = m.RunTo(5)
	after := m.State()
	if !(before.DiscSpin > 0 && after.DiscSpin < 0) {
		t.Fatalf("spin %v -> %v, want a reversal", before.DiscSpin, after.DiscSpin)
	}
	// Coriolis = -2 m w x v_local (world axes): its sign follows w.
	want := func(s TurntableState) mgl64.Vec3 {
		r := mgl64.QuatRotate(s.DiscAngle, mgl64.Vec3{0, 0, 1})
		return mgl64.Vec3{0, 0, s.DiscSpin}.Cross(r.Rotate(s.LocalVel)).Mul(-2)
	}
	check(t, "Coriolis before", vecErr(before.Forces.Coriolis, want(before)), 1e-12)
	check(t, "Coriolis after", vecErr(after.Forces.Coriolis, want(after)), 1e-12)
}

// TestCrashImpulseAlgebra: a turning car (w != 0, so the Coriolis part of
// the correction matters) is stopped by an impulse. With the correction on
// its child, the loose box's world velocity and acceleration are unchanged
// to 1e-12; without it the box's world velocity changes exactly as the
// car's; and a correction of the velocity alone (no Coriolis part) would
// change the box's world acceleration by 2 w x dv.
func TestCrashImpulseAlgebra(t *testing.T) {
	const tol = 1e-12
	w := mgl64.Vec3{0, 0, 0.5}
	carPose := transform.Uniform{Position: mgl64.Vec3{9.6, 2.4, 0}, Rotation: mgl64.QuatRotate(0.5, mgl64.Vec3{0, 0, 1}), Scale: 1}
	vCar := carPose.Rotation.Rotate(mgl64.Vec3{10, 0, 0})
	car := New(carPose, vCar, w.Cross(vCar), w, mgl64.Vec3{0, 0, 0.1})
	box := New(transform.Uniform{Position: mgl64.Vec3{-0.5, 0.3, 0.4}, Rotation: mgl64.QuatIdent(), Scale: 1},
		mgl64.Vec3{0.2, -0.1, 0}, mgl64.Vec3{0.05, 0.3, 0}, mgl64.Vec3{0, 0, -0.2}, mgl64.Vec3{})
	const mass = 1200.0
	before := car.Mul(box)

	dCar, ok := Identity().ImpulseDelta(vCar.Mul(-mass), mass) // car's parent is the world
	if !ok {
		t.Fatal("ImpulseDelta not ok")
	}
	check(t, "car stopped", vecErr(dCar.V, vCar.Mul(-1)), tol)
	stopped := car.Add(dCar)

	corr, _ := car.CounteractDelta(dCar.V)
	with := stopped.Mul(box.Add(corr))
	check(t, "box world velocity unchanged with correction", vecErr(with.V, before.V), tol)
	check(t, "box world acceleration unchanged with correction", vecErr(with.A, before.A), tol)

	without := stopped.Mul(box)
	check(t, "box velocity follows the car without correction", vecErr(without.V.Sub(before.V), dCar.V), tol)
	check(t, "inherited acceleration change = ChildDelta", vecErr(without.A.Sub(before.A), car.ChildDelta(box, dCar).A), tol)

	velOnly := stopped.Mul(box.Add(Delta{V: corr.V}))
	wantErr := w.Cross(dCar.V).Mul(-2) // missing da1 = 2 J^-1 w dv leaves -2 w x dv
	check(t, "Coriolis part needed", vecErr(velOnly.A.Sub(before.A), wantErr), tol)
	if wantErr.Len() < 1 {
		t.Errorf("Coriolis part of the correction is too small to matter: %v", wantErr)
	}
}

// crashVelTol is the tolerance on the box's world velocity after the
// crash, m/s. It comes from RK4's global error bound, not from a run: the
// box is integrated in the car's frame only while the car turns (the
// SpinDown of 2 s; once the car is still the local equations have zero
// acceleration and RK4 is exact). There the local solution is
// x(t) = R(-theta(t)) (p(t) - c) with p linear, |theta'| <= 0.5 rad/s,
// |theta”| = 0.25 rad/s^2, |p - c| <= 25 m and |p'| <= 10 m/s, so its
// derivatives of order 5 and 6 are below about (25 + 6*10) * 1^6 < 100
// (each derivative of R(theta(t)) brings a factor |theta'| + |theta”|^(1/2)
// <= 1). RK4's global error is at most T * h^4 * M / 120 with M such a bound
// (Butcher's local error constant is below 1/120 of the 5th derivative
// times h^5): 2 * (1/240)^4 * 100 / 120 = 5e-10 m/s. The tolerance is 200
// times that, 1e-7 m/s, and 4e4 times below the 2.9e-3 m/s jump that the
// unsplit step gave at the end of the spin-down.
const crashVelTol = 1e-7

// TestCrashModel: in the crash preset, with Counteract the box's world
// velocity just after the crash is its velocity just before (car velocity
// plus w x r, computed by hand), and it then moves in a straight line at
// that velocity (free body, integrated in the spinning car's frame); without
// Counteract it keeps only w x r, the velocity of its spot in the stopped car.
// The run goes to 10 s, past the end of the spin-down at 3 s, checking the
// velocity and the straight line at every step.
func TestCrashModel(t *testing.T) {
	m := NewCrash()
	th := m.YawRate * m.CrashTime // 0.5 rad
	r := mgl64.QuatRotate(th, mgl64.Vec3{0, 0, 1})
	spin := mgl64.Vec3{0, 0, m.YawRate}.Cross(r.Rotate(m.BoxStart))
	vCar := mgl64.Vec3{m.Speed * math.Cos(th), m.Speed * math.Sin(th), 0}
	// Car on a circle of radius 20 m centred at (0, 20).
	carPos := mgl64.Vec3{20 * math.Sin(th), 20 - 20*math.Cos(th), 0}

	for _, counteract := range []bool{true, false} {
		m.Counteract = counteract
		if err := m.RunTo(m.CrashTime); err != nil {
			t.Fatal(err)
		}
		s := m.State()
		if !s.Crashed {
			t.Fatal("not crashed at CrashTime")
		}
		check(t, "car position at crash", vecErr(s.Car.Position, carPos), 1e-12)
		check(t, "car stopped", s.Car.V.Len(), 0)
		want := spin
		if counteract {
			want = vCar.Add(spin)
		}
		check(t, "box world velocity after crash", vecErr(s.BoxWorld.V, want), 1e-12)
		check(t, "free box has no world acceleration", s.BoxWorld.A.Len(), 1e-12)
		p0 := s.BoxWorld.Position
		worstV, worstP, at := 0.0, 0.0, 0.0
		for m.Time() < 10-1e-9 {
			m.Step()
			s = m.State()
			tau := s.Time - m.CrashTime
			if e := vecErr(s.BoxWorld.V, want); !(e <= worstV) {
				worstV, at = e, s.Time
			}
			// The position error is the velocity error integrated over tau.
			worstP = math.Max(worstP, vecErr(s.BoxWorld.Position, p0.Add(want.Mul(tau)))/math.Max(tau, 1))
		}
		check(t, fmt.Sprintf("counteract %v: box keeps its world velocity to 10 s (worst at t = %.4f s)", counteract, at), worstV, crashVelTol)
		check(t, fmt.Sprintf("counteract %v: box moves in a straight line to 10 s (per second)", counteract), worstP, crashVelTol)
	}
}

// TestCrashSpinDownBoundary: the step that ends where the car's spin-down
// ends (t = CrashTime + SpinDown = 3 s) must integrate with the spinning
// car's law all the way, so the box's world velocity is the same just
// before, at and just after 3 s. Before the fix, RunTo(3) gave a velocity
// 2.9e-3 m/s away from RunTo(2.99) (the last RK4 stage used the stopped
// car's zero angular acceleration). The boundary is also tried off the step
// grid (SpinDown 2.001 s), where the step straddles it.
func TestCrashSpinDownBoundary(t *testing.T) {
	for _, spinDown := range []float64{2, 2.001, 2 - 1.0/480} {
		m := NewCrash()
		m.SpinDown = spinDown
		end := m.CrashTime + m.SpinDown
		var v [3]mgl64.Vec3
		for i, at := range []float64{end - 0.01, end, end + 0.01} {
			if err := m.RunTo(at); err != nil {
				t.Fatal(err)
			}
			v[i] = m.State().BoxWorld.V
		}
		check(t, fmt.Sprintf("SpinDown %g: velocity at the end of the spin-down", spinDown), vecErr(v[1], v[0]), crashVelTol)
		check(t, fmt.Sprintf("SpinDown %g: velocity after the end of the spin-down", spinDown), vecErr(v[2], v[0]), crashVelTol)
	}
}

// TestLabsNoNaN: bad parameters and bad times never panic or give NaN.
func TestLabsNoNaN(t *testing.T) {
	tt := NewTurntable()
	tt.Mass = 0
	tt.Step()
	if err := tt.RunTo(1); err == nil {
		t.Error("zero mass accepted")
	}
	s := tt.State()
	tc := NewCrash()
	tc.Dt = math.NaN()
	tc.Step()
	if err := tc.RunTo(1); err == nil {
		t.Error("NaN step accepted")
	}
	c := tc.State()
	for _, x := range []float64{s.Forces.Applied[0], s.WorldAcc[0], s.LocalAcc[1], c.BoxWorld.V[0], c.BoxWorld.A[1]} {
		if x != x {
			t.Fatal("NaN in state")
		}
	}
	for _, bad := range []float64{-1, math.NaN(), math.Inf(1), MaxTime * 2} {
		if err := NewTurntable().RunTo(bad); err == nil {
			t.Errorf("RunTo(%v) accepted", bad)
		}
	}
	if _, ok := NewPreset("piston"); ok {
		t.Error("unknown preset accepted")
	}
	c0 := NewCrash()
	c0.CrashTime = 0
	c0.Reset()
	if !c0.State().Crashed {
		t.Error("CrashTime 0 does not crash at once")
	}
}

// TestRing: the ring keeps the newest values, oldest first.
func TestRing(t *testing.T) {
	r := NewRing[int](3)
	for i := 1; i <= 5; i++ {
		r.Push(i)
	}
	if r.Len() != 3 || r.At(0) != 3 || r.At(2) != 5 || r.At(3) != 0 || r.At(-1) != 0 {
		t.Errorf("ring holds %d: %d %d %d", r.Len(), r.At(0), r.At(1), r.At(2))
	}
	var z Ring[int]
	z.Push(1)
	if z.Len() != 0 {
		t.Error("zero ring kept a value")
	}
}

// TestStepAllocs: a step in steady state (paths full) allocates nothing.
func TestStepAllocs(t *testing.T) {
	tt := NewTurntable()
	tc := NewCrash()
	for i := 0; i < 5000; i++ {
		tt.Step()
		tc.Step()
	}
	if n := testing.AllocsPerRun(1000, tt.Step); n != 0 {
		t.Errorf("Turntable.Step allocates %v times", n)
	}
	if n := testing.AllocsPerRun(1000, tc.Step); n != 0 {
		t.Errorf("Crash.Step allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = tt.State(); _ = tc.State() }); n != 0 {
		t.Errorf("State allocates %v times", n)
	}
}
