package drift

import (
	"errors"
	"fmt"
	"math"

	"skewlab/transform"
)

// Limits on a Config's scale components, inside which every storage stays
// finite (squares of the entries stay inside the float32 range).
const (
	MinScale = 1e-12
	MaxScale = 1e12
)

// MaxStepDeg bounds a Config's step: at most a full turn per frame either
// way. Frame k's angle is k·StepDeg reduced modulo 360 (AngleRad); a
// finite step far beyond a turn made that product overflow to Inf after
// a frame or two (a step of 1e308 degrees gave NaN errors and +Inf in
// the table), and a step beyond a turn is the same spin as its remainder.
const MaxStepDeg = 360

// Norm says how Config.UnitAxis normalizes the axis: the pipeline's
// rounding, and so the rate of drift, depends on it.
type Norm int

const (
	// NormFloat64 normalizes in float64 and rounds to float32 once (the
	// default, the table of docs/drift.md): each component is the float32
	// nearest the exact unit axis.
	NormFloat64 Norm = iota
	// NormFloat32 rounds the axis to float32 and normalizes it with
	// mgl32.Vec3.Normalize (Vec3.Normalize), as an engine on mathgl would: a float32 length
	// and reciprocal, each rounded, so the unit axis is off by a few ulps
	// more, and for axis (1, 2, 3) the matrix storage no longer stalls.
	NormFloat32
	// NumNorms is the number of normalizations.
	NumNorms = 2
)

var normNames = [NumNorms]string{"float64", "float32"}

// String returns the normalization's name as used by -normalize
// ("float64", "float32"), or "Norm(n)" outside the range.
func (n Norm) String() string {
	if n < 0 || n >= NumNorms {
		return fmt.Sprintf("Norm(%d)", int(n))
	}
	return normNames[n]
}

// NormNames returns the normalizations' names in Norm order, the default
// first.
func NormNames() []string { return normNames[:] }

// ParseNorm returns the Norm named s, or an error listing the valid names.
func ParseNorm(s string) (Norm, error) {
	for i, n := range normNames {
		if n == s {
			return Norm(i), nil
		}
	}
	return 0, fmt.Errorf("unknown normalization %q (valid: float64, float32)", s)
}

// Config describes one spin: the node turns about Axis by StepDeg degrees per
// frame, starting from scale Scale. The zero Config is invalid; start from
// DefaultConfig.
type Config struct {
	// Axis is the rotation axis, any length but not zero; UnitAxis
	// normalizes it as Normalize says (the float32 unit axis is then not
	// exactly unit, which is part of the experiment).
	Axis [3]float64
	// Normalize chooses how the axis is normalized; the zero value,
	// NormFloat64, is the default.
	Normalize Norm
	// StepDeg is the rotation per frame in degrees, from -MaxStepDeg to
	// MaxStepDeg, negative and zero included.
	StepDeg float64
	// Scale is the initial scale s0 per axis, each in [MinScale, MaxScale].
	Scale [3]float64
}

// DefaultConfig is the default: axis (1, 2, 3), 1° per frame, scale 1.
func DefaultConfig() Config {
	return Config{Axis: [3]float64{1, 2, 3}, StepDeg: 1, Scale: [3]float64{1, 1, 1}}
}

// Validate reports the first problem of c: a non-finite or zero axis, a
// step that is not finite or lies outside [-MaxStepDeg, MaxStepDeg], or a
// scale component that is not finite or lies outside [MinScale,
// MaxScale]. It returns nil for a usable Config.
func (c Config) Validate() error {
	n := 0.0
	for _, a := range c.Axis {
		if !transform.Finite(a) {
			return errors.New("axis components must be finite numbers")
		}
		n = math.Max(n, math.Abs(a))
	}
	if n == 0 {
		return errors.New("axis must not be zero")
	}
	if c.Normalize < 0 || c.Normalize >= NumNorms {
		return fmt.Errorf("unknown normalization %d", int(c.Normalize))
	}
	if !(c.StepDeg >= -MaxStepDeg && c.StepDeg <= MaxStepDeg) {
		return fmt.Errorf("step must be a number of degrees from %d to %d (a full turn either way), got %g", -MaxStepDeg, MaxStepDeg, c.StepDeg)
	}
	for _, s := range c.Scale {
		if !(s >= MinScale && s <= MaxScale) {
			return fmt.Errorf("scale components must lie in [%g, %g], got %g", float64(MinScale), float64(MaxScale), s)
		}
	}
	return nil
}

