package gltfref

import "math"

// Vec3 is a point or direction (x, y, z).
type Vec3 [3]float64

// Sub returns a - b.
func (a Vec3) Sub(b Vec3) Vec3 { return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// Dot returns a · b.
func (a Vec3) Dot(b Vec3) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// Len returns a's Euclidean length.
func (a Vec3) Len() float64 { return math.Sqrt(a.Dot(a)) }

// Scale returns k*a.
func (a Vec3) Scale(k float64) Vec3 { return Vec3{k * a[0], k * a[1], k * a[2]} }

// Unit returns a divided by its length; the zero vector (and a vector
// whose length is not finite) gives the zero vector.
func (a Vec3) Unit() Vec3 {
	l := a.Len()
	if !(l > 0) || math.IsInf(l, 0) {
		return Vec3{}
	}
	return a.Scale(1 / l)
}

// AngleDeg returns the angle between a and b in degrees, from atan2 of
// the cross product's length and the dot product (accurate for small
// angles); NaN when either is the zero vector.
func AngleDeg(a, b Vec3) float64 {
	if a.Len() == 0 || b.Len() == 0 {
		return math.NaN()
	}
	c := Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
	return math.Atan2(c.Len(), a.Dot(b)) * 180 / math.Pi
}

// Mat4 is a 4x4 matrix stored row-major, M[row][column], acting on
// column vectors: a point p maps to M*(p, 1).
type Mat4 [4][4]float64

// Identity returns the 4x4 identity matrix.
func Identity() Mat4 {
	return Mat4{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
}

// Mul returns the product a*b (b applied first).
func (a Mat4) Mul(b Mat4) Mat4 {
	var m Mat4
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			var s float64
			for k := 0; k < 4; k++ {
				s += a[r][k] * b[k][c]
			}
			m[r][c] = s
		}
	}
	return m
}

// Add returns a + b, entry by entry.
func (a Mat4) Add(b Mat4) Mat4 {
	for r := range a {
		for c := range a[r] {
			a[r][c] += b[r][c]
		}
	}
	return a
}

// Scaled returns k*a, entry by entry.
func (a Mat4) Scaled(k float64) Mat4 {
	for r := range a {
		for c := range a[r] {
			a[r][c] *= k
		}
	}
	return a
}

// Point returns m*(p, 1) without its fourth component (the affine map;
// glTF node matrices have (0, 0, 0, 1) as their last row).
func (m Mat4) Point(p Vec3) Vec3 {
	var out Vec3
	for r := 0; r < 3; r++ {
		out[r] = m[r][0]*p[0] + m[r][1]*p[1] + m[r][2]*p[2] + m[r][3]
	}
	return out
}

// Dir returns m's linear part (upper-left 3x3) times v.
func (m Mat4) Dir(v Vec3) Vec3 {
	var out Vec3
	for r := 0; r < 3; r++ {
		out[r] = m[r][0]*v[0] + m[r][1]*v[1] + m[r][2]*v[2]
	}
	return out
}

// FromColumnMajor returns the matrix whose 16 entries are given column
// by column, as glTF stores "matrix" and MAT4 accessors.
func FromColumnMajor(a []float64) Mat4 {
	var m Mat4
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			m[r][c] = a[4*c+r]
		}
	}
	return m
}

// TRS returns T*R*S for translation t, rotation q and scale s, with q in
// glTF's storage order (x, y, z, w). q is normalized first, as the glTF
// specification defines rotations as unit quaternions; the zero
// quaternion gives the identity rotation.
func TRS(t Vec3, q [4]float64, s Vec3) Mat4 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	n := math.Sqrt(x*x + y*y + z*z + w*w)
	if n > 0 && !math.IsInf(n, 0) {
		x, y, z, w = x/n, y/n, z/n, w/n
	} else {
		x, y, z, w = 0, 0, 0, 1
	}
	r := [3][3]float64{
		{1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y)},
		{2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x)},
		{2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y)},
	}
	var m Mat4
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			m[i][j] = r[i][j] * s[j]
		}
		m[i][3] = t[i]
	}
	m[3][3] = 1
	return m
}

// MaxAbsDiff returns the largest |a - b| over the 16 entries (NaN entries
// count as +Inf).
func MaxAbsDiff(a, b Mat4) float64 {
	worst := 0.0
	for r := range a {
		for c := range a[r] {
			d := math.Abs(a[r][c] - b[r][c])
			if math.IsNaN(d) {
				d = math.Inf(1)
			}
			worst = math.Max(worst, d)
		}
	}
	return worst
}
