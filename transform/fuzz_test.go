package transform

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// accepted reports whether every value is input skewlab accepts: finite,
// with magnitude at most MaxMagnitude.
func accepted(v ...float64) bool {
	for _, x := range v {
		if !(math.Abs(x) <= MaxMagnitude) {
			return false
		}
	}
	return true
}

// fuzzSeeds are the seed matrices of both fuzz targets: zeros, mirrors,
// the largest accepted values, tiny values, skew, and non-finite input.
var fuzzSeeds = [][9]float64{
	{},
	{1, 0, 0, 0, 1, 0, 0, 0, 1},
	{-1, 0, 0, 0, 1, 0, 0, 0, 1},
	{-1, 0, 0, 0, -1, 0, 0, 0, -1},
	{1, 0, 0, 0, 0, 0, 0, 0, 1},
	{1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6, 1e6},
	{1e6, 0, 0, 0, -1e6, 0, 0, 0, 1e6},
	{1e-300, 0, 0, 0, 1e-300, 0, 0, 0, 1e-300},
	{1e6, 1e-300, 0, 0, 1e-300, 0, 0, 0, 1e-6},
	{5e-324, 0, 0, 0, 1, 0, 0, 0, 1},
	{2.364, 0, -0.616, 0, 1, 0, 1.847, 0, 0.788},
	{1, 1, 1, 1, 1, 1, 1, 1, 1},
	{1, 2, 3, 4, 5, 6, 7, 8, 9},
	{math.NaN(), 0, 0, 0, 1, 0, 0, 0, 1},
	{math.Inf(1), 0, 0, 0, math.Inf(-1), 0, 0, 0, 1},
	{1e300, 0, 0, 0, 1e300, 0, 0, 0, 1e300},
}

// FuzzPolar: no panic for any input; for accepted input no NaN or Inf in
// Q, S, F, Q a rotation, and F Q S = L (to 1e-12 relative, plus 1e-300
// absolute for subnormal results).
func FuzzPolar(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8])
	}
	f.Fuzz(func(t *testing.T, a0, a1, a2, a3, a4, a5, a6, a7, a8 float64) {
		const tol = 1e-12
		l := mgl64.Mat3{a0, a1, a2, a3, a4, a5, a6, a7, a8}
		p, _ := Polar(l)
		ev := StretchEigen(p.S)
		if !accepted(l[:]...) {
			return
		}
		if hasNaN(p.Q[:]...) || hasNaN(p.S[:]...) || hasNaN(p.F) || hasNaN(ev[:]...) {
			t.Fatalf("Polar(%v) = %+v, stretches %v", l, p, ev)
		}
		qtq, id := p.Q.Transpose().Mul3(p.Q), mgl64.Ident3()
		if !(maxDiff(qtq[:], id[:]) <= tol) || !(math.Abs(p.Q.Det()-1) <= tol) {
			t.Fatalf("Polar(%v): Q = %v not a rotation", l, p.Q)
		}
		re := p.Q.Mul3(p.S).Mul(p.F)
		if d := frobDiff(re[:], l[:]); !(d <= tol*frobN(l[:])+1e-300) {
			t.Fatalf("Polar(%v): ||F Q S - L|| = %g", l, d)
		}
	})
}

// FuzzAnalysis runs every analysis function on one matrix, one vector and
// one quaternion: no panic for any input, no NaN or Inf for accepted
// input. It then analyses the world matrix of a chain of depth (0 to 100)
// copies of the child transform, where scales up to 1e6 overflow float64:
// no panic, a skew in [0, 90] that is ok only for a finite matrix, a
// finite rotation factor, and no representable non-finite matrix.
func FuzzAnalysis(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8],
			s[(i+1)%9], s[(i+4)%9], s[(i+8)%9], 1.0, s[1], s[2], s[3], uint8(i*7))
	}
	f.Fuzz(func(t *testing.T, a0, a1, a2, a3, a4, a5, a6, a7, a8, v0, v1, v2, qw, qx, qy, qz float64, depth uint8) {
		l := mgl64.Mat3{a0, a1, a2, a3, a4, a5, a6, a7, a8}
		v := mgl64.Vec3{v0, v1, v2}
		q := mgl64.Quat{W: qw, V: mgl64.Vec3{qx, qy, qz}}
		r := RotMat3(q)
		skew, _ := SkewDeg(l)
		vol := Volume(l)
		ls := LossyScale(r, l)
		cl := ColumnLengths(l)
		Representable(l, 1e-9)
		fit, _ := PolarFit(l)
		u, res := SplitUniform(v)
		child := TRS{Position: l.Col(0), Rotation: q, Scale: l.Col(1)}
		folded, fres := FoldResidual(res, child)
		world := child.Mat4()
		parent := TRS{Position: v, Rotation: q.Conjugate(), Scale: l.Col(2)}.Mat4()
		rep, _ := Reparent(world, parent)
		comp := Compose(TRS{Position: v, Rotation: q, Scale: l.Col(2)}, child)
		eul := ToEulerDeg(q)
		deepChain(t, world, int(depth)%101)
		if !accepted(l[:]...) || !accepted(v[:]...) || !accepted(quatSlice(q)...) {
			return
		}
		out := []float64{skew, vol, fit.Residual, u, fres, rep.Residual}
		for _, x := range [][]float64{ls[:], cl[:], quatSlice(fit.Rotation), fit.Scale[:], res[:],
			folded.Position[:], quatSlice(folded.Rotation), folded.Scale[:], rep.Local[:],
			rep.Fit.Position[:], quatSlice(rep.Fit.Rotation), rep.Fit.Scale[:],
			comp.Position[:], quatSlice(comp.Rotation), comp.Scale[:], eul[:], r[:]} {
			out = append(out, x...)
		}
		if hasNaN(out...) {
			t.Fatalf("NaN or Inf for l=%v v=%v q=%v: %v", l, v, q, out)
		}
		if !(skew >= 0 && skew <= 90) || !(fit.Residual >= 0 && fit.Residual <= 1+1e-12) || !(fres >= 0 && fres <= 1+1e-12) {
			t.Fatalf("out of range for l=%v v=%v: skew %g, fit residual %g, fold residual %g", l, v, skew, fit.Residual, fres)
		}
	})
}

// deepChain checks the analysis of local^depth, the world matrix of a
// chain of depth copies of local.
func deepChain(t *testing.T, local mgl64.Mat4, depth int) {
	w := mgl64.Ident4()
	for range depth {
		w = w.Mul4(local)
	}
	l := Linear(w)
	fin := !hasNaN(l[:]...)
	skew, ok := SkewDeg(l)
	if !(skew >= 0 && skew <= 90) || ok && !fin {
		t.Fatalf("depth %d: SkewDeg(%v) = %g, %v", depth, l, skew, ok)
	}
	if Representable(l, 1e-9) && !fin {
		t.Fatalf("depth %d: non-finite %v representable", depth, l)
	}
	p, _ := Polar(l)
	if hasNaN(p.Q[:]...) || !(p.F == 1 || p.F == -1) {
		t.Fatalf("depth %d: Polar(%v) = %+v", depth, l, p)
	}
	StretchEigen(p.S)
	Volume(l)
	LossyScale(mgl64.Ident3(), l)
	Reparent(w, local)
	Invertible(w)
}
