package modes

import "github.com/go-gl/mathgl/mgl64"

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

// localMat writes T*R*S of (p, r, s) into m, with r a rotation matrix.
func localMat(p mgl64.Vec3, r *mgl64.Mat3, s mgl64.Vec3, m *mgl64.Mat4) {
	m[0], m[1], m[2], m[3] = r[0]*s[0], r[1]*s[0], r[2]*s[0], 0
	m[4], m[5], m[6], m[7] = r[3]*s[1], r[4]*s[1], r[5]*s[1], 0
	m[8], m[9], m[10], m[11] = r[6]*s[2], r[7]*s[2], r[8]*s[2], 0
	m[12], m[13], m[14], m[15] = p[0], p[1], p[2], 1
}

// affMul writes a*b into o for affine matrices (last row 0 0 0 1). o may
// not alias a or b.
func affMul(a, b, o *mgl64.Mat4) {
	for c := 0; c < 4; c++ {
		b0, b1, b2 := b[4*c], b[4*c+1], b[4*c+2]
		o[4*c] = a[0]*b0 + a[4]*b1 + a[8]*b2
		o[4*c+1] = a[1]*b0 + a[5]*b1 + a[9]*b2
		o[4*c+2] = a[2]*b0 + a[6]*b1 + a[10]*b2
		o[4*c+3] = 0
	}
	o[12] += a[12]
	o[13] += a[13]
	o[14] += a[14]
	o[15] = 1
}

// lin3Mul writes (3x3 part of a) * r into o as a 3x3 matrix.
func lin3Mul(a *mgl64.Mat4, r *mgl64.Mat3, o *mgl64.Mat3) {
	for c := 0; c < 3; c++ {
		r0, r1, r2 := r[3*c], r[3*c+1], r[3*c+2]
		o[3*c] = a[0]*r0 + a[4]*r1 + a[8]*r2
		o[3*c+1] = a[1]*r0 + a[5]*r1 + a[9]*r2
		o[3*c+2] = a[2]*r0 + a[6]*r1 + a[10]*r2
	}
}
