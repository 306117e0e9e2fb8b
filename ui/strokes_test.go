package ui

import "testing"

// BenchmarkStrokesPistonFrame is the stroke drawer's share of a piston
// frame: Reset and Add of the spinning piston's segments (both modes'
// frames), as PistonView.Update does on every changed frame.
func BenchmarkStrokesPistonFrame(b *testing.B) {
	v := spinningPiston(b)
	in := benchInput
	_ = v.Update(&in)
	var s Strokes
	s.MinLength, s.WidthScale = SubPixel, 1
	add := func() {
		s.Reset()
		for k := range v.M.Frames {
			s.Add(v.M.Frames[k].Segments)
		}
	}
	add()
	b.ReportAllocs()
	for b.Loop() {
		add()
	}
}
