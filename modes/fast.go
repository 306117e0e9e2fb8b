package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The hot loops' helpers, on column-major arrays in place. World
// matrices are in the 3x4 layout (affine.go): the linear part of a
// mgl64.Mat3x4 is its first nine entries, laid out as a mgl64.Mat3.

// rotCols writes the rotation matrix of q (any non-zero length; a zero
// quaternion gives the identity) into r, column-major.
func rotCols(q mgl64.Quat, r *mgl64.Mat3) {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	n := w*w + x*x + y*y + z*z
	if !(n > 1e-300) || n > 1e300 {
		*r = mgl64.Ident3()
		return
	}
	s := 2 / n
	xs, ys, zs := x*s, y*s, z*s
	wx, wy, wz := w*xs, w*ys, w*zs
	xx, xy, xz := x*xs, x*ys, x*zs
	yy, yz, zz := y*ys, y*zs, z*zs
	r[0], r[1], r[2] = 1-(yy+zz), xy+wz, xz-wy
	r[3], r[4], r[5] = xy-wz, 1-(xx+zz), yz+wx
	r[6], r[7], r[8] = xz+wy, yz-wx, 1-(xx+yy)
}

// localAffine writes T*R*S of (t, r, s) into o, with r a rotation
// matrix (or any 3x3 matrix, for a sheared node's R*U with s = 1).
func localAffine(t mgl64.Vec3, r *mgl64.Mat3, s mgl64.Vec3, o *mgl64.Mat3x4) {
	o[0], o[1], o[2] = r[0]*s[0], r[1]*s[0], r[2]*s[0]
	o[3], o[4], o[5] = r[3]*s[1], r[4]*s[1], r[5]*s[1]
	o[6], o[7], o[8] = r[6]*s[2], r[7]*s[2], r[8]*s[2]
	o[9], o[10], o[11] = t[0], t[1], t[2]
}

// mulLocal writes p * (T*R*S of (t, r, s)) into o, p and o affine: the
// matrix product of accumulate-matrices, with the last row left out. o
// may not alias p.
func mulLocal(p *mgl64.Mat3x4, r *mgl64.Mat3, s, t mgl64.Vec3, o *mgl64.Mat3x4) {
	for c := 0; c < 3; c++ {
		b0, b1, b2 := r[3*c]*s[c], r[3*c+1]*s[c], r[3*c+2]*s[c]
		o[3*c] = p[0]*b0 + p[3]*b1 + p[6]*b2
		o[3*c+1] = p[1]*b0 + p[4]*b1 + p[7]*b2
		o[3*c+2] = p[2]*b0 + p[5]*b1 + p[8]*b2
	}
	placeChild(p, t, o)
}

// placeChild writes the position p*(t, 1) into o's last column: a
// child's position under every matrix-based rule.
func placeChild(p *mgl64.Mat3x4, t mgl64.Vec3, o *mgl64.Mat3x4) {
	o[9] = p[0]*t[0] + p[3]*t[1] + p[6]*t[2] + p[9]
	o[10] = p[1]*t[0] + p[4]*t[1] + p[7]*t[2] + p[10]
	o[11] = p[2]*t[0] + p[5]*t[1] + p[8]*t[2] + p[11]
}

// lin3Mul writes (linear part of a) * r into o as a 3x3 matrix.
func lin3Mul(a *mgl64.Mat3x4, r *mgl64.Mat3, o *mgl64.Mat3) {
	for c := 0; c < 3; c++ {
		r0, r1, r2 := r[3*c], r[3*c+1], r[3*c+2]
		o[3*c] = a[0]*r0 + a[3]*r1 + a[6]*r2
		o[3*c+1] = a[1]*r0 + a[4]*r1 + a[7]*r2
		o[3*c+2] = a[2]*r0 + a[5]*r1 + a[8]*r2
	}
}

// linear3 copies the 3x3 linear part of a into o, entry by entry: a
// block copy (memmove's wide stores) makes the eight-byte loads that
// follow (orthoY) wait, as a wide load of narrow stores does.
func linear3(a *mgl64.Mat3x4, o *mgl64.Mat3) {
	o[0], o[1], o[2] = a[0], a[1], a[2]
	o[3], o[4], o[5] = a[3], a[4], a[5]
	o[6], o[7], o[8] = a[6], a[7], a[8]
}

// cbrt returns the cube root of x, within one unit in the last place of
// math.Cbrt (TestCbrtWithinAnUlp), without a division: three Newton
// steps on the inverse cube root y = x^(-1/3) from a guess made of x's
// bits, then one on the root itself, x*y*y. math.Cbrt chains five
// divisions, about 110 cycles, and blender-average waits for its cube
// root before any of a child's entries; this takes about 80. Outside
// [2^-1000, 2^1000] (zero, subnormals, Inf, NaN, negative x) it is
// math.Cbrt.
func cbrt(x float64) float64 {
	if !(x >= 0x1p-1000 && x <= 0x1p1000) {
		return math.Cbrt(x)
	}
	// x^(-1/3) to about 3% from the exponent and mantissa bits.
	y := math.Float64frombits(0x553ef0ff289dd796 - math.Float64bits(x)/3)
	y *= 4.0/3 - (1.0/3)*x*y*y*y // about 3e-3
	y *= 4.0/3 - (1.0/3)*x*y*y*y // about 2e-5
	y *= 4.0/3 - (1.0/3)*x*y*y*y // about 1e-9
	c := x * y * y
	return c - (c*c*c-x)*(y*y)*(1.0/3)
}
