package transform

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Sinks keep the compiler from discarding benchmarked work.
var (
	sinkTRS   TRS
	sinkMat4  mgl64.Mat4
	sinkPolar PolarDecomp
	sinkFit   Fit
	sinkOK    bool
)

// benchInputs returns a fixed parent, child and skewed linear part.
func benchInputs() (parent, child TRS, l mgl64.Mat3) {
	rng := newRand()
	parent, child = randTRS(rng, true), randTRS(rng, true)
	l = Linear(parent.Mat4().Mul4(child.Mat4()))
	return parent, child, l
}

func BenchmarkCompose(b *testing.B) {
	parent, child, _ := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		sinkTRS = Compose(parent, child)
	}
}

func BenchmarkMat4(b *testing.B) {
	parent, _, _ := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		sinkMat4 = parent.Mat4()
	}
}

func BenchmarkPolar(b *testing.B) {
	_, _, l := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		sinkPolar, sinkOK = Polar(l)
	}
}

// BenchmarkPolarSingular measures the Jacobi SVD fallback.
func BenchmarkPolarSingular(b *testing.B) {
	l := mgl64.Diag3(mgl64.Vec3{3, 1, 0}).Mul3(mgl64.Rotate3DY(0.6))
	b.ReportAllocs()
	for b.Loop() {
		sinkPolar, sinkOK = Polar(l)
	}
}

func BenchmarkPolarFit(b *testing.B) {
	_, _, l := benchInputs()
	b.ReportAllocs()
	for b.Loop() {
		sinkFit, sinkOK = PolarFit(l)
	}
}

// The hot functions allocate nothing, on the Higham and the SVD paths.
func TestZeroAllocs(t *testing.T) {
	parent, child, l := benchInputs()
	flat := mgl64.Diag3(mgl64.Vec3{3, 1, 0}).Mul3(mgl64.Rotate3DY(0.6))
	world := parent.Mat4().Mul4(child.Mat4())
	for name, f := range map[string]func(){
		"Compose":      func() { sinkTRS = Compose(parent, child) },
		"Mat4":         func() { sinkMat4 = parent.Mat4() },
		"Polar":        func() { sinkPolar, sinkOK = Polar(l) },
		"Polar flat":   func() { sinkPolar, sinkOK = Polar(flat) },
		"PolarFit":     func() { sinkFit, sinkOK = PolarFit(l) },
		"StretchEigen": func() { sinkMat4[0] = StretchEigen(sinkPolar.S)[0] },
		"SkewDeg":      func() { sinkMat4[0], sinkOK = SkewDeg(l) },
		"FoldResidual": func() { sinkTRS, sinkMat4[0] = FoldResidual(parent.Scale, child) },
		"Reparent":     func() { r, _ := Reparent(world, parent.Mat4()); sinkMat4 = r.Local },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %g allocations per run", name, n)
		}
	}
}

// BenchmarkMul4Baseline is a plain mgl64 Mul4, the yardstick the issue
// measures the modes against; run it in the same run to read ratios.
func BenchmarkMul4Baseline(b *testing.B) {
	parent, child, _ := benchInputs()
	x, y := parent.Mat4(), child.Mat4()
	b.ReportAllocs()
	for b.Loop() {
		sinkMat4 = x.Mul4(y)
	}
}

// BenchmarkFinite checks a matrix, a vector returned by a call and three
// numbers: 0 allocs/op, the variadic slice stays on the stack.
func BenchmarkFinite(b *testing.B) {
	parent, child, _ := benchInputs()
	m := parent.Mat4().Mul4(child.Mat4())
	x, y, z := parent.Scale[0], parent.Scale[1], parent.Scale[2]
	b.ReportAllocs()
	for b.Loop() {
		sinkOK = Finite(m[:]...) && FiniteVec3(child.Position.Mul(2)) && Finite(x, y, z)
	}
}
