package transform

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// PolarDecomp is the polar decomposition L = F * Q * S of a 3x3 linear
// part L (column vectors: S acts first).
type PolarDecomp struct {
	// Q is a rotation: orthonormal with det +1.
	Q mgl64.Mat3
	// S is the stretch: symmetric positive semi-definite, in L's local
	// frame. Its eigenvalues are L's singular values (see StretchEigen).
	S mgl64.Mat3
	// F is the sign of det L, +1 or -1; -1 means L mirrors, and F*Q is
	// then the orthogonal factor of L. F is +1 when L is singular.
	F float64
}

// polarSingular is the ratio of smallest to largest singular value at or
// below which Polar calls L singular.
const polarSingular = 1e-13

// Polar returns the polar decomposition L = F * Q * S (see PolarDecomp).
// It uses Higham's scaled Newton iteration X <- (γX + X^-T/γ)/2, as in
// Shoemake's polar_decomp (Graphics Gems IV, Decompose.c), when L is well
// conditioned, and a one-sided Jacobi SVD, L = U Σ V^T with Q = U V^T and
// S = V Σ V^T, otherwise. L is first scaled by a power of two, so entries
// from 1e-300 to 1e300 lose no accuracy.
//
// ok is false when L is singular to working precision (smallest singular
// value at most 1e-13 times the largest): Q is then not unique. The result
// is still finite and still satisfies F Q S = L to rounding: Q completes
// the defined directions of L to a rotation (det +1), F is +1, and S has
// the (near-)zero stretch along the collapsed direction. For L = 0 or an L
// with a non-finite entry, ok is false and the result is Q = I, S = 0,
// F = 1.
func Polar(l mgl64.Mat3) (p PolarDecomp, ok bool) {
	e, ok := scaleExp(l[:])
	if !ok {
		return PolarDecomp{Q: mgl64.Ident3(), F: 1}, false
	}
	a := ldexp3(l, -e)
	var o, s mgl64.Mat3
	conv := false
	if n := frob(a); abs(a.Det()) > 1e-6*n*n*n {
		o, conv = higham(a)
		s = o.Transpose().Mul3(a)
	}
	ok = true
	if !conv {
		o, s, ok = polarSVD(a)
	}
	p.F = 1
	if o.Det() < 0 {
		p.F = -1
	}
	p.Q = o.Mul(p.F)
	p.S = ldexp3(symmetrize(s), e)
	return p, ok
}

// higham runs Higham's scaled Newton iteration for the orthogonal polar
// factor of a (det a well away from 0). It reports false if the iteration
// did not converge or left the finite range.
func higham(a mgl64.Mat3) (mgl64.Mat3, bool) {
	const tol = 1e-13 // quadratic convergence: one more step ends at rounding
	x := a
	n1, ninf := norm1(x), normInf(x)
	for range 40 {
		c := Cofactor(x) // x^-T = c / det x
		d := x[0]*c[0] + x[1]*c[1] + x[2]*c[2]
		if !(abs(d) > 0) || !Finite(d) {
			return x, false
		}
		g := math.Sqrt(math.Sqrt(norm1(c)*normInf(c)/(n1*ninf)) / abs(d))
		g1, g2 := 0.5*g, 0.5/(g*d)
		var diff float64
		for k := range x {
			nx := g1*x[k] + g2*c[k]
			diff += abs(nx - x[k])
			x[k] = nx
		}
		n1, ninf = norm1(x), normInf(x)
		if !Finite(n1) {
			return x, false
		}
		if diff <= tol*n1 {
			return x, true
		}
	}
	return x, false
}

