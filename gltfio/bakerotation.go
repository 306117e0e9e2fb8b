package gltfio

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// gltfRotation returns q as glTF stores a rotation, [x, y, z, w]: unit
// length in float64 (scaled by its largest component first), w made
// non-negative (-q is the same rotation), and every component clamped to
// [-1, 1], which rounding can otherwise overstep by an ulp
// (1.0000000000000002, which the Khronos validator refuses as out of
// range). A zero or non-finite q gives the identity [0, 0, 0, 1].
func gltfRotation(q mgl64.Quat) [4]float64 {
	c := [4]float64{q.V[0], q.V[1], q.V[2], q.W}
	m := max(math.Abs(c[0]), math.Abs(c[1]), math.Abs(c[2]), math.Abs(c[3]))
	if !(m > 0) || math.IsInf(m, 0) {
		return [4]float64{0, 0, 0, 1}
	}
	s := 0.0
	for k := range c {
		c[k] /= m
		s += c[k] * c[k]
	}
	l := math.Sqrt(s)
	if c[3] < 0 {
		l = -l
	}
	for k := range c {
		c[k] = max(-1, min(1, c[k]/l))
	}
	return c
}
