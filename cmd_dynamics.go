package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"skewlab/cli"
	"skewlab/dynamics"
)

// dynamicsCommand is `skewlab dynamics`; main.go's command table lists it.
var dynamicsCommand = cli.Command{
	Name:    "dynamics",
	Summary: "print dynamics lab states and force terms at time t (seed 002)",
	Run:     runDynamics,
}

// dynamicsSynopsis is the first line of dynamics -h.
const dynamicsSynopsis = "skewlab dynamics [-preset turntable|crash] [-t SECONDS] [-format text|json]"

// runDynamics runs a dynamics lab preset from its reset state to time -t
// and prints its state and force terms, for checking by hand. Angles and
// angular rates are printed in degrees, deg/s and deg/s^2 (the user-facing
// convention; the models work in radians); quaternions as (w, x, y, z).
// JSON keys are camelCase and end in their unit. Bad arguments print one line on
// stderr and return 2 with nothing on stdout.
func runDynamics(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("dynamics", dynamicsSynopsis)
	preset := fs.String("preset", "turntable", "lab preset: "+strings.Join(dynamics.PresetNames(), ", "))
	t := cli.NumberFlag(fs, "t", 0, fmt.Sprintf("time in seconds from the preset's reset state, 0 to %g", dynamics.MaxTime))
	format := fs.String("format", "text", "output format: text or json")
	bad := func(msg string) int { return cli.UsageError(stderr, "dynamics", errors.New(msg)) }
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	lab, ok := dynamics.NewPreset(*preset)
	if !ok {
		return bad(fmt.Sprintf("unknown preset %q, valid: %s", *preset, strings.Join(dynamics.PresetNames(), ", ")))
	}
	if *format != "text" && *format != "json" {
		return bad(fmt.Sprintf("unknown format %q, valid: text, json", *format))
	}
	if !(*t >= 0) || !(*t <= dynamics.MaxTime) {
		return bad(fmt.Sprintf("-t %v must be a finite number of seconds in [0, %g]", *t, dynamics.MaxTime))
	}
	report := dynReport{Preset: *preset, T: *t + 0} // -t -0 prints 0
	switch m := lab.(type) {
	case *dynamics.Turntable:
		if err := m.RunTo(*t); err != nil {
			return bad(err.Error())
		}
		r := turntableReport(m.State(), m)
		report.Turntable = &r
	case *dynamics.Crash:
		for _, c := range []bool{true, false} {
			m.Counteract = c
			if err := m.RunTo(*t); err != nil {
				return bad(err.Error())
			}
			report.Crash = append(report.Crash, crashReport(m.State(), m))
		}
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(report); err != nil {
			return cli.RunFailure(stderr, "dynamics", err)
		}
		return 0
	}
	writeDynText(stdout, report)
	return 0
}

// dynReport is the command's output; vectors are [x, y, z] in SI units,
// angles in degrees, quaternions [w, x, y, z]. JSON keys are camelCase and
// end in their unit (M, MPerS, MPerS2, N, NS, Deg, DegPerS, DegPerS2).
type dynReport struct {
	Preset    string     `json:"preset"`
	T         float64    `json:"timeS"`
	Turntable *ttReport  `json:"turntable,omitempty"`
	Crash     []crReport `json:"crash,omitempty"`
}

type forceReport struct {
	Applied       [3]float64 `json:"appliedN"`
	Translational [3]float64 `json:"translationalN"`
	Centrifugal   [3]float64 `json:"centrifugalN"`
	Coriolis      [3]float64 `json:"coriolisN"`
	Euler         [3]float64 `json:"eulerN"`
}

type motionReport struct {
	Pos [3]float64 `json:"posM"`
	Vel [3]float64 `json:"velMPerS"`
	Acc [3]float64 `json:"accMPerS2"`
}

type ttReport struct {
	Params       string       `json:"params"`
	DiscAngleDeg float64      `json:"discAngleDeg"`
	DiscSpinDeg  float64      `json:"discSpinDegPerS"`
	DiscAlphaDeg float64      `json:"discAlphaDegPerS2"`
	Local        motionReport `json:"ballLocal"`
	World        motionReport `json:"ballWorld"`
	Forces       forceReport  `json:"forcesWorld"`
}

type crReport struct {
	Counteract  bool         `json:"counteract"`
	Crashed     bool         `json:"crashed"`
	Params      string       `json:"params"`
	Car         motionReport `json:"carWorld"`
	CarRotation [4]float64   `json:"carRotationWxyz"`
	CarYawDeg   float64      `json:"carYawDeg"`
	CarSpinDeg  float64      `json:"carSpinDegPerS"`
	CarAlphaDeg float64      `json:"carAlphaDegPerS2"`
	BoxLocal    motionReport `json:"boxLocal"`
	BoxWorld    motionReport `json:"boxWorld"`
	Impulse     [3]float64   `json:"impulseNS"`
	CorrectionV [3]float64   `json:"correctionVelMPerS"`
	CorrectionA [3]float64   `json:"correctionAccMPerS2"`
	Forces      forceReport  `json:"forcesWorld"`
}

// deg converts radians to degrees; -0 becomes +0 (never printed as -0).
func deg(x float64) float64 { return x*180/math.Pi + 0 }

// pz returns v with negative zeros made positive (-0 + 0 = +0), so JSON
// never shows -0.
func pz(v mgl64.Vec3) [3]float64 { return [3]float64{v[0] + 0, v[1] + 0, v[2] + 0} }

func forces(t dynamics.Terms) forceReport {
	return forceReport{Applied: pz(t.Applied), Translational: pz(t.Translational), Centrifugal: pz(t.Centrifugal), Coriolis: pz(t.Coriolis), Euler: pz(t.Euler)}
}

