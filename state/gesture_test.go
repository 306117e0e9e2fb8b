package state

import (
	"math"
	"testing"
)

// TestSweepSet checks the sweep's edit against the ease written out by
// hand: 3p²-2p³ is 0, 0.5 and 1 at p = 0, 0.5, 1, and 0.15625 at 0.25
// (3/16 - 2/64); p outside [0, 1] clamps.
func TestSweepSet(t *testing.T) {
	g := Gesture{Kind: GestureSweep, Set: "A.euler", From: []float64{0, 90, 0}, To: []float64{0, 38, 0}, Seconds: 2}
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ p, y float64 }{{-1, 90}, {0, 90}, {0.25, 90 - 52*0.15625}, {0.5, 64}, {1, 38}, {2, 38}} {
		s, err := g.SweepSet(c.p)
		if err != nil || s.Node != "A" || s.Field != "euler" || math.Abs(s.Values[1]-c.y) > 1e-12 || s.Values[0] != 0 || s.Values[2] != 0 {
			t.Errorf("SweepSet(%v) = %+v, %v; want A.euler=0,%v,0", c.p, s, err, c.y)
		}
	}
	if g.SweepTicks() != 120 {
		t.Errorf("SweepTicks = %d, want 120 (2 s at 60 ticks per second)", g.SweepTicks())
	}
	st := State{Sets: []Set{{Node: "Root", Field: "scale", Values: []float64{3, 1, 1}}}}
	end := g.End(st)
	if len(end.Sets) != 2 || end.Sets[1].String() != "A.euler=0,38,0" || len(st.Sets) != 1 {
		t.Errorf("End: %v (and the original %v must keep one set)", end.Sets, st.Sets)
	}
	if got := g.Start(st).Sets[1].String(); got != "A.euler=0,90,0" {
		t.Errorf("Start: %s", got)
	}
	for _, bad := range []Gesture{
		{Kind: GestureSweep, Set: "A", From: []float64{0, 0, 0}, To: []float64{1, 1, 1}, Seconds: 1},
		{Kind: GestureSweep, Set: "A.scale", From: []float64{0, 0}, To: []float64{1, 1, 1}, Seconds: 1},
		{Kind: GestureSweep, Set: "A.scale", From: []float64{0, 0, math.NaN()}, To: []float64{1, 1, 1}, Seconds: 1},
		{Kind: GestureSweep, Set: "A.scale", From: []float64{0, 0, 0}, To: []float64{1, 1, 1}, Seconds: 11},
		{Kind: GesturePlay, Seconds: 0},
		{Kind: GestureReverse, Seconds: 2, At: 2},
		{Kind: GestureFastForward},
		{Kind: "", Seconds: 1},
	} {
		if err := bad.Check(); err == nil {
			t.Errorf("Check(%+v): no error", bad)
		}
	}
}
