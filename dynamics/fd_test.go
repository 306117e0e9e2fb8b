package dynamics

import (
	"math/rand/v2"
	"testing"

	"skewlab/transform"
)

// pose returns the pose at time t of the trajectory that d describes at
// t = 0: T(t) = T + v t + a t^2/2 and R(t) = exp(w t + alpha t^2/2) R with
// the scale constant. Its derivatives at 0 are exactly d's: dT = v,
// d2T = a, dR = w R, d2R = (alpha + w^2) R (since exp(X(t)) has first
// derivative X' and second derivative X” + X'^2 at X = 0).
func pose(d Transform, t float64) transform.Uniform {
	return transform.Uniform{
		Position: d.Position.Add(d.V.Mul(t)).Add(d.A.Mul(t * t / 2)),
		Rotation: Exp(d.OmegaVec().Mul(t).Add(d.AlphaVec().Mul(t * t / 2))).Mul(d.Rotation),
		Scale:    d.Scale,
	}
}

// finiteDiff measures the motion of the pose trajectory f at t = 0 with
// central differences of step h: v, a from the position, and w = R' R^T,
// alpha = R” R^T - w^2 from the rotation matrix.
func finiteDiff(f func(t float64) transform.Uniform, h float64) Transform {
	m, z, p := f(-h), f(0), f(h)
	rm, r0, rp := transform.RotMat3(m.Rotation), transform.RotMat3(z.Rotation), transform.RotMat3(p.Rotation)
	rd := rp.Sub(rm).Mul(1 / (2 * h))
	rdd := rp.Sub(r0.Mul(2)).Add(rm).Mul(1 / (h * h))
	w := rd.Mul3(r0.Transpose())
	return Transform{
		Uniform: z,
		V:       p.Position.Sub(m.Position).Mul(1 / (2 * h)),
		A:       p.Position.Sub(z.Position.Mul(2)).Add(m.Position).Mul(1 / (h * h)),
		Omega:   w,
		Alpha:   rdd.Mul3(r0.Transpose()).Sub(w.Mul3(w)),
	}
}

// fdTol: central differences with h = 1e-4 have truncation error ~h^2 and
// roundoff ~1e-16/h^2 ~ 1e-8 in the second derivatives, for quantities of
// order 1-10 here.
const (
	fdStep = 1e-4
	fdTol  = 1e-6
)

// TestTrajectoryMatchesInputs: the test's own trajectory builder has the
// derivatives it claims (checked by the same finite differences), so the
// tests below compare the formulas with the calculus, not with themselves.
func TestTrajectoryMatchesInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	worst := 0.0
	defer func() { t.Logf("worst error %.3g", worst) }()
	for i := 0; i < 50; i++ {
		d := randDyn(rng)
		worst = max(worst, check(t, "trajectory derivatives", dynErr(finiteDiff(func(s float64) transform.Uniform { return pose(d, s) }, fdStep), d), fdTol))
	}
}

// TestMulFiniteDiff: the velocity and acceleration formulas of the
// composition match central differences of the composed pose
// trajectories A2(t) * A1(t).
func TestMulFiniteDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	worst := 0.0
	defer func() { t.Logf("worst error %.3g", worst) }()
	for i := 0; i < 200; i++ {
		a2, a1 := randDyn(rng), randDyn(rng)
		fd := finiteDiff(func(s float64) transform.Uniform { return pose(a2, s).Mul(pose(a1, s)) }, fdStep)
		worst = max(worst, check(t, "composition vs finite differences", dynErr(a2.Mul(a1), fd), fdTol))
	}
}

// TestInverseFiniteDiff: the dynamics of the inverse match central
// differences of A(t)^-1.
func TestInverseFiniteDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	worst := 0.0
	defer func() { t.Logf("worst error %.3g", worst) }()
	for i := 0; i < 200; i++ {
		a := randDyn(rng)
		fd := finiteDiff(func(s float64) transform.Uniform { inv, _ := pose(a, s).Inverse(); return inv }, fdStep)
		inv, _ := a.Inverse()
		worst = max(worst, check(t, "inverse vs finite differences", dynErr(inv, fd), fdTol))
	}
}

// TestGlobalToLocalFiniteDiff: the closed-form global-to-local conversion
// matches central differences of A2(t)^-1 * A3(t).
func TestGlobalToLocalFiniteDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	worst := 0.0
	defer func() { t.Logf("worst error %.3g", worst) }()
	for i := 0; i < 200; i++ {
		a2, a3 := randDyn(rng), randDyn(rng)
		fd := finiteDiff(func(s float64) transform.Uniform { inv, _ := pose(a2, s).Inverse(); return inv.Mul(pose(a3, s)) }, fdStep)
		got, _ := GlobalToLocal(a2, a3)
		worst = max(worst, check(t, "global-to-local vs finite differences", dynErr(got, fd), fdTol))
	}
}
