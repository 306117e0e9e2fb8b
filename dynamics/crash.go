package dynamics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"skewlab/transform"
)

// Crash is the lab's second model: a car (a child of the world, +x forward,
// +z up) driving on a circle with a box (a child of the car) inside. At
// CrashTime a linear impulse -CarMass*v stops the car's translation
// (seed 002's impulse on a child of the world: dv = dp/m, da = 0); the car
// keeps its yaw rate, which then falls linearly to zero over SpinDown (its
// acceleration follows its driving law a = w x v, so it is zero once
// stopped). Before the crash friction holds the box still in the car; the
// crash shakes it loose. If Counteract is true the box's local velocity
// and acceleration get seed 002's correction (CounteractDelta), so its
// world motion ignores the car's impulse and it flies on; if false it
// inherits the impulse and stops with the car. Once loose the box is a free
// body: its translation is integrated in the car's frame by RK4 with the
// inertial terms (ForceTerms with no applied force), its rotation is the
// free spin it had at the crash. The box may leave the car.
//
// The exported fields are parameters, read at Reset and at every step. Use
// NewCrash for the documented defaults.
type Crash struct {
	Speed      float64    // car speed before the crash, m/s along its +x axis
	YawRate    float64    // car turning rate before the crash, rad/s about +z (positive: left turn)
	CrashTime  float64    // time of the impulse, s (>= 0)
	SpinDown   float64    // time for the yaw rate to fall to 0 after the crash, s (0: the car stops turning at once)
	CarMass    float64    // car mass, kg (> 0)
	BoxMass    float64    // box mass, kg (> 0; scales the reported force terms only)
	BoxStart   mgl64.Vec3 // box position in the car frame, m
	Counteract bool       // apply the correction to the box at the crash
	Dt         float64    // fixed step, s, in (0, 1]

	// CarPath and BoxPath hold the recent world poses of the car and the
	// box, one per step, oldest first.
	CarPath, BoxPath Ring[transform.Uniform]

	clock
	crashed    bool
	crashPos   mgl64.Vec3 // car position at the crash
	crashYaw   float64
	box        Transform  // box relative to the car (V and position integrated; A, Omega, Alpha derived)
	boxRot0    mgl64.Quat // box world rotation at the crash
	boxSpin    mgl64.Vec3 // box world angular velocity after the crash, rad/s
	impulse    mgl64.Vec3 // impulse given to the car, N s
	correction Delta      // correction given to the box
}

// NewCrash returns the "crash" preset, reset and paused: a 1200 kg car at
// 10 m/s turning left at 0.5 rad/s (a 20 m radius), crashing at t = 1 s,
// its spin dying over 2 s; a 5 kg box at (-0.5, 0.3, 0.4) m in the car
// (behind the centre, on the left, on the floor); Counteract on; step
// 1/240 s; paths of 2048 poses.
func NewCrash() *Crash {
	m := &Crash{
		Speed: 10, YawRate: 0.5, CrashTime: 1, SpinDown: 2, CarMass: 1200, BoxMass: 5,
		BoxStart: mgl64.Vec3{-0.5, 0.3, 0.4}, Counteract: true, Dt: 1.0 / 240,
		CarPath: NewRing[transform.Uniform](2048), BoxPath: NewRing[transform.Uniform](2048),
	}
	m.sim = m
	m.Reset()
	return m
}

// Validate reports the first parameter out of range.
func (m *Crash) Validate() error {
	if err := checkParams([]string{"Speed", "YawRate", "CrashTime", "SpinDown", "CarMass", "BoxMass", "BoxStart.x", "BoxStart.y", "BoxStart.z"},
		m.Speed, m.YawRate, m.CrashTime, m.SpinDown, m.CarMass, m.BoxMass, m.BoxStart[0], m.BoxStart[1], m.BoxStart[2]); err != nil {
		return err
	}
	if !(m.CarMass > 0) || !(m.BoxMass > 0) {
		return errMass
	}
	if m.CrashTime < 0 || m.SpinDown < 0 {
		return errNegTime
	}
	return checkStep(m.Dt)
}

// Reset returns to t = 0 (car at the origin heading +x, box held at
// BoxStart), clears the paths and pauses. A CrashTime of 0 crashes at once.
func (m *Crash) Reset() {
	m.t, m.crashed, m.playing = 0, false, false
	m.impulse, m.correction = mgl64.Vec3{}, Delta{}
	m.box = Identity()
	m.box.Position = m.BoxStart
	m.CarPath.Clear()
	m.BoxPath.Clear()
	if m.Validate() == nil && m.CrashTime <= 0 {
		m.crash()
	}
	m.record()
}