// UnitAxis returns the unit axis. With NormFloat64, Axis normalized in
// float64 (scaled by its largest component first, so huge and tiny axes do
// not overflow) and rounded to float32. With NormFloat32, Axis scaled by a
// power of two that brings its largest component into [0.5, 1) (exact, and
// it commutes with every rounding below, so (1, 2, 3) gives exactly
// mgl32.Vec3{1, 2, 3}.Normalize()), rounded to float32 and normalized by
// mgl32.Vec3.Normalize (Vec3.Normalize); components below about 1e-38 of the largest
// become zero there. An axis that Validate rejects gives (0, 0, 1).
func (c Config) UnitAxis() Vec3 {
	m := math.Max(math.Abs(c.Axis[0]), math.Max(math.Abs(c.Axis[1]), math.Abs(c.Axis[2])))
	if !transform.Finite(m) || m <= 0 || c.Validate() != nil {
		return Vec3{0, 0, 1}
	}
	if c.Normalize == NormFloat32 {
		_, e := math.Frexp(m)
		v := Vec3{float32(math.Ldexp(c.Axis[0], -e)), float32(math.Ldexp(c.Axis[1], -e)), float32(math.Ldexp(c.Axis[2], -e))}
		return v.Normalize()
	}
	x, y, z := c.Axis[0]/m, c.Axis[1]/m, c.Axis[2]/m
	l := math.Sqrt(float64(float64(x*x)+float64(y*y)) + float64(z*z))
	return Vec3{float32(x / l), float32(y / l), float32(z / l)}
}

// Scale32 returns Scale rounded to float32: the s0 the error is measured
// against.
func (c Config) Scale32() Vec3 {
	return Vec3{float32(c.Scale[0]), float32(c.Scale[1]), float32(c.Scale[2])}
}

// AngleRad returns the absolute angle of frame k in radians, as float32:
// k·StepDeg reduced modulo 360 in float64 (so frames a turn apart get the
// same angle exactly), converted to radians and rounded once.
func (c Config) AngleRad(k int) float32 {
	d := math.Mod(float64(k)*c.StepDeg, 360)
	return float32(d * (math.Pi / 180))
}

// Quat returns the rotation of frame k: QuatRotate(AngleRad(k),
// UnitAxis()), mgl32.QuatRotate's float32 quaternion, which an engine on mathgl would build. It
// is written (w, x, y, z) = (cos θ/2, sin θ/2 · axis). A non-finite step
// gives NaN components.
func (c Config) Quat(k int) Quat {
	return QuatRotate(c.AngleRad(k), c.UnitAxis())
}

// Thresholds are the error levels of the article's table: 1e-6, 2e-6, 5e-6,
// ..., 1e-3.
var Thresholds = [...]float64{1e-6, 2e-6, 5e-6, 1e-5, 2e-5, 5e-5, 1e-4, 2e-4, 5e-4, 1e-3}

// NumThresholds is len(Thresholds).
const NumThresholds = len(Thresholds)

// ExponentFrom is the first frame the growth exponent fits.
const ExponentFrom = 100

// Stats accumulates a run's error series without storing it: the first frame
// the error exceeds each threshold, the final and largest error, and the sums
// of a least-squares fit of log error against log frame over frames from
// ExponentFrom on, frames with zero error left out. The zero Stats is empty
// and ready.
type Stats struct {
	// Cross[i] is the first frame whose error exceeded Thresholds[i], or
	// 0 if none has.
	Cross [NumThresholds]int
	// Frames is the last frame added.
	Frames int
	// Final is the error of the last frame added.
	Final float64
	// Max is the largest error added.
	Max float64

	n, sx, sy, sxx, sxy float64
	lastErr, lastLog    float64 // log cache: errors repeat for long stretches
	next                int     // first threshold not yet crossed
}

