package transform

import "math"

func abs(x float64) float64 { return math.Abs(x) }

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool { return x-x == 0 }

func finite4(a, b, c, d float64) bool { return finite(a) && finite(b) && finite(c) && finite(d) }

// Finite reports whether every element of v is finite: neither NaN nor
// ±Inf. It is true for no elements. Overflow checks across skewlab use it
// on matrices as Finite(m[:]...).
func Finite(v ...float64) bool {
	for _, x := range v {
		if !finite(x) {
			return false
		}
	}
	return true
}
