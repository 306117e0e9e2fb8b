package tour

import (
	"image"
	"math"
	"os"
	"strings"
	"testing"

	"skewlab/drift"
	"skewlab/dynamics"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
)

func TestMain(m *testing.M) {
	state.UseLabs(piston.Lab, drift.LabState, dynamics.LabState)
	t, err := Load()
	if err == nil {
		state.UseTour(t.Len())
	}
	os.Exit(m.Run())
}

// figures are the labs' figure functions as main.go's labs give them,
// without the display packages.
func figures(lab string) (FigureFunc, bool) {
	switch lab {
	case piston.Name:
		return func(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error) {
			if g.Kind == "" {
				return piston.Figure(st, w, h)
			}
			pics, err := piston.Motion(st, g, w, h, []float64{1})
			if err != nil {
				return nil, nil, err
			}
			return pics[0].Segments, pics[0].Labels, nil
		}, true
	case drift.LabState.Name:
		return drift.GestureFigure, true
	case dynamics.LabState.Name:
		return dynamics.GestureFigure, true
	}
	return nil, false
}

// TestEveryStepDrawsAndDiffers loads the embedded tour, checks the story
// has at least twelve steps, draws every step after its gesture with no
// display, and checks that each step's picture (its segments, the
// caption left out) differs from the previous step's in more than 1% of
// the pixels by more than 40/255 in some channel.
func TestEveryStepDrawsAndDiffers(t *testing.T) {
	tr, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if tr.Len() < 12 {
		t.Fatalf("the tour has %d steps, want at least 12", tr.Len())
	}
	const w, h = 480, 270
	var prev *image.RGBA
	for n := 1; n <= tr.Len(); n++ {
		segs, labels, err := tr.Figure(n, w, h, figures)
		if err != nil {
			t.Fatalf("step %d: %v", n, err)
		}
		if len(segs) < 10 || len(labels) < 3 {
			t.Fatalf("step %d: %d segments, %d labels: too few for a picture and its caption", n, len(segs), len(labels))
		}
		for _, s := range segs {
			if !finite(s.A[0], s.A[1], s.B[0], s.B[1]) {
				t.Fatalf("step %d: a segment is not finite: %+v", n, s)
			}
		}
		img, err := render.Rasterize(w, h, render.Background, segs, nil)
		if err != nil {
			t.Fatal(err)
		}
		if prev != nil {
			if d := differing(prev, img, 40); d < w*h/100 {
				t.Errorf("step %d: its picture differs from step %d's in %d pixels, want more than %d", n, n-1, d, w*h/100)
			}
		}
		prev = img
	}
}

func finite(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// differing counts the pixels where some channel differs by more than
// tol.
func differing(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			d := int(a.Pix[i+c]) - int(b.Pix[i+c])
			if d > tol || -d > tol {
				n++
				break
			}
		}
	}
	return n
}

// TestStoryOrder checks the steps tell the story in order: the
// lab, mode or wall each point needs.
func TestStoryOrder(t *testing.T) {
	tr, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		lab, mode, gesture string
		wall               bool
		preset             string
	}{
		{"piston", "accumulate-trs", "", false, "piston"},
		{"piston", "accumulate-trs", state.GestureSweep, false, "piston"},
		{"piston", "accumulate-matrices", state.GestureSweep, false, "piston"},
		{"piston", "accumulate-matrices", state.GestureSweep, false, "piston"},
		{"piston", "accumulate-matrices", state.GestureSweep, false, "skew"},
		{"piston", "uniform-inner-scale", "", false, "piston"},
		{"piston", "uniform-inner-scale", "", false, "piston"},
		{"piston", "skew-stripping", "", true, "volume"},
		{"piston", "accumulate-matrices", "", true, "piston"},
		{"piston", "accumulate-matrices", "", true, "stretchy-arm"},
		{"drift", "", state.GestureFastForward, false, ""},
		{"dynamics", "", state.GestureReverse, false, "turntable"},
		{"dynamics", "", state.GesturePlay, false, "crash"},
		{"dynamics", "", state.GesturePlay, false, "crash"},
		{"piston", "", "", false, "piston"},
	}
	if tr.Len() != len(want) {
		t.Fatalf("%d steps, the story has %d", tr.Len(), len(want))
	}
	for i, w := range want {
		s := tr.Steps[i]
		if s.State.Lab != w.lab || (w.mode != "" && s.State.Mode != w.mode) || s.Gesture.Kind != w.gesture ||
			(s.State.Wall != "") != w.wall || (w.preset != "" && s.State.Preset != w.preset) {
			t.Errorf("step %d %q: lab %s mode %s gesture %q wall %q preset %s, want %+v", i+1, s.Title,
				s.State.Lab, s.State.Mode, s.Gesture.Kind, s.State.Wall, s.State.Preset, w)
		}
	}
	// Seed 003's counter-example: outer (2, 2, 1) over 45 degrees about z.
	s5 := tr.Steps[4]
	if got := s5.End().Sets; len(got) < 2 || got[len(got)-1].String() != "Parent.scale=2,2,1" || got[0].String() != "Child.euler=0,0,45" {
		t.Errorf("step 5 ends with sets %v, want Child.euler=0,0,45 then Parent.scale=2,2,1", got)
	}
	if tr.Steps[12].State.Counteract != "off" || tr.Steps[13].State.Counteract != "on" {
		t.Errorf("the crash steps: counteract %q then %q, want off then on", tr.Steps[12].State.Counteract, tr.Steps[13].State.Counteract)
	}
}

