package tour

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"skewlab/drift"
	"skewlab/dynamics"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
)

// motions are the labs' motion functions as main.go's labs give them,
// without the display packages.
func motions(lab string) (MotionFunc, bool) {
	switch lab {
	case piston.Name:
		return func(st state.State, w, h int, g state.Gesture, ps []float64) ([]render.Picture, error) {
			return piston.Motion(st, g, w, h, ps)
		}, true
	case drift.LabState.Name:
		return drift.GestureMotion, true
	case dynamics.LabState.Name:
		return dynamics.GestureMotion, true
	}
	return nil, false
}

// TestMotionPlan: the progress values and delays, by hand: five
// pictures of a 2 s sweep at 0, 1/4, 1/2, 3/4 and 1, the three between
// shown 2/4 s each, the first HoldStart and the last HoldEnd; a 6 s
// reverse plays in 4 s; a fast-forward in 3 s; fewer than two pictures
// count as two.
func TestMotionPlan(t *testing.T) {
	sweep := state.Gesture{Kind: state.GestureSweep, Seconds: 2}
	ps, ds := MotionPlan(sweep, 5)
	if !slices.Equal(ps, []float64{0, 0.25, 0.5, 0.75, 1}) {
		t.Errorf("progress %v", ps)
	}
	if want := []time.Duration{HoldStart, 500 * time.Millisecond, 500 * time.Millisecond, 500 * time.Millisecond, HoldEnd}; !slices.Equal(ds, want) {
		t.Errorf("delays %v, want %v", ds, want)
	}
	if _, ds := MotionPlan(state.Gesture{Kind: state.GestureReverse, At: 3, Seconds: 6}, 9); ds[1] != 500*time.Millisecond {
		t.Errorf("a 6 s reverse in 9 pictures: %v between, want 4 s / 8 = 500 ms", ds[1])
	}
	if _, ds := MotionPlan(state.Gesture{Kind: state.GestureFastForward, Frames: 100000}, 7); ds[1] != 500*time.Millisecond {
		t.Errorf("a fast-forward in 7 pictures: %v between, want 3 s / 6 = 500 ms", ds[1])
	}
	if ps, ds := MotionPlan(sweep, 1); !slices.Equal(ps, []float64{0, 1}) || !slices.Equal(ds, []time.Duration{HoldStart, HoldEnd}) {
		t.Errorf("one picture asked: %v, %v; want two, the start and the end", ps, ds)
	}
}

// TestMotionOfEveryGestureStep: every step with a gesture draws its
// motion; its last picture is the step's Figure (the same segments and
// labels, caption included) and its first differs from it; a step
// without a gesture, or a size under 16 pixels, is an error.
func TestMotionOfEveryGestureStep(t *testing.T) {
	tr, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 640, 360 // the smallest embed size; at 320x180 the drift lab has no room for its moving boxes
	gestures := 0
	for n := 1; n <= tr.Len(); n++ {
		s := tr.Steps[n-1]
		pics, err := tr.Motion(n, w, h, []float64{0, 1}, motions)
		if s.Gesture.Kind == "" {
			if err == nil || !strings.Contains(err.Error(), "no gesture") {
				t.Errorf("step %d has no gesture: %v, want an error saying so", n, err)
			}
			continue
		}
		gestures++
		if err != nil {
			t.Fatalf("step %d: %v", n, err)
		}
		segs, labels, err := tr.Figure(n, w, h, figures)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(pics[1].Segments, segs) || !slices.Equal(pics[1].Labels, labels) {
			t.Errorf("step %d: the motion's last picture is not the step's figure", n)
		}
		if slices.Equal(pics[0].Segments, segs) {
			t.Errorf("step %d: the motion's first picture is its last", n)
		}
		if !slices.ContainsFunc(pics[0].Labels, func(l render.Label) bool { return l.Text == Counter(n, tr.Len()) }) {
			t.Errorf("step %d: the first picture has no caption band (no %q)", n, Counter(n, tr.Len()))
		}
	}
	if gestures < 8 {
		t.Errorf("%d steps with a gesture, want the tour's 8 at least", gestures)
	}
	if _, err := tr.Motion(2, 15, 180, []float64{0}, motions); err == nil {
		t.Error("a 15 px wide figure: no error")
	}
}

// TestHandoutLinksAnimations: the handout links each gesture step's
// animated figure right under its still, and no other step's.
func TestHandoutLinksAnimations(t *testing.T) {
	tr, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := tr.WriteHandout(&b, "pics/"); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for n := 1; n <= tr.Len(); n++ {
		s := tr.Steps[n-1]
		still := fmt.Sprintf("![%s](pics/%s.png)\n\n", s.Title, tr.FileName(n))
		link := "(pics/" + tr.FileName(n) + AnimSuffix + ")"
		i := strings.Index(md, still)
		if i < 0 {
			t.Fatalf("step %d: no still %q", n, still)
		}
		next := strings.Index(md[i:], s.Caption)
		if s.Gesture.Kind == "" {
			if strings.Contains(md, link) {
				t.Errorf("step %d has no gesture but the handout links %s", n, link)
			}
			continue
		}
		if j := strings.Index(md[i:], link); j < 0 || j > next {
			t.Errorf("step %d: %s is not linked between its still and its caption", n, link)
		}
	}
}
