package drift

import (
	"math"
	"strings"
	"testing"

	"skewlab/render"
)

// TestFigure draws the export figure (1,000,000 frames, no display): its
// legend names every storage, each entry after a short line in its colour,
// the status line says the target is reached, and everything lies inside
// the figure. A bad normalization or size is an error.
func TestFigure(t *testing.T) {
	const w, h = 1280, 720
	segs, labels, err := Figure("", w, h)
	if err != nil {
		t.Fatal(err)
	}
	for k := Kind(0); k < NumKinds; k++ {
		c := render.DriftColors[k]
		found := false
		for _, l := range labels {
			if l.Color != c || !strings.HasPrefix(l.Text, k.String()) {
				continue
			}
			x := l.At[0] + render.LabelOffset[0] // the text's left edge
			for _, s := range segs {
				found = found || (s.Color == c && s.Width == 2 && s.A[1] == s.B[1] && s.B[0]-s.A[0] == 14 && s.A[0]+18 == x)
			}
		}
		if !found {
			t.Errorf("the legend has no entry for %s (a label after a 14-pixel line in %v)", k, c)
		}
	}
	var all strings.Builder
	for _, l := range labels {
		all.WriteString(l.Text)
	}
	if s := all.String(); !strings.Contains(s, "frame1,000,000/1,000,000targetreached") {
		t.Errorf("the figure's text lacks the reached target: %q", s)
	}
	for _, s := range segs {
		for _, p := range [2][2]float64{s.A, s.B} {
			if !(p[0] >= 0 && p[0] <= w && p[1] >= 0 && p[1] <= h) {
				t.Fatalf("segment point %v outside the %dx%d figure", p, w, h)
			}
		}
	}
	cw := CharWidth()
	for _, l := range labels {
		x, top := l.At[0]+render.LabelOffset[0], l.At[1]+render.LabelOffset[1]-render.TextSize
		if !(x >= 0 && x+cw*float64(len(l.Text)) <= w && top >= 0 && top+LinePitch <= h) || math.IsNaN(x+top) {
			t.Errorf("label %q at %v outside the figure", l.Text, l.At)
		}
	}
	if _, _, err := Figure("float16", w, h); err == nil {
		t.Error("normalize float16: no error")
	}
	if _, _, err := Figure("", 0, h); err == nil {
		t.Error("width 0: no error")
	}
}
