package transform

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

func abs(x float64) float64 { return math.Abs(x) }

// Finite reports whether every element of v is finite: neither NaN nor
// ±Inf. It is true for no elements. It is skewlab's one finite-number
// test: Finite(x) for a number, Finite(x, y) for several, Finite(m[:]...)
// for a matrix or vector held in a variable (FiniteVec3 for one returned
// by a call). It allocates nothing: the compiler keeps v on the caller's
// stack, as -benchmem on BenchmarkFinite shows.
func Finite(v ...float64) bool {
	for _, x := range v {
		if x-x != 0 { // NaN - NaN and Inf - Inf are NaN
			return false
		}
	}
	return true
}

// FiniteVec3 reports whether every component of v is finite (see Finite).
func FiniteVec3(v mgl64.Vec3) bool { return Finite(v[:]...) }