// TestBadStepsNameTheStep checks that a step whose state or gesture does
// not parse fails with its number and the parser's message.
func TestBadStepsNameTheStep(t *testing.T) {
	good := `{"title": "One", "caption": "Fine.", "state": "preset=piston"}`
	cases := []struct{ step, want string }{
		{`{"title": "Two", "caption": "Bad mode.", "state": "mode=nope"}`, `step 2: state "mode=nope": URL parameter mode: unknown mode "nope"`},
		{`{"title": "Two", "caption": "Bad set.", "state": "set=Q.scale=1,1,1"}`, `step 2: state "set=Q.scale=1,1,1": URL parameter set: set Q.scale=1,1,1: unknown node "Q"`},
		{`{"title": "Two", "caption": "Unknown.", "state": "colour=red"}`, `step 2: state "colour=red": URL parameter colour: unknown`},
		{`{"title": "Two", "caption": "Tour.", "state": "tour=1"}`, "step 2: state \"tour=1\": a step cannot name the tour setting"},
		{`{"title": "Two", "caption": "One. Two. Three. Four.", "state": ""}`, "step 2: caption has 4 sentences, want 1 to 3"},
		{`{"title": "", "caption": "No title.", "state": ""}`, "step 2: no title"},
		{`{"title": "Two", "caption": "Sweep.", "state": "", "gesture": {"kind": "sweep", "set": "Q.scale", "from": [1,1,1], "to": [2,1,1], "seconds": 1}}`, `step 2: gesture sweep: unknown node "Q"`},
		{`{"title": "Two", "caption": "Sweep.", "state": "", "gesture": {"kind": "sweep", "set": "A.rotation", "from": [1,1,1], "to": [2,1,1], "seconds": 1}}`, `step 2: gesture sweep: set "A.rotation": field "rotation" cannot be swept`},
		{`{"title": "Two", "caption": "Play.", "state": "", "gesture": {"kind": "play", "seconds": 1}}`, "step 2: gesture play: the piston lab plays only sweeps"},
		{`{"title": "Two", "caption": "Drift.", "state": "lab=drift", "gesture": {"kind": "fast-forward", "frames": 5}}`, "step 2: gesture fast-forward: frames 5 is not a target"},
		{`{"title": "Two", "caption": "Reverse.", "state": "lab=dynamics&preset=crash", "gesture": {"kind": "reverse", "at": 1, "seconds": 2}}`, "step 2: gesture reverse: only the turntable spins"},
		{`{"title": "Two", "caption": "Late.", "state": "lab=dynamics", "gesture": {"kind": "play", "seconds": 1000}}`, "step 2: gesture play: seconds 1000 above the lab's 100"},
		{`{"title": "Two", "caption": "Kind.", "state": "", "gesture": {"kind": "wiggle"}}`, `step 2: unknown gesture kind "wiggle"`},
		{`{"title": "Two", "caption": "Extra.", "state": "", "gesture": {"kind": "play", "seconds": 1, "frames": 3}}`, "step 2: gesture play: frames does not apply"},
		{`{"title": "One", "caption": "Same slug.", "state": ""}`, `step 2: title "One" makes the same file name as step 1's`},
		{`{"title": "Two", "caption": "Fine.", "captionNoUI": "One. Two. Three. Four.", "state": ""}`, "step 2: captionNoUI has 4 sentences, want 1 to 3"},
		{`{"title": "Two", "caption": "Fine.", "captionNoUI": "` + strings.Repeat("x", MaxCaption+1) + `", "state": ""}`, "step 2: captionNoUI has 401 characters, at most 400"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(`{"format": "skewlab-tour/1", "steps": [` + good + `, ` + c.step + `]}`))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant ...%s...", c.step, err, c.want)
		}
	}
	for _, bad := range []string{`{"format": "x", "steps": []}`, `{"format": "skewlab-tour/1", "steps": []}`, `{"format": "skewlab-tour/1", "steps": [], "more": 1}`, `[`, `{"format": "skewlab-tour/1", "steps": [` + good + `]} {}`} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%s): no error", bad)
		}
	}
}