// stepSize is the fixed step Dt, s (see clock.Step).
func (m *Crash) stepSize() float64 { return m.Dt }

// sinc1 returns sin(x)/x and (1-cos x)/x, stable near 0.
func sinc1(x float64) (float64, float64) {
	if math.Abs(x) < 1e-8 {
		return 1, x / 2
	}
	s := math.Sin(x / 2)
	return math.Sin(x) / x, 2 * s * s / x
}

// spinEnd returns the time the car stops turning, s.
func (m *Crash) spinEnd() float64 { return m.CrashTime + m.SpinDown }

// car returns the car's dynamic transform relative to the world at time t.
// At spinEnd it is the stopped car (zero angular acceleration).
func (m *Crash) car(t float64) Transform {
	return m.carAt(t, m.crashed && t < m.spinEnd())
}

// carAt returns the car at time t; after the crash spinning selects the
// spin-down's law (angular acceleration -YawRate/SpinDown) or the stopped
// car's, so a step that ends at spinEnd evaluates its last stage with the
// law of the step (the one-sided limit; pose and yaw rate are continuous
// there, only the angular acceleration jumps).
func (m *Crash) carAt(t float64, spinning bool) Transform {
	if !m.crashed {
		th := m.YawRate * t
		sc, cc := sinc1(th)
		s, c := math.Sincos(th)
		v := mgl64.Vec3{m.Speed * c, m.Speed * s, 0}
		return Transform{
			Uniform: transform.Uniform{Position: mgl64.Vec3{m.Speed * t * sc, m.Speed * t * cc, 0}, Rotation: mgl64.QuatRotate(th, mgl64.Vec3{0, 0, 1}), Scale: 1},
			V:       v,
			A:       mgl64.Vec3{0, 0, m.YawRate}.Cross(v),
			Omega:   Hat(mgl64.Vec3{0, 0, m.YawRate}),
		}
	}
	tau := t - m.CrashTime
	w, al, th := 0.0, 0.0, m.crashYaw+m.YawRate*m.SpinDown/2
	if spinning && m.SpinDown > 0 {
		tau = min(tau, m.SpinDown)
		al = -m.YawRate / m.SpinDown
		w = m.YawRate + al*tau
		th = m.crashYaw + m.YawRate*tau + al*tau*tau/2
	}
	return Transform{
		Uniform: transform.Uniform{Position: m.crashPos, Rotation: mgl64.QuatRotate(th, mgl64.Vec3{0, 0, 1}), Scale: 1},
		Omega:   Hat(mgl64.Vec3{0, 0, w}),
		Alpha:   Hat(mgl64.Vec3{0, 0, al}),
	}
}

// crash applies the impulse at the current time and releases the box.
func (m *Crash) crash() {
	before := m.car(m.t)
	m.impulse = before.V.Mul(-m.CarMass)
	dCar, _ := Identity().ImpulseDelta(m.impulse, m.CarMass) // the car's parent is the world
	if m.Counteract {
		m.correction, _ = before.CounteractDelta(dCar.V)
		m.box = m.box.Add(m.correction)
	}
	boxWorld := before.Mul(m.box)
	m.boxRot0, m.boxSpin = boxWorld.Rotation, boxWorld.OmegaVec()
	m.crashPos, m.crashYaw = before.Position, m.YawRate*m.t
	m.crashed = true
	m.box = m.boxLocal(m.t, m.box.Position, m.box.V, m.t < m.spinEnd())
}

// boxLocal returns the box relative to the car at time t for the local
// position p and velocity v: before the crash held (at rest in the car);
// after it the free body's local dynamics, with the car's law chosen by
// spinning (see carAt).
func (m *Crash) boxLocal(t float64, p, v mgl64.Vec3, spinning bool) Transform {
	if !m.crashed {
		b := Identity()
		b.Position = p
		return b
	}
	car := m.carAt(t, spinning)
	tau := t - m.CrashTime
	g := Transform{
		Uniform: transform.Uniform{Rotation: Exp(m.boxSpin.Mul(tau)).Mul(m.boxRot0), Scale: 1},
		Omega:   Hat(m.boxSpin),
	}
	g.Position = car.Apply(p)
	loc, _ := GlobalToLocal(car, g) // rotation and angular motion of a free spinning body
	loc.Position, loc.V = p, v
	terms, _ := car.ForceTerms(loc, mgl64.Vec3{}, m.BoxMass)
	loc.A = terms.Sum()
	return loc
}

