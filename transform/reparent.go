package transform

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Reparented is a node's new local transform under a new parent that keeps
// its world matrix (seed 001, "handling a change of parent").
type Reparented struct {
	// Local is the new local matrix newParentWorld^-1 * world: exact, so
	// newParentWorld * Local = world to rounding.
	Local mgl64.Mat4
	// Fit is Local as a TRS: its translation, and the polar fit of its
	// linear part (see PolarFit). It keeps the world matrix only when
	// Residual is 0.
	Fit TRS
	// Residual is the polar fit's relative residual: the share of Local's
	// linear part (a skew) that a TRS cannot hold.
	Residual float64
}

// reparentSingular is the smallest |det A| / (|a0| |a1| |a2|) of the new
// parent's linear part A that Reparent inverts: below it the columns are
// within about 1e-12 radians of coplanar.
const reparentSingular = 1e-12

// Reparent returns the local transform that keeps the world matrix world
// of a node when its parent's world matrix becomes newParentWorld. Both
// are affine (bottom row (0, 0, 0, 1); the bottom row is not read). The
// inverse scales each column of the parent by a power of two first, so a
// parent scaled by 1e-300 inverts as well as one scaled by 1.
//
// ok is false, and the result is world itself with its polar fit, when the
// new parent's linear part is singular (a zero scale, or columns within
// about 1e-12 of coplanar: |det| <= 1e-12 times the product of the column
// lengths), when an input entry is not finite, or when the local matrix
// would overflow.
func Reparent(world, newParentWorld mgl64.Mat4) (r Reparented, ok bool) {
	if inv, ok := affineInverse(newParentWorld); ok {
		r.Local = inv.Mul4(world)
		r.Local[3], r.Local[7], r.Local[11], r.Local[15] = 0, 0, 0, 1
		if Finite(r.Local[:]...) && Finite(world[:]...) {
			r.Fit, r.Residual = fitTRS(r.Local)
			return r, true
		}
	}
	r.Local = world
	r.Local[3], r.Local[7], r.Local[11], r.Local[15] = 0, 0, 0, 1
	r.Fit, r.Residual = fitTRS(r.Local)
	return r, false
}

// Invertible reports whether Reparent can invert the affine m as a new
// parent's world matrix: its linear part is finite and not singular (see
// Reparent: |det| above 1e-12 times the product of the column lengths,
// judged after scaling each column by a power of two) and its inverse is
// finite (a scale of 5e-324 is not singular, but its inverse overflows).
// When it is false, Reparent fails because of the parent; when it
// is true and both matrices are finite, Reparent fails only because the new
// local matrix overflows float64.
func Invertible(m mgl64.Mat4) bool {
	_, ok := affineInverse(m)
	return ok
}

// fitTRS returns the polar-fit TRS of the affine m and its residual.
func fitTRS(m mgl64.Mat4) (TRS, float64) {
	f, _ := PolarFit(Linear(m))
	return TRS{Position: mgl64.Vec3{m[12], m[13], m[14]}, Rotation: f.Rotation, Scale: f.Scale}, f.Residual
}

// affineInverse inverts the affine m (linear part A, translation t):
// [A^-1, -A^-1 t]. It reports false when A is singular (see Reparent) or
// the inverse is not finite.
func affineInverse(m mgl64.Mat4) (mgl64.Mat4, bool) {
	a := Linear(m)
	if !Finite(a[:]...) {
		return mgl64.Mat4{}, false
	}
	// A = A' D with D = diag(2^e_k): A^-1 = D^-1 A'^-1.
	var ex [3]int
	for k := range 3 {
		e, ok := scaleExp(a[3*k : 3*k+3])
		if !ok {
			return mgl64.Mat4{}, false
		}
		ex[k] = e
		for i := range 3 {
			a[3*k+i] = math.Ldexp(a[3*k+i], -e)
		}
	}
	c := Cofactor(a) // A'^-1 = c^T / det
	det := a.Col(0).Dot(c.Col(0))
	h := a.Col(0).Len() * a.Col(1).Len() * a.Col(2).Len()
	if !(abs(det) > reparentSingular*h) {
		return mgl64.Mat4{}, false
	}
	var inv mgl64.Mat4
	for row := range 3 {
		for col := range 3 {
			inv[4*col+row] = math.Ldexp(c[3*row+col]/det, -ex[row])
		}
	}
	t := mgl64.Vec3{m[12], m[13], m[14]}
	for row := range 3 {
		inv[12+row] = -(inv[row]*t[0] + inv[4+row]*t[1] + inv[8+row]*t[2])
	}
	inv[15] = 1
	return inv, Finite(inv[:]...)
}