func motion(p, v, a mgl64.Vec3) motionReport { return motionReport{Pos: pz(p), Vel: pz(v), Acc: pz(a)} }

func turntableReport(s dynamics.TurntableState, m *dynamics.Turntable) ttReport {
	return ttReport{
		Params: fmt.Sprintf("disc spin0 %.6g deg/s, alpha %.6g deg/s^2; ball %g kg, spring %g N/m, start %v m, launch %v m/s (world); step %.6g s",
			deg(m.Spin0), deg(m.Alpha), m.Mass, m.Stiffness, m.Start, m.Launch, m.Dt),
		DiscAngleDeg: deg(s.DiscAngle), DiscSpinDeg: deg(s.DiscSpin), DiscAlphaDeg: deg(s.DiscAlpha),
		Local:  motion(s.LocalPos, s.LocalVel, s.LocalAcc),
		World:  motion(s.WorldPos, s.WorldVel, s.WorldAcc),
		Forces: forces(s.Forces),
	}
}

func crashReport(s dynamics.CrashState, m *dynamics.Crash) crReport {
	q := s.Car.Rotation
	return crReport{
		Counteract: m.Counteract, Crashed: s.Crashed,
		Params: fmt.Sprintf("car %g m/s turning %.6g deg/s, %g kg, crash at %g s, spin-down %g s; box %g kg at %v m in the car; step %.6g s",
			m.Speed, deg(m.YawRate), m.CarMass, m.CrashTime, m.SpinDown, m.BoxMass, m.BoxStart, m.Dt),
		Car:         motion(s.Car.Position, s.Car.V, s.Car.A),
		CarRotation: [4]float64{q.W + 0, q.V[0] + 0, q.V[1] + 0, q.V[2] + 0},
		CarYawDeg:   deg(2 * math.Atan2(q.V[2], q.W)),
		CarSpinDeg:  deg(s.Car.OmegaVec()[2]), CarAlphaDeg: deg(s.Car.AlphaVec()[2]),
		BoxLocal: motion(s.BoxLocal.Position, s.BoxLocal.V, s.BoxLocal.A),
		BoxWorld: motion(s.BoxWorld.Position, s.BoxWorld.V, s.BoxWorld.A),
		Impulse:  pz(s.Impulse), CorrectionV: pz(s.Correction.V), CorrectionA: pz(s.Correction.A),
		Forces: forces(s.Forces),
	}
}

// v3 formats a vector for text output; values that round to zero print as
// 0 (never -0.000000).
func v3(v [3]float64) string {
	return fmt.Sprintf("(%10.6f, %10.6f, %10.6f)", z0(v[0]), z0(v[1]), z0(v[2]))
}

// z0 maps values that print as zero with 6 decimals to +0.
func z0(x float64) float64 {
	if math.Abs(x) < 5e-7 {
		return 0
	}
	return x
}

func writeMotion(w io.Writer, name string, m motionReport) {
	fmt.Fprintf(w, "  %-22s pos %s m\n", name, v3(m.Pos))
	fmt.Fprintf(w, "  %-22s vel %s m/s\n", "", v3(m.Vel))
	fmt.Fprintf(w, "  %-22s acc %s m/s^2\n", "", v3(m.Acc))
}

func writeForces(w io.Writer, title string, f forceReport) {
	fmt.Fprintf(w, "  %s\n", title)
	fmt.Fprintf(w, "    applied       %s N\n", v3(f.Applied))
	fmt.Fprintf(w, "    translational %s N\n", v3(f.Translational))
	fmt.Fprintf(w, "    centrifugal   %s N\n", v3(f.Centrifugal))
	fmt.Fprintf(w, "    Coriolis      %s N\n", v3(f.Coriolis))
	fmt.Fprintf(w, "    Euler         %s N\n", v3(f.Euler))
}

func writeDynText(w io.Writer, r dynReport) {
	fmt.Fprintf(w, "dynamics preset %s at t = %g s\n", r.Preset, r.T)
	if t := r.Turntable; t != nil {
		fmt.Fprintf(w, "  %s\n", t.Params)
		fmt.Fprintf(w, "  disc angle %.6f deg, spin %.6f deg/s, alpha %.6f deg/s^2\n",
			z0(t.DiscAngleDeg), z0(t.DiscSpinDeg), z0(t.DiscAlphaDeg))
		writeMotion(w, "ball in disc frame", t.Local)
		writeMotion(w, "ball in world", t.World)
		writeForces(w, "force terms at the ball (world axes):", t.Forces)
	}
	for _, c := range r.Crash {
		fmt.Fprintf(w, "counteract %v (crashed %v)\n", c.Counteract, c.Crashed)
		fmt.Fprintf(w, "  %s\n", c.Params)
		writeMotion(w, "car in world", c.Car)
		fmt.Fprintf(w, "  car rotation (w, x, y, z) (%.6f, %.6f, %.6f, %.6f), yaw %.6f deg, spin %.6f deg/s, alpha %.6f deg/s^2\n",
			z0(c.CarRotation[0]), z0(c.CarRotation[1]), z0(c.CarRotation[2]), z0(c.CarRotation[3]), z0(c.CarYawDeg), z0(c.CarSpinDeg), z0(c.CarAlphaDeg))
		writeMotion(w, "box in car frame", c.BoxLocal)
		writeMotion(w, "box in world", c.BoxWorld)
		fmt.Fprintf(w, "  impulse on car %s N s\n", v3(c.Impulse))
		fmt.Fprintf(w, "  correction on box: vel %s m/s, acc %s m/s^2\n", v3(c.CorrectionV), v3(c.CorrectionA))
		writeForces(w, "force terms on the box (world axes):", c.Forces)
	}
}
