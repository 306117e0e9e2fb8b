package kit

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/render"
	"skewlab/ui/internal/uitest"
)

// textMark and fillMark make marks for the rule's tests.
func textMark(s string, x0, y0, x1, y1 float64) Mark {
	return Mark{X0: x0, Y0: y0, X1: x1, Y1: y1, Text: s}
}
func fillMark(x0, y0, x1, y1 float64) Mark { return Mark{X0: x0, Y0: y0, X1: x1, Y1: y1, Fill: true} }

// TestLayoutProblems applies the rule to marks placed by hand on a 100 by
// 50 screen, each case on either side of LayoutSlop (1 px).
func TestLayoutProblems(t *testing.T) {
	for _, c := range []struct {
		name  string
		marks []Mark
		want  []string // substrings of the problems, in order; none for a clean layout
	}{
		{"apart", []Mark{textMark("a", 0, 0, 30, 12), textMark("b", 40, 0, 70, 12)}, nil},
		{"touching", []Mark{textMark("a", 0, 0, 30, 12), textMark("b", 30, 0, 60, 12)}, nil},
		{"rounding: 1 px into each other", []Mark{textMark("a", 0, 0, 30, 12), textMark("b", 29, 11, 60, 23)}, nil},
		{"2 px across and down", []Mark{textMark("a", 0, 0, 30, 12), textMark("b", 28, 10, 60, 22)}, []string{`"a" [0,0 - 30,12] overlaps "b"`}},
		{"one line over another", []Mark{textMark("0 40k", 10, 20, 40, 31), textMark("80k", 36, 20, 54, 31)}, []string{`"0 40k" [10,20 - 40,31] overlaps "80k"`}},
		{"under 1 px past the edge", []Mark{textMark("a", -0.5, 0, 30, 12), textMark("b", 60, 38.5, 100.9, 51)}, nil},
		{"2 px past the right edge", []Mark{textMark("a", 72, 0, 102, 12)}, []string{`"a" [72,0 - 102,12] cut by the edge of the 100x50 screen`}},
		{"past the bottom", []Mark{textMark("a", 0, 40, 30, 52)}, []string{"cut by the edge"}},
		{"under a fill drawn after it", []Mark{textMark("a", 10, 10, 40, 22), fillMark(30, 0, 100, 50)}, []string{`"a" [10,10 - 40,22] lies under fill [30,0 - 100,50], drawn after it`}},
		{"beside a fill drawn after it", []Mark{textMark("a", 10, 10, 40, 22), fillMark(39.5, 0, 100, 50)}, nil},
		{"on a panel drawn first", []Mark{fillMark(20, 0, 100, 50), textMark("a", 20, 10, 50, 22), textMark("b", 60, 10, 99, 22)}, nil},
		{"over a panel's edge", []Mark{fillMark(20, 0, 100, 50), textMark("a", 10, 10, 40, 22)}, []string{`"a" [10,10 - 40,22] runs over the edge of fill`}},
		{"a fill over a fill", []Mark{fillMark(0, 0, 60, 50), fillMark(10, 10, 100, 50)}, nil},
	} {
		got := LayoutProblems(c.marks, 100, 50)
		if len(got) != len(c.want) {
			t.Errorf("%s: %d problems %q, want %d", c.name, len(got), got, len(c.want))
			continue
		}
		for i := range got {
			if !strings.Contains(got[i], c.want[i]) {
				t.Errorf("%s: problem %q, want it to say %q", c.name, got[i], c.want[i])
			}
		}
	}
}

// paint sets alpha 255 over r in an RGBA pixel buffer w pixels wide.
func paint(pix []byte, w int, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			pix[4*(y*w+x)+3] = 255
		}
	}
}

// TestUIRects: two windows apart come back as exactly their rectangles;
// two that overlap (an L-shaped union) as rectangles that cover every
// painted pixel once and nothing else.
func TestUIRects(t *testing.T) {
	const w, h = 40, 30
	pix := make([]byte, 4*w*h)
	a, b := image.Rect(2, 3, 12, 20), image.Rect(20, 0, 40, 5)
	paint(pix, w, a)
	paint(pix, w, b)
	got := UIRects(pix, w)
	if len(got) != 2 || got[0] != b || got[1] != a { // found top row first
		t.Errorf("two windows: %v, want [%v %v]", got, b, a)
	}

	pix = make([]byte, 4*w*h)
	c, d := image.Rect(5, 5, 25, 15), image.Rect(15, 10, 35, 28)
	paint(pix, w, c)
	paint(pix, w, d)
	count := make([]int, w*h)
	for _, r := range UIRects(pix, w) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				count[y*w+x]++
			}
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			in := image.Pt(x, y).In(c) || image.Pt(x, y).In(d)
			if want := map[bool]int{true: 1, false: 0}[in]; count[y*w+x] != want {
				t.Fatalf("overlapping windows: pixel (%d, %d) covered %d times, want %d", x, y, count[y*w+x], want)
			}
		}
	}
	if UIRects(nil, w) != nil || UIRects(pix, 0) != nil {
		t.Error("no pixels or no width: want no rectangles")
	}
}

// TestTextIsRecorded: Labels records a text's line box while a Record is
// installed, and nothing after: "Root x1" drawn at (20.4, 30.6) at UI 2x
// starts on the whole pixel 20, is 7 characters of 12 px (Go Mono's
// 0.6 em advance at 20 px), and its baseline is at round(30.6 + 20) = 51,
// with the font's ascent above and descent below.
func TestTextIsRecorded(t *testing.T) {
	uitest.NeedLoop(t)
	img := ebiten.NewImage(200, 100)
	defer img.Deallocate()
	var rec Record
	RecordMarks(&rec)
	l := Labels{Scale: 2}
	l.Text(img, "Root x1", 20.4, 30.6, render.White)
	RecordFill(0, 80, 200, 20)
	RecordFill(0, 0, 0, 10) // no area: left out
	RecordMarks(nil)
	l.Text(img, "not recorded", 0, 0, render.White)
	m := render.TextMetricsAt(20)
	want := []Mark{
		{X0: 20, Y0: 51 - m.Ascent, X1: 20 + 7*12, Y1: 51 + m.Descent, Text: "Root x1"},
		{X0: 0, Y0: 80, X1: 200, Y1: 100, Fill: true},
	}
	if len(rec.Marks) != len(want) {
		t.Fatalf("recorded %v, want %v", rec.Marks, want)
	}
	for i := range want {
		if rec.Marks[i] != want[i] {
			t.Errorf("mark %d: %v, want %v", i, &rec.Marks[i], &want[i])
		}
	}
}
