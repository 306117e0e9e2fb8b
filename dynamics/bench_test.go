package dynamics

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

var sinkT Transform
var sinkTerms Terms

func BenchmarkMul(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	x, y := randDyn(rng), randDyn(rng)
	b.ReportAllocs()
	for b.Loop() {
		sinkT = x.Mul(y)
	}
}

func BenchmarkInverse(b *testing.B) {
	x := randDyn(rand.New(rand.NewPCG(1, 1)))
	b.ReportAllocs()
	for b.Loop() {
		sinkT, _ = x.Inverse()
	}
}

func BenchmarkGlobalToLocal(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	p, g := randDyn(rng), randDyn(rng)
	b.ReportAllocs()
	for b.Loop() {
		sinkT, _ = GlobalToLocal(p, g)
	}
}

func BenchmarkForceTerms(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	p, l := randDyn(rng), randDyn(rng)
	b.ReportAllocs()
	for b.Loop() {
		sinkTerms, _ = p.ForceTerms(l, mgl64.Vec3{1, 2, 3}, 2)
	}
}

func BenchmarkTurntableStep(b *testing.B) {
	m := NewTurntable()
	for i := 0; i < 5000; i++ {
		m.Step()
	}
	b.ReportAllocs()
	for b.Loop() {
		m.Step()
	}
}

func BenchmarkCrashStep(b *testing.B) {
	m := NewCrash()
	for i := 0; i < 5000; i++ {
		m.Step()
	}
	b.ReportAllocs()
	for b.Loop() {
		m.Step()
	}
}
