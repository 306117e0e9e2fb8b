package transform

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestFinite(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, c := range []struct {
		v    []float64
		want bool
	}{
		{nil, true},
		{[]float64{0, math.Copysign(0, -1), 1, -1e308, math.MaxFloat64, math.SmallestNonzeroFloat64}, true},
		{[]float64{1, inf}, false},
		{[]float64{-inf}, false},
		{[]float64{nan, 1}, false},
	} {
		if got := Finite(c.v...); got != c.want {
			t.Errorf("Finite(%v) = %v, want %v", c.v, got, c.want)
		}
	}
	if !FiniteVec3(mgl64.Vec3{1, -2, math.MaxFloat64}) || FiniteVec3(mgl64.Vec3{0, nan, 0}) || FiniteVec3(mgl64.Vec3{0, 0, -inf}) {
		t.Error("FiniteVec3 disagrees with Finite")
	}
}

// Finite is called on per-frame paths: its variadic slice must stay on
// the caller's stack.
func TestFiniteAllocatesNothing(t *testing.T) {
	m := mgl64.Ident4()
	v := mgl64.Vec3{1, 2, 3}
	x, y := 1.0, 2.0
	if a := testing.AllocsPerRun(10, func() {
		sinkOK = Finite(m[:]...) && FiniteVec3(v.Mul(2)) && Finite(x, y)
	}); a != 0 {
		t.Errorf("Finite allocates %v times per call", a)
	}
}
