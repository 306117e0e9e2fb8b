package dynamics

import (
	"github.com/go-gl/mathgl/mgl64"
	"skewlab/transform"
)

// Turntable is the lab's first model: a disc (a child of the world, centre
// at the world origin, scale 1) spinning about +z, and a ball (a child of
// the disc) sliding on it without friction. The ball is integrated in the
// disc's frame, with the applied force plus seed 002's inertial terms
// (Disc.ForceTerms), by RK4 with the fixed step Dt; its world motion is the
// composition disc * ball. The ball may leave the disc's rim (Radius is for
// drawing only); the disc's frame extends forever.
//
// The exported fields are parameters; change them at any time (Spin0 and
// Start/Launch take effect at Reset; Alpha, Mass, Stiffness at the next
// step). Use NewTurntable for the documented defaults.
type Turntable struct {
	Spin0     float64    // disc angular velocity at Reset, rad/s about +z (counter-clockwise seen from +z)
	Alpha     float64    // disc angular acceleration, rad/s^2 (negative slows a positive spin and then reverses it)
	Mass      float64    // ball mass, kg (> 0)
	Stiffness float64    // spring pulling the ball to the disc centre, N/m: applied force -Stiffness * worldPos (0: a free ball)
	Radius    float64    // disc radius, m (for drawing)
	Start     mgl64.Vec3 // ball position at Reset, m (world = disc frame then, disc angle 0)
	Launch    mgl64.Vec3 // ball velocity at Reset, m/s, world frame (not the disc frame)
	Dt        float64    // fixed step, s, in (0, 1]

	// WorldPath and DiscPath hold the ball's recent positions in the world
	// and in the disc frame (m), one per step, oldest first.
	WorldPath, DiscPath Ring[mgl64.Vec3]

	clock
	angle, spin float64
	pos, vel    mgl64.Vec3 // ball in the disc frame
}

// NewTurntable returns the "turntable" preset, reset and paused: a disc of
// radius 1 m spinning at 1 rad/s and slowing at 0.25 rad/s^2 (so the spin
// reverses at t = 4 s and the Coriolis term flips), a 1 kg ball on a soft
// spring (0.5 N/m) to the centre launched from (-0.8, 0, 0) m at
// (0.6, 0.3, 0) m/s in the world, step 1/240 s, paths of 4096 points (17 s).
func NewTurntable() *Turntable {
	m := &Turntable{
		Spin0: 1, Alpha: -0.25, Mass: 1, Stiffness: 0.5, Radius: 1,
		Start: mgl64.Vec3{-0.8, 0, 0}, Launch: mgl64.Vec3{0.6, 0.3, 0},
		Dt:        1.0 / 240,
		WorldPath: NewRing[mgl64.Vec3](4096), DiscPath: NewRing[mgl64.Vec3](4096),
	}
	m.sim = m
	m.Reset()
	return m
}

// Validate reports the first parameter out of range: non-finite or above
// transform.MaxMagnitude values, a mass that is not positive, a step
// outside (0, 1] s.
func (m *Turntable) Validate() error {
	if err := checkParams([]string{"Spin0", "Alpha", "Mass", "Stiffness", "Radius", "Start.x", "Start.y", "Start.z", "Launch.x", "Launch.y", "Launch.z"},
		m.Spin0, m.Alpha, m.Mass, m.Stiffness, m.Radius, m.Start[0], m.Start[1], m.Start[2], m.Launch[0], m.Launch[1], m.Launch[2]); err != nil {
		return err
	}
	if !(m.Mass > 0) {
		return errMass
	}
	return checkStep(m.Dt)
}

// Reset puts the disc at angle 0 spinning at Spin0 and the ball at Start
// with world velocity Launch (in the disc frame: Launch - w x Start),
// clears the paths and pauses.
func (m *Turntable) Reset() {
	m.t, m.angle, m.spin, m.playing = 0, 0, m.Spin0, false
	m.pos = m.Start
	m.vel = m.Launch.Sub(mgl64.Vec3{0, 0, m.spin}.Cross(m.Start))
	m.WorldPath.Clear()
	m.DiscPath.Clear()
	m.record()
}

// SetSpin sets the disc's current angular velocity (rad/s) without a reset,
// as a slider does. The ball's world velocity changes with it (the ball is
// carried by the disc frame; its velocity relative to the disc is kept). A
// non-finite value is ignored.
func (m *Turntable) SetSpin(w float64) {
	if transform.Finite(w) {
		m.spin = w
	}
}