// Add records the error err of frame k (k counts from 1 and increases). A
// NaN error counts as exceeding every threshold and is left out of the fit.
func (s *Stats) Add(k int, err float64) {
	s.add(k, logFrame(k), err)
}

// add is Add with log(k) supplied (any value when k < ExponentFrom).
func (s *Stats) add(k int, lk, err float64) {
	s.Frames, s.Final = k, err
	if err > s.Max || math.IsNaN(err) {
		s.Max = err
	}
	for s.next < NumThresholds && !(err <= Thresholds[s.next]) {
		s.Cross[s.next] = k
		s.next++
	}
	if k >= ExponentFrom && err > 0 && err <= math.MaxFloat64 {
		if err != s.lastErr {
			s.lastErr, s.lastLog = err, math.Log(err)
		}
		x, y := lk, s.lastLog
		s.n++
		s.sx += x
		s.sy += y
		s.sxx += x * x
		s.sxy += x * y
	}
}

// Exponent returns the least-squares slope of log error against log frame:
// about 1 for systematic drift, 0.5 for a random walk, 0 for a bounded error.
// It is NaN when fewer than two frames from ExponentFrom on had a nonzero
// error.
func (s Stats) Exponent() float64 {
	d := s.n*s.sxx - s.sx*s.sx
	if s.n < 2 || !(d > 0) {
		return math.NaN()
	}
	return (s.n*s.sxy - s.sx*s.sy) / d
}

// Run spins one storage: frame 0 is the storage as constructed with scale
// s0; each Advance step sets frame k's rotation and records the error of the
// produced matrix's ExactScale against s0 in Stats.
type Run struct {
	kind  Kind
	cfg   Config
	axis  Vec3
	s0    Vec3
	st    Storage
	err   float64
	stats Stats
}

// NewRun returns a Run of storage kind k at frame 0, or the Config's
// validation error. An unknown kind is an error too.
func NewRun(k Kind, c Config) (*Run, error) {
	if k < 0 || k >= NumKinds {
		return nil, fmt.Errorf("unknown storage kind %d", int(k))
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	r := &Run{kind: k, cfg: c}
	r.Reset()
	return r, nil
}

// Reset returns the run to frame 0 with a fresh storage. It allocates the
// storage once.
func (r *Run) Reset() {
	r.axis, r.s0 = r.cfg.UnitAxis(), r.cfg.Scale32()
	r.st = NewStorage(r.kind, r.s0)
	r.stats = Stats{}
	r.err = RelError(ExactScale(r.st.Matrix()), r.s0)
}

// Advance computes the next n frames (none for n <= 0) without allocating.
func (r *Run) Advance(n int) {
	for i := 0; i < n; i++ {
		k := r.stats.Frames + 1
		r.apply(k, logFrame(k), QuatRotate(r.cfg.AngleRad(k), r.axis))
	}
}

// apply sets frame k's rotation q and records its error; lk is
// logFrame(k).
func (r *Run) apply(k int, lk float64, q Quat) {
	r.st.SetRotation(q)
	r.err = RelError(ExactScale(r.st.Matrix()), r.s0)
	r.stats.add(k, lk, r.err)
}

// logFrame is log(k) from ExponentFrom on, and 0 before, where the fit does
// not use it.
func logFrame(k int) float64 {
	if k < ExponentFrom {
		return 0
	}
	return math.Log(float64(k))
}

// Kind returns the run's storage kind.
func (r *Run) Kind() Kind { return r.kind }

// Frame returns the number of frames computed.
func (r *Run) Frame() int { return r.stats.Frames }

// Storage returns the run's storage (for drawing its matrix; changing it
// changes the run).
func (r *Run) Storage() Storage { return r.st }

// Scale returns the current column lengths (ExactScale of the matrix).
func (r *Run) Scale() Vec3 { return ExactScale(r.st.Matrix()) }

// Error returns the current relative scale error (RelError of Scale against
// s0); at frame 0 it is the error of the constructed matrix, normally 0.
func (r *Run) Error() float64 { return r.err }

// Stats returns the accumulated statistics.
func (r *Run) Stats() Stats { return r.stats }
