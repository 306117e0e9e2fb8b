package dynamics

// The dynamics command's output: a preset's state and force terms at a
// time, as text or JSON, in user units (degrees, SI), beside the models
// they print so that package main only parses flags.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Report is a preset's state and force terms at one time, as the dynamics
// command prints it; vectors are [x, y, z] in SI units,
// angles in degrees, quaternions [w, x, y, z]. JSON keys are camelCase and
// end in their unit (M, MPerS, MPerS2, N, NS, Deg, DegPerS, DegPerS2).
type Report struct {
	// Preset is the preset's name; T the time in seconds.
	Preset    string           `json:"preset"`
	T         float64          `json:"timeS"`
	Turntable *TurntableReport `json:"turntable,omitempty"`
	Crash     []CrashReport    `json:"crash,omitempty"`
}

// ForceReport holds the force terms of a moving frame (Terms) in N.
type ForceReport struct {
	Applied       [3]float64 `json:"appliedN"`
	Translational [3]float64 `json:"translationalN"`
	Centrifugal   [3]float64 `json:"centrifugalN"`
	Coriolis      [3]float64 `json:"coriolisN"`
	Euler         [3]float64 `json:"eulerN"`
}

// MotionReport is a position (m), velocity (m/s) and acceleration (m/s^2).
type MotionReport struct {
	Pos [3]float64 `json:"posM"`
	Vel [3]float64 `json:"velMPerS"`
	Acc [3]float64 `json:"accMPerS2"`
}

// TurntableReport is the turntable's state: its parameters in words, the
// disc's angle, spin and angular acceleration (degrees), the ball's motion
// in the disc's frame and in the world, and the force terms at the ball.
type TurntableReport struct {
	Params       string       `json:"params"`
	DiscAngleDeg float64      `json:"discAngleDeg"`
	DiscSpinDeg  float64      `json:"discSpinDegPerS"`
	DiscAlphaDeg float64      `json:"discAlphaDegPerS2"`
	Local        MotionReport `json:"ballLocal"`
	World        MotionReport `json:"ballWorld"`
	Forces       ForceReport  `json:"forcesWorld"`
}

// CrashReport is the crash's state with counteraction on or off: its
// parameters in words, the car's motion, rotation (w, x, y, z), yaw, spin
// and angular acceleration (degrees), the box's motion in the car's frame
// and in the world, the impulse on the car (N s), the correction applied
// to the box and the force terms on it.
type CrashReport struct {
	Counteract  bool         `json:"counteract"`
	Crashed     bool         `json:"crashed"`
	Params      string       `json:"params"`
	Car         MotionReport `json:"carWorld"`
	CarRotation [4]float64   `json:"carRotationWxyz"`
	CarYawDeg   float64      `json:"carYawDeg"`
	CarSpinDeg  float64      `json:"carSpinDegPerS"`
	CarAlphaDeg float64      `json:"carAlphaDegPerS2"`
	BoxLocal    MotionReport `json:"boxLocal"`
	BoxWorld    MotionReport `json:"boxWorld"`
	Impulse     [3]float64   `json:"impulseNS"`
	CorrectionV [3]float64   `json:"correctionVelMPerS"`
	CorrectionA [3]float64   `json:"correctionAccMPerS2"`
	Forces      ForceReport  `json:"forcesWorld"`
}

// NewReport runs lab, the model of the preset named preset (NewPreset),
// from its reset state to time t seconds (0 to MaxTime) and returns its
// report: the turntable's state, or the crash's twice, with counteraction
// on and then off (lab is left with it off). A time RunTo refuses is an
// error; so is a Lab that is neither a *Turntable nor a *Crash.
func NewReport(lab Lab, preset string, t float64) (Report, error) {
	r := Report{Preset: preset, T: t + 0} // t -0 prints 0
	switch m := lab.(type) {
	case *Turntable:
		if err := m.RunTo(t); err != nil {
			return Report{}, err
		}
		tt := reportTurntable(m.State(), m)
		r.Turntable = &tt
	case *Crash:
		for _, c := range []bool{true, false} {
			m.Counteract = c
			if err := m.RunTo(t); err != nil {
				return Report{}, err
			}
			r.Crash = append(r.Crash, reportCrash(m.State(), m))
		}
	default:
		return Report{}, fmt.Errorf("no report for a %T", lab)
	}
	return r, nil
}