// polarSVD returns the orthogonal polar factor o and the stretch s of a
// (max |entry| about 1) from a one-sided Jacobi SVD, and whether a is
// non-singular. For singular a, o is completed to det +1.
func polarSVD(a mgl64.Mat3) (o, s mgl64.Mat3, ok bool) {
	u, v := a, mgl64.Ident3()
	for range 40 {
		rotated := false
		for _, pq := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
			p, q := 3*pq[0], 3*pq[1]
			al := u[p]*u[p] + u[p+1]*u[p+1] + u[p+2]*u[p+2]
			be := u[q]*u[q] + u[q+1]*u[q+1] + u[q+2]*u[q+2]
			ga := u[p]*u[q] + u[p+1]*u[q+1] + u[p+2]*u[q+2]
			if !(abs(ga) > 1e-17*math.Sqrt(al*be)) {
				continue
			}
			rotated = true
			z := (be - al) / (2 * ga)
			t := math.Copysign(1, z) / (abs(z) + math.Sqrt(1+z*z))
			c := 1 / math.Sqrt(1+t*t)
			sn := c * t
			for i := range 3 {
				up, uq := u[p+i], u[q+i]
				u[p+i], u[q+i] = c*up-sn*uq, sn*up+c*uq
				vp, vq := v[p+i], v[q+i]
				v[p+i], v[q+i] = c*vp-sn*vq, sn*vp+c*vq
			}
		}
		if !rotated {
			break
		}
	}
	var sig mgl64.Vec3
	for k := range 3 {
		sig[k] = length(u.Col(k))
	}
	// Sort descending, moving the columns of u and v along.
	for _, pq := range [3][2]int{{0, 1}, {1, 2}, {0, 1}} {
		p, q := pq[0], pq[1]
		if sig[p] < sig[q] {
			sig[p], sig[q] = sig[q], sig[p]
			cu, cv := u.Col(p), v.Col(p)
			u.SetCol(p, u.Col(q))
			v.SetCol(p, v.Col(q))
			u.SetCol(q, cu)
			v.SetCol(q, cv)
		}
	}
	if !(sig[0] > 0) {
		return mgl64.Ident3(), mgl64.Mat3{}, false
	}
	ok = sig[2] > polarSingular*sig[0]
	e0 := unitDir(u.Col(0))
	var e1 mgl64.Vec3
	if sig[1] > polarSingular*sig[0] {
		e1 = unitDir(u.Col(1).Sub(e0.Mul(e0.Dot(u.Col(1)))))
	}
	if e1 == (mgl64.Vec3{}) {
		e1 = perpendicular(e0)
	}
	e2 := e0.Cross(e1)
	if ok && e2.Dot(u.Col(2)) < 0 || !ok && v.Det() < 0 {
		e2 = e2.Mul(-1)
	}
	uu := mgl64.Mat3FromCols(e0, e1, e2)
	o = uu.Mul3(v.Transpose())
	s = v.Mul3(mgl64.Diag3(sig)).Mul3(v.Transpose())
	return o, s, ok
}

// StretchEigen returns the eigenvalues of the symmetric matrix s in
// descending order, by cyclic Jacobi rotations. For the stretch S of Polar
// they are the principal stretches (singular values of L), never negative.
// Only the symmetric part (s + s^T)/2 is read. An s with a non-finite
// entry gives (0, 0, 0).
func StretchEigen(s mgl64.Mat3) mgl64.Vec3 {
	e, ok := scaleExp(s[:])
	if !ok {
		return mgl64.Vec3{}
	}
	a := symmetrize(ldexp3(s, -e))
	for sweep := range 50 {
		off := a[3]*a[3] + a[6]*a[6] + a[7]*a[7]
		if off == 0 {
			break
		}
		for _, pq := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
			jacobiRotate(&a, pq[0], pq[1], sweep > 4)
		}
	}
	d := mgl64.Vec3{a[0], a[4], a[8]}
	for _, pq := range [3][2]int{{0, 1}, {1, 2}, {0, 1}} {
		if d[pq[0]] < d[pq[1]] {
			d[pq[0]], d[pq[1]] = d[pq[1]], d[pq[0]]
		}
	}
	return mgl64.Vec3{math.Ldexp(d[0], e), math.Ldexp(d[1], e), math.Ldexp(d[2], e)}
}