func (m *Crash) accel(t float64, p, v mgl64.Vec3, spinning bool) mgl64.Vec3 {
	return m.boxLocal(t, p, v, spinning).A
}

// step advances h seconds, split at CrashTime so the impulse happens at
// exactly that time, and at CrashTime+SpinDown so no RK4 step straddles the
// jump of the car's angular acceleration.
func (m *Crash) step(h float64) {
	// The crash happens in the step that reaches CrashTime; the slack
	// absorbs the roundoff of summed steps (RunTo(CrashTime) crashes).
	if !m.crashed && m.t+h >= m.CrashTime-1e-9 {
		first := m.CrashTime - m.t
		m.advance(first)
		m.t = m.CrashTime
		m.crash()
		h -= first
	}
	// Likewise at the end of the spin-down, where the car's angular
	// acceleration jumps to zero: RK4 assumes a smooth right-hand side, so
	// no step may straddle the jump (each part uses its own law, see carAt).
	if end := m.spinEnd(); m.crashed && m.t < end && m.t+h > end {
		first := end - m.t
		m.advance(first)
		m.t = end
		h -= first
	}
	m.advance(h)
	m.record()
}

// advance integrates the box over h (RK4 once loose) and moves the time.
func (m *Crash) advance(h float64) {
	if h <= 0 {
		return
	}
	if !m.crashed {
		m.t += h
		return
	}
	t0, p0, v0 := m.t, m.box.Position, m.box.V
	spin := t0 < m.spinEnd() // the whole step uses the law at its start (step splits at spinEnd)
	a1 := m.accel(t0, p0, v0, spin)
	p1, v1 := p0.Add(v0.Mul(h/2)), v0.Add(a1.Mul(h/2))
	a2 := m.accel(t0+h/2, p1, v1, spin)
	p2, v2 := p0.Add(v1.Mul(h/2)), v0.Add(a2.Mul(h/2))
	a3 := m.accel(t0+h/2, p2, v2, spin)
	p3, v3 := p0.Add(v2.Mul(h)), v0.Add(a3.Mul(h))
	a4 := m.accel(t0+h, p3, v3, spin)
	pos := p0.Add(v0.Add(v1.Mul(2)).Add(v2.Mul(2)).Add(v3).Mul(h / 6))
	vel := v0.Add(a1.Add(a2.Mul(2)).Add(a3.Mul(2)).Add(a4).Mul(h / 6))
	if !transform.FiniteVec3(pos) || !transform.FiniteVec3(vel) {
		m.playing = false
		return
	}
	m.t += h
	m.box = m.boxLocal(m.t, pos, vel, m.t < m.spinEnd())
}

func (m *Crash) record() {
	car := m.car(m.t)
	m.CarPath.Push(car.Uniform)
	m.BoxPath.Push(car.Mul(m.box).Uniform)
}

// CrashState is the crash model at one instant (m, m/s, m/s^2, rad/s,
// rad/s^2, N s).
type CrashState struct {
	Time     float64
	Crashed  bool      // the impulse has happened
	Car      Transform // the car relative to the world
	BoxLocal Transform // the box relative to the car
	BoxWorld Transform // the box relative to the world: Car * BoxLocal
	// Forces are the terms of the box's local acceleration as forces in
	// world axes, N (BoxMass * J2 * term); all zero (Applied too) before the
	// crash, when friction holds the box.
	Forces     Terms
	Impulse    mgl64.Vec3 // impulse given to the car at the crash, N s, world axes (zero before)
	Correction Delta      // correction given to the box, car frame (zero before, or without Counteract)
}

// State returns the current state.
func (m *Crash) State() CrashState {
	car := m.car(m.t)
	var forces Terms
	if m.crashed && m.Validate() == nil {
		terms, _ := car.ForceTerms(m.box, mgl64.Vec3{}, m.BoxMass)
		forces = terms.Map(car.J().Mul(m.BoxMass))
	}
	return CrashState{
		Time: m.t, Crashed: m.crashed, Car: car, BoxLocal: m.box, BoxWorld: car.Mul(m.box),
		Forces: forces, Impulse: m.impulse, Correction: m.correction,
	}
}