// reportDeg converts radians to degrees; -0 becomes +0 (never printed as -0).
func reportDeg(x float64) float64 { return x*180/math.Pi + 0 }

// reportVec returns v with negative zeros made positive (-0 + 0 = +0), so JSON
// never shows -0.
func reportVec(v mgl64.Vec3) [3]float64 { return [3]float64{v[0] + 0, v[1] + 0, v[2] + 0} }

// reportForces converts t for the report (no negative zeros).
func reportForces(t Terms) ForceReport {
	return ForceReport{Applied: reportVec(t.Applied), Translational: reportVec(t.Translational), Centrifugal: reportVec(t.Centrifugal), Coriolis: reportVec(t.Coriolis), Euler: reportVec(t.Euler)}
}

// reportMotion converts a motion for the report (no negative zeros).
func reportMotion(p, v, a mgl64.Vec3) MotionReport {
	return MotionReport{Pos: reportVec(p), Vel: reportVec(v), Acc: reportVec(a)}
}

// reportTurntable is the report of the turntable m in state s.
func reportTurntable(s TurntableState, m *Turntable) TurntableReport {
	return TurntableReport{
		Params: fmt.Sprintf("disc spin0 %.6g deg/s, alpha %.6g deg/s^2; ball %g kg, spring %g N/m, start %v m, launch %v m/s (world); step %.6g s",
			reportDeg(m.Spin0), reportDeg(m.Alpha), m.Mass, m.Stiffness, m.Start, m.Launch, m.Dt),
		DiscAngleDeg: reportDeg(s.DiscAngle), DiscSpinDeg: reportDeg(s.DiscSpin), DiscAlphaDeg: reportDeg(s.DiscAlpha),
		Local:  reportMotion(s.LocalPos, s.LocalVel, s.LocalAcc),
		World:  reportMotion(s.WorldPos, s.WorldVel, s.WorldAcc),
		Forces: reportForces(s.Forces),
	}
}

// reportCrash is the report of the crash m in state s.
func reportCrash(s CrashState, m *Crash) CrashReport {
	q := s.Car.Rotation
	return CrashReport{
		Counteract: m.Counteract, Crashed: s.Crashed,
		Params: fmt.Sprintf("car %g m/s turning %.6g deg/s, %g kg, crash at %g s, spin-down %g s; box %g kg at %v m in the car; step %.6g s",
			m.Speed, reportDeg(m.YawRate), m.CarMass, m.CrashTime, m.SpinDown, m.BoxMass, m.BoxStart, m.Dt),
		Car:         reportMotion(s.Car.Position, s.Car.V, s.Car.A),
		CarRotation: [4]float64{q.W + 0, q.V[0] + 0, q.V[1] + 0, q.V[2] + 0},
		CarYawDeg:   reportDeg(2 * math.Atan2(q.V[2], q.W)),
		CarSpinDeg:  reportDeg(s.Car.OmegaVec()[2]), CarAlphaDeg: reportDeg(s.Car.AlphaVec()[2]),
		BoxLocal: reportMotion(s.BoxLocal.Position, s.BoxLocal.V, s.BoxLocal.A),
		BoxWorld: reportMotion(s.BoxWorld.Position, s.BoxWorld.V, s.BoxWorld.A),
		Impulse:  reportVec(s.Impulse), CorrectionV: reportVec(s.Correction.V), CorrectionA: reportVec(s.Correction.A),
		Forces: reportForces(s.Forces),
	}
}

