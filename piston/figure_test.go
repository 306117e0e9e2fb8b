package piston

import (
	"math"
	"slices"
	"testing"

	"skewlab/render"
	"skewlab/state"
)

// TestFigure: the default figure names the piston's nodes and has only
// finite points inside the viewport's reach; a compare mode draws its
// ghost first and the figure of st's own mode unchanged on top of it; the
// seed's artifact (Root scale 3, 1, 1) makes accumulate-matrices and
// accumulate-trs figures differ; and a bad state is an error with nothing
// drawn.
func TestFigure(t *testing.T) {
	const w, h = 640, 480
	st := state.Default()
	segs, labels, err := Figure(st, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if len(segs) == 0 {
		t.Fatal("default figure has no segments")
	}
	for _, name := range []string{"Root", "A", "B"} {
		if !slices.ContainsFunc(labels, func(l render.Label) bool { return l.Text == name }) {
			t.Errorf("default figure has no label %q", name)
		}
	}
	for _, s := range segs {
		for _, v := range []float64{s.A[0], s.A[1], s.B[0], s.B[1]} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("segment %+v has a non-finite point", s)
			}
		}
	}

	cmp := st
	cmp.Compare = "accumulate-matrices"
	both, bothLabels, err := Figure(cmp, w, h)
	if err != nil {
		t.Fatal(err)
	}
	// The ghost first, then the plain figure, then the legend's sample
	// lines (one solid, a few dashes).
	found := false
	for k := 2; k <= 8 && len(both) >= len(segs)+k; k++ {
		found = found || slices.Equal(both[len(both)-len(segs)-k:len(both)-k], segs)
	}
	if !found {
		t.Errorf("compare: %d segments, want the plain figure's %d followed by the legend's", len(both), len(segs))
	}
	if !slices.ContainsFunc(bothLabels, func(l render.Label) bool { return l.Text == "ghost: accumulate-matrices" }) {
		t.Error("compare: no legend naming the ghost")
	}

	scaled := st
	scaled.Sets = []state.Set{{Node: "Root", Field: "scale", Values: []float64{3, 1, 1}}}
	scaled.Mode = "accumulate-trs"
	trs, _, err := Figure(scaled, w, h)
	if err != nil {
		t.Fatal(err)
	}
	scaled.Mode = "accumulate-matrices"
	mat, _, err := Figure(scaled, w, h)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(trs, mat) {
		t.Error("Root scale (3, 1, 1): accumulate-trs and accumulate-matrices figures are the same")
	}

	for _, bad := range []func(*state.State){
		func(s *state.State) { s.Mode = "no-such-mode" },
		func(s *state.State) { s.Compare = "no-such-mode" },
		func(s *state.State) { s.ScenePath = "testdata/no-such-scene.json" },
	} {
		b := state.Default()
		bad(&b)
		if segs, labels, err := Figure(b, w, h); err == nil || segs != nil || labels != nil {
			t.Errorf("bad state %+v: %d segments, %d labels, error %v", b, len(segs), len(labels), err)
		}
	}
}