// Spin returns the disc's current angular velocity, rad/s about +z.
func (m *Turntable) Spin() float64 { return m.spin }

// stepSize is the fixed step Dt, s (see clock.Step).
func (m *Turntable) stepSize() float64 { return m.Dt }

// disc returns the disc's dynamic transform relative to the world at time
// tau after the current time (constant angular acceleration).
func (m *Turntable) disc(tau float64) Transform {
	w := m.spin + m.Alpha*tau
	th := m.angle + m.spin*tau + m.Alpha*tau*tau/2
	return Transform{
		Uniform: transform.Uniform{Rotation: mgl64.QuatRotate(th, mgl64.Vec3{0, 0, 1}), Scale: 1},
		Omega:   Hat(mgl64.Vec3{0, 0, w}),
		Alpha:   Hat(mgl64.Vec3{0, 0, m.Alpha}),
	}
}

// accel returns the ball's local acceleration at tau for local position p
// and velocity v, and the terms.
func (m *Turntable) accel(tau float64, p, v mgl64.Vec3) (mgl64.Vec3, Terms, Transform) {
	d := m.disc(tau)
	ball := Transform{Uniform: transform.UniformIdentity(), V: v}
	ball.Position = p
	f := d.Apply(p).Mul(-m.Stiffness)
	terms, _ := d.ForceTerms(ball, f, m.Mass)
	return terms.Sum(), terms, d
}

// step advances h seconds by one RK4 step; a step that would make the
// state non-finite is dropped and pauses.
func (m *Turntable) step(h float64) {
	p0, v0 := m.pos, m.vel
	a1, _, _ := m.accel(0, p0, v0)
	p1, v1 := p0.Add(v0.Mul(h/2)), v0.Add(a1.Mul(h/2))
	a2, _, _ := m.accel(h/2, p1, v1)
	p2, v2 := p0.Add(v1.Mul(h/2)), v0.Add(a2.Mul(h/2))
	a3, _, _ := m.accel(h/2, p2, v2)
	p3, v3 := p0.Add(v2.Mul(h)), v0.Add(a3.Mul(h))
	a4, _, _ := m.accel(h, p3, v3)
	pos := p0.Add(v0.Add(v1.Mul(2)).Add(v2.Mul(2)).Add(v3).Mul(h / 6))
	vel := v0.Add(a1.Add(a2.Mul(2)).Add(a3.Mul(2)).Add(a4).Mul(h / 6))
	angle := m.angle + m.spin*h + m.Alpha*h*h/2
	spin := m.spin + m.Alpha*h
	if !transform.FiniteVec3(pos) || !transform.FiniteVec3(vel) || !transform.Finite(angle) || !transform.Finite(spin) {
		m.playing = false
		return
	}
	m.pos, m.vel, m.angle, m.spin, m.t = pos, vel, angle, spin, m.t+h
	m.record()
}

func (m *Turntable) record() {
	m.DiscPath.Push(m.pos)
	m.WorldPath.Push(m.disc(0).Apply(m.pos))
}

// TurntableState is the turntable at one instant. Positions in m,
// velocities in m/s, accelerations in m/s^2, angles in rad.
type TurntableState struct {
	Time                         float64
	DiscAngle, DiscSpin          float64    // rad, rad/s about +z
	DiscAlpha                    float64    // rad/s^2
	LocalPos, LocalVel, LocalAcc mgl64.Vec3 // ball relative to the disc, disc axes
	WorldPos, WorldVel, WorldAcc mgl64.Vec3 // ball relative to the world
	// Forces are the force terms at the ball in world axes, newtons:
	// Mass * J2 * term (Applied is the spring force; Translational is zero
	// because the disc's centre does not move).
	Forces Terms
}

// State returns the current state. With invalid parameters the force terms
// are zero.
func (m *Turntable) State() TurntableState {
	acc, terms, d := m.accel(0, m.pos, m.vel)
	forces := Terms{}
	if m.Validate() == nil {
		forces = terms.Map(d.J().Mul(m.Mass))
	}
	ball := Transform{Uniform: transform.UniformIdentity(), V: m.vel, A: acc}
	ball.Position = m.pos
	g := d.Mul(ball)
	return TurntableState{
		Time: m.t, DiscAngle: m.angle, DiscSpin: m.spin, DiscAlpha: m.Alpha,
		LocalPos: m.pos, LocalVel: m.vel, LocalAcc: acc,
		WorldPos: g.Position, WorldVel: g.V, WorldAcc: g.A,
		Forces: forces,
	}
}
