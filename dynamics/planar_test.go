package dynamics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func randPlanar(rng *rand.Rand) Planar {
	v2 := func() mgl64.Vec2 { return mgl64.Vec2{2*rng.Float64() - 1, 2*rng.Float64() - 1} }
	return Planar{
		Position: v2(), Angle: (2*rng.Float64() - 1) * math.Pi, Scale: 0.5 + 1.5*rng.Float64(),
		V: v2(), A: v2(), Omega: 2*rng.Float64() - 1, Alpha: 2*rng.Float64() - 1,
	}
}

// TestPlanarMatches3D: seed 002's 2D special case (scalar omega,
// perpendicular vectors, no bracket) agrees with the 3D formulas on motion
// in the z = 0 plane, for composition and for the force terms, and the 3D
// result stays in the plane.
func TestPlanarMatches3D(t *testing.T) {
	const tol = 1e-12
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 1000; i++ {
		a, b := randPlanar(rng), randPlanar(rng)
		check(t, "2D compose vs 3D compose", dynErr(a.Mul(b).To3D(), a.To3D().Mul(b.To3D())), tol)

		t1, v1 := b.Position, b.V
		f, m := mgl64.Vec2{2*rng.Float64() - 1, 2*rng.Float64() - 1}, 0.5+rng.Float64()
		got2, ok := a.ForceTerms(t1, v1, f, m)
		if !ok {
			t.Fatal("planar ForceTerms not ok")
		}
		got3, _ := a.To3D().ForceTerms(b.To3D(), f.Vec3(0), m)
		for _, c := range []struct {
			name string
			p    mgl64.Vec2
			s    mgl64.Vec3
		}{
			{"applied", got2.Applied, got3.Applied},
			{"translational", got2.Translational, got3.Translational},
			{"centrifugal", got2.Centrifugal, got3.Centrifugal},
			{"Coriolis", got2.Coriolis, got3.Coriolis},
			{"Euler", got2.Euler, got3.Euler},
		} {
			check(t, "2D vs 3D "+c.name, vecErr(c.p.Vec3(0), c.s), tol)
		}
		check(t, "2D vs 3D sum", vecErr(got2.Sum().Vec3(0), got3.Sum()), tol)
	}
}