// jacobiRotate zeroes the (p, q) entry of the symmetric matrix a by a plane
// rotation A <- J^T A J. With drop set, an entry negligible next to both
// diagonal entries is simply set to zero (Numerical Recipes' jacobi).
func jacobiRotate(a *mgl64.Mat3, p, q int, drop bool) {
	apq := a[3*q+p]
	if apq == 0 {
		return
	}
	app, aqq := a[4*p], a[4*q]
	if g := 100 * abs(apq); drop && abs(app)+g == abs(app) && abs(aqq)+g == abs(aqq) {
		a[3*q+p], a[3*p+q] = 0, 0
		return
	}
	th := (aqq - app) / (2 * apq)
	t := math.Copysign(1, th) / (abs(th) + math.Sqrt(1+th*th))
	c := 1 / math.Sqrt(1+t*t)
	s := t * c
	a[4*p], a[4*q] = app-t*apq, aqq+t*apq
	a[3*q+p], a[3*p+q] = 0, 0
	r := 3 - p - q
	arp, arq := a[3*p+r], a[3*q+r]
	a[3*p+r], a[3*q+r] = c*arp-s*arq, s*arp+c*arq
	a[3*r+p], a[3*r+q] = a[3*p+r], a[3*q+r]
}

// Fit is the polar fit of a linear part L to rotation times per-axis
// scale. It is not the least-squares fit; it keeps the polar rotation.
type Fit struct {
	// Rotation is the polar rotation Q of L as a unit quaternion
	// (w, x, y, z) with w >= 0.
	Rotation mgl64.Quat
	// Scale is diag(Q^T L): the stretch of L along Q's axes. Components
	// can be zero or negative (a mirror makes all three negative).
	Scale mgl64.Vec3
	// Residual is ||L - Q diag(Scale)||_F / ||L||_F, the part of L that
	// no rotation-times-scale with this Q can hold: 0 exactly when L is
	// representable (columns orthogonal), 0 for L = 0.
	Residual float64
}

// PolarFit fits L with the rotation of its polar decomposition and the
// scale diag(Q^T L) (see Fit); Q is taken from the returned quaternion, so
// TRS{Rotation: f.Rotation, Scale: f.Scale} reproduces L to within
// Residual. ok is Polar's: false when L is singular (the rotation is then
// one valid choice among several) or not finite (then the fit is the
// identity rotation with zero scale and residual 0).
func PolarFit(l mgl64.Mat3) (f Fit, ok bool) {
	p, ok := Polar(l)
	f.Rotation = quatFromMat3(p.Q)
	e, fin := scaleExp(l[:])
	if !fin {
		return f, ok
	}
	a := ldexp3(l, -e)
	d := RotMat3(f.Rotation).Transpose().Mul3(a)
	f.Scale = mgl64.Vec3{math.Ldexp(d[0], e), math.Ldexp(d[4], e), math.Ldexp(d[8], e)}
	off := d[1]*d[1] + d[2]*d[2] + d[3]*d[3] + d[5]*d[5] + d[6]*d[6] + d[7]*d[7]
	f.Residual = math.Sqrt(off) / frob(a)
	return f, ok
}