func TestStepRange(t *testing.T) {
	tr, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, -1, tr.Len() + 1} {
		_, err := tr.Step(n)
		if err == nil || err.Error() != state.TourRangeError(n).Error() {
			t.Errorf("Step(%d): %v, want %v", n, err, state.TourRangeError(n))
		}
	}
	if _, err := tr.Step(tr.Len()); err != nil {
		t.Error(err)
	}
}

func TestSlugSentencesWrap(t *testing.T) {
	for in, want := range map[string]string{"Turn A off 90°: the matrices skew": "turn-a-off-90-the-matrices-skew", "  Your turn!  ": "your-turn", "°°": ""} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]int{"One.": 1, "One. Two": 2, "Scale 3.5 and e.g. (2, 2, 1). Then?": 3, "": 0, "No end": 1} {
		if got := Sentences(in); got != want {
			t.Errorf("Sentences(%q) = %d, want %d", in, got, want)
		}
	}
	lines := Wrap("the quick brown fox jumps over the lazy dog", 10)
	want := []string{"the quick", "brown fox", "jumps over", "the lazy", "dog"}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("Wrap = %q, want %q", lines, want)
	}
	if got := Wrap("abcdefghijklmnop", 5); strings.Join(got, "|") != "abcde|fghij|klmno|p" {
		t.Errorf("Wrap of a long word = %q", got)
	}
}

// TestOverlayReadableFromTheBack checks the caption at UI 2x on
// 1920x1080: text at least 32 px (its em), every line inside the band
// and the width, the picture keeping more than half the height.
func TestOverlayReadableFromTheBack(t *testing.T) {
	tr, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= tr.Len(); n++ {
		s := tr.Steps[n-1]
		o := Layout(s, n, tr.Len(), 0, 1920, 1080, 2)
		if o.PictureH < 1080*(1-MaxBand) || o.PictureH > 1080-60 {
			t.Errorf("step %d: picture height %v of 1080", n, o.PictureH)
		}
		if strings.Join(o.Lines, " ") != strings.Join(strings.Fields(s.Caption), " ") {
			t.Errorf("step %d: wrapped lines lose text: %q", n, o.Lines)
		}
		counter := false
		for _, l := range o.Labels {
			if l.Size < 32 {
				t.Errorf("step %d: %q drawn at %v px, want at least 32", n, l.Text, l.Size)
			}
			base := render.LabelBaseline(l.At, 1)
			m := render.TextMetricsAt(l.Size)
			if base[0] < 0 || base[0]+render.TextWidth(l.Text, l.Size) > 1920 || base[1]-m.Ascent < o.PictureH || base[1]+m.Descent > 1080 {
				t.Errorf("step %d: %q at %v outside the band below %v", n, l.Text, base, o.PictureH)
			}
			counter = counter || l.Text == Counter(n, tr.Len())
		}
		if !counter {
			t.Errorf("step %d: no %q", n, Counter(n, tr.Len()))
		}
	}
}

// TestCaptionsForTheReader: no caption offers Share, which only the web
// page has (the window has none); a step with a captionNoUI shows it
// only without the UI, and the last step has one, since its caption asks
// for the sliders; a step without one shows its caption either way.
func TestCaptionsForTheReader(t *testing.T) {
	tr, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for n, s := range tr.Steps {
		for _, ui := range []bool{true, false} {
			if c := s.CaptionFor(ui); strings.Contains(c, "Share") {
				t.Errorf("step %d (UI %v): the caption offers Share: %q", n+1, ui, c)
			}
		}
		if s.CaptionFor(true) != s.Caption || (s.CaptionNoUI == "" && s.CaptionFor(false) != s.Caption) {
			t.Errorf("step %d: CaptionFor gives the wrong caption", n+1)
		}
		if strings.Contains(s.Caption, "drag the sliders") && (s.CaptionNoUI == "" || s.CaptionFor(false) != s.CaptionNoUI) {
			t.Errorf("step %d asks for the sliders with no caption for a reader without them", n+1)
		}
	}
}