// textVec formats a vector for text output; values that round to zero print as
// 0 (never -0.000000).
func textVec(v [3]float64) string {
	return fmt.Sprintf("(%10.6f, %10.6f, %10.6f)", textZero(v[0]), textZero(v[1]), textZero(v[2]))
}

// textZero maps values that print as zero with 6 decimals to +0.
func textZero(x float64) float64 {
	if math.Abs(x) < 5e-7 {
		return 0
	}
	return x
}

// textMotion writes a motion's three lines.
func textMotion(w io.Writer, name string, m MotionReport) {
	fmt.Fprintf(w, "  %-22s pos %s m\n", name, textVec(m.Pos))
	fmt.Fprintf(w, "  %-22s vel %s m/s\n", "", textVec(m.Vel))
	fmt.Fprintf(w, "  %-22s acc %s m/s^2\n", "", textVec(m.Acc))
}

// textForces writes the force terms under title.
func textForces(w io.Writer, title string, f ForceReport) {
	fmt.Fprintf(w, "  %s\n", title)
	fmt.Fprintf(w, "    applied       %s N\n", textVec(f.Applied))
	fmt.Fprintf(w, "    translational %s N\n", textVec(f.Translational))
	fmt.Fprintf(w, "    centrifugal   %s N\n", textVec(f.Centrifugal))
	fmt.Fprintf(w, "    Coriolis      %s N\n", textVec(f.Coriolis))
	fmt.Fprintf(w, "    Euler         %s N\n", textVec(f.Euler))
}

// WriteJSON writes r as indented JSON with camelCase keys that end in
// their unit (see Report). It returns the encoding or write error.
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes r as text for reading by hand: vectors with 6 decimals,
// values that round to zero as 0 (never -0.000000). It returns the write
// error.
func (r Report) WriteText(w io.Writer) error {
	var b bytes.Buffer
	r.text(&b)
	_, err := w.Write(b.Bytes())
	return err
}

func (r Report) text(w io.Writer) {
	fmt.Fprintf(w, "dynamics preset %s at t = %g s\n", r.Preset, r.T)
	if t := r.Turntable; t != nil {
		fmt.Fprintf(w, "  %s\n", t.Params)
		fmt.Fprintf(w, "  disc angle %.6f deg, spin %.6f deg/s, alpha %.6f deg/s^2\n",
			textZero(t.DiscAngleDeg), textZero(t.DiscSpinDeg), textZero(t.DiscAlphaDeg))
		textMotion(w, "ball in disc frame", t.Local)
		textMotion(w, "ball in world", t.World)
		textForces(w, "force terms at the ball (world axes):", t.Forces)
	}
	for _, c := range r.Crash {
		fmt.Fprintf(w, "counteract %v (crashed %v)\n", c.Counteract, c.Crashed)
		fmt.Fprintf(w, "  %s\n", c.Params)
		textMotion(w, "car in world", c.Car)
		fmt.Fprintf(w, "  car rotation (w, x, y, z) (%.6f, %.6f, %.6f, %.6f), yaw %.6f deg, spin %.6f deg/s, alpha %.6f deg/s^2\n",
			textZero(c.CarRotation[0]), textZero(c.CarRotation[1]), textZero(c.CarRotation[2]), textZero(c.CarRotation[3]), textZero(c.CarYawDeg), textZero(c.CarSpinDeg), textZero(c.CarAlphaDeg))
		textMotion(w, "box in car frame", c.BoxLocal)
		textMotion(w, "box in world", c.BoxWorld)
		fmt.Fprintf(w, "  impulse on car %s N s\n", textVec(c.Impulse))
		fmt.Fprintf(w, "  correction on box: vel %s m/s, acc %s m/s^2\n", textVec(c.CorrectionV), textVec(c.CorrectionA))
		textForces(w, "force terms on the box (world axes):", c.Forces)
	}
}
