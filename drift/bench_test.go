package drift

import (
	"testing"
)

// BenchmarkQuat is the baseline: building one frame's quaternion
// (QuatRotate, mgl32.QuatRotate's, of the wrapped angle), the work every frame shares.
// Report the others as ratios to it, measured in the same run.
func BenchmarkQuat(b *testing.B) {
	c := DefaultConfig()
	axis := c.UnitAxis()
	var sink Quat
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink = QuatRotate(c.AngleRad(i), axis)
	}
	_ = sink
}

// BenchmarkStorage measures one spinning frame of each storage: quaternion,
// SetRotation, Matrix and the error measurement (Run.Advance(1)).
func BenchmarkStorage(b *testing.B) {
	for k := Kind(0); k < NumKinds; k++ {
		b.Run(k.String(), func(b *testing.B) {
			r, err := NewRun(k, DefaultConfig())
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				r.Advance(1)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
	}
}

// BenchmarkLab100k is 100,000 frames of all storages together (target:
// under 100 ms).
func BenchmarkLab100k(b *testing.B) {
	l, err := NewLab(DefaultConfig(), 1024)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		l.Reset()
		for l.Frame() < 100_000 {
			l.Advance(MaxSlice)
		}
	}
}

// BenchmarkLabSlice is one fast-forward slice: Lab.Advance(MaxSlice) in
// steady state (series full); it must cost a few ms and allocate nothing.
func BenchmarkLabSlice(b *testing.B) {
	l, err := NewLab(DefaultConfig(), 1024)
	if err != nil {
		b.Fatal(err)
	}
	l.Advance(MaxSlice)
	b.ReportAllocs()
	for b.Loop() {
		l.Advance(MaxSlice)
	}
}