// quatFromMat3 returns the unit quaternion (w >= 0) of the rotation r
// (Shepperd's method: divide by the largest of the four candidates).
func quatFromMat3(r mgl64.Mat3) mgl64.Quat {
	m00, m11, m22 := r[0], r[4], r[8]
	tr := m00 + m11 + m22
	var q mgl64.Quat
	switch {
	case tr >= m00 && tr >= m11 && tr >= m22:
		w := math.Sqrt(max(1+tr, 0)) * 0.5
		f := 0.25 / w
		q = mgl64.Quat{W: w, V: mgl64.Vec3{(r[5] - r[7]) * f, (r[6] - r[2]) * f, (r[1] - r[3]) * f}}
	case m00 >= m11 && m00 >= m22:
		x := math.Sqrt(max(1+m00-m11-m22, 0)) * 0.5
		f := 0.25 / x
		q = mgl64.Quat{W: (r[5] - r[7]) * f, V: mgl64.Vec3{x, (r[1] + r[3]) * f, (r[2] + r[6]) * f}}
	case m11 >= m22:
		y := math.Sqrt(max(1-m00+m11-m22, 0)) * 0.5
		f := 0.25 / y
		q = mgl64.Quat{W: (r[6] - r[2]) * f, V: mgl64.Vec3{(r[1] + r[3]) * f, y, (r[5] + r[7]) * f}}
	default:
		z := math.Sqrt(max(1-m00-m11+m22, 0)) * 0.5
		f := 0.25 / z
		q = mgl64.Quat{W: (r[1] - r[3]) * f, V: mgl64.Vec3{(r[2] + r[6]) * f, (r[5] + r[7]) * f, z}}
	}
	if q.W < 0 {
		q = mgl64.Quat{W: -q.W, V: q.V.Mul(-1)}
	}
	return Normalize(q)
}

// scaleExp returns e with max|v| * 2^-e in [0.5, 1), and false when v is
// all zero or has an entry that is not finite.
func scaleExp(v []float64) (int, bool) {
	m := 0.0
	for _, x := range v {
		if !Finite(x) {
			return 0, false
		}
		m = max(m, abs(x))
	}
	if m == 0 {
		return 0, false
	}
	_, e := math.Frexp(m)
	return e, true
}

// ldexp3 returns m * 2^e, exactly unless the result under- or overflows.
func ldexp3(m mgl64.Mat3, e int) mgl64.Mat3 {
	for k := range m {
		m[k] = math.Ldexp(m[k], e)
	}
	return m
}

func symmetrize(m mgl64.Mat3) mgl64.Mat3 {
	for _, ij := range [3][2]int{{1, 3}, {2, 6}, {5, 7}} {
		v := 0.5 * (m[ij[0]] + m[ij[1]])
		m[ij[0]], m[ij[1]] = v, v
	}
	return m
}

// Cofactor returns the cofactor matrix of m (column-major), columns
// (m1×m2, m2×m0, m0×m1), so that m^-T = Cofactor(m) / det(m) when m is
// invertible. It is defined for every m: for a singular m it is the
// limit of that product (rank 2: one nonzero direction, the normal of
// the plane m flattens onto; rank 0 or 1: zero). Non-finite entries give
// non-finite results.
func Cofactor(m mgl64.Mat3) mgl64.Mat3 {
	c0, c1, c2 := m.Col(0), m.Col(1), m.Col(2)
	return mgl64.Mat3FromCols(c1.Cross(c2), c2.Cross(c0), c0.Cross(c1))
}

// frob returns the Frobenius norm (no scaling; callers pre-scale).
func frob(m mgl64.Mat3) float64 {
	s := 0.0
	for _, x := range m {
		s += x * x
	}
	return math.Sqrt(s)
}

// norm1 returns the largest absolute column sum.
func norm1(m mgl64.Mat3) float64 {
	return max(abs(m[0])+abs(m[1])+abs(m[2]), abs(m[3])+abs(m[4])+abs(m[5]), abs(m[6])+abs(m[7])+abs(m[8]))
}

// normInf returns the largest absolute row sum.
func normInf(m mgl64.Mat3) float64 {
	return max(abs(m[0])+abs(m[3])+abs(m[6]), abs(m[1])+abs(m[4])+abs(m[7]), abs(m[2])+abs(m[5])+abs(m[8]))
}

// perpendicular returns a unit vector perpendicular to the unit vector v.
func perpendicular(v mgl64.Vec3) mgl64.Vec3 {
	axis := mgl64.Vec3{1, 0, 0}
	if abs(v[1]) < abs(v[0]) && abs(v[1]) <= abs(v[2]) {
		axis = mgl64.Vec3{0, 1, 0}
	} else if abs(v[2]) < abs(v[0]) {
		axis = mgl64.Vec3{0, 0, 1}
	}
	return unitDir(v.Cross(axis))
}
