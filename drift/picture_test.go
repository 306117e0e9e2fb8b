package drift

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"skewlab/render"
)

// testLayout is what ui's DriftView gives Build in a 1280x720 window at UI
// scale 1: debugui's 6x14 text, the Drift window's 252-unit column and the
// Lab window's 74-unit band.
var testLayout = Layout{W: 1280, H: 720, Scale: 1, CharW: 6, LineH: 14, Left: 252, Bottom: 74}

// texts returns every text item of p (the plot's first) as whole lines.
func texts(p *Picture) []string {
	var out []string
	for _, t := range []*text{&p.Plot.text, &p.text} {
		for i := range t.items {
			out = append(out, t.text(i))
		}
	}
	return out
}

// Every axis choice at frame 0 (all errors zero), early and late draws
// only finite segments inside the picture, and text that says NaN nowhere.
func TestPictureFinite(t *testing.T) {
	m := newTestModel(t)
	var p Picture
	for _, frames := range []int{0, 1, 5000} {
		for frames > m.Lab.Frame() {
			m.Lab.Advance(frames - m.Lab.Frame())
		}
		for _, logs := range [][2]bool{{false, false}, {true, true}, {false, true}, {true, false}} {
			m.LogX, m.LogY = logs[0], logs[1]
			m.Paused = true
			p.Build(m, testLayout)
			for _, s := range p.Plot.Segments {
				for _, pt := range [2][2]float64{s.A, s.B} {
					if !(pt[0] >= 0 && pt[0] <= testLayout.W && pt[1] >= 0 && pt[1] <= testLayout.H) {
						t.Fatalf("frame %d logs %v: plot segment point %v outside the picture", frames, logs, pt)
					}
				}
			}
			for _, s := range texts(&p) {
				if bytes.Contains([]byte(s), []byte("NaN")) || bytes.Contains([]byte(s), []byte("Inf")) {
					t.Fatalf("frame %d: text %q", frames, s)
				}
			}
		}
	}
}

func TestBoxModelsMagnify(t *testing.T) {
	const tol = 1e-5 // float32 entries, error magnified 100 times
	var m32 [16]float32
	m32[0], m32[5], m32[10], m32[15] = 0.999, 1, 1.001, 1
	m, ghost := BoxModels(m32, [3]float64{1, 1, 1}, 100)
	for c, want := range [3]float64{0.9, 1, 1.1} {
		if math.Abs(m[5*c]-want) > tol || math.Abs(ghost[5*c]-1) > tol {
			t.Errorf("column %d: drawn %g (want %g), ghost %g (want 1)", c, m[5*c], want, ghost[5*c])
		}
	}
	m32[0] = 0 // a collapsed column stays collapsed, nothing is NaN
	m, ghost = BoxModels(m32, [3]float64{1, 1, 1}, 1000)
	for i := range m {
		if math.IsNaN(m[i]) || math.IsNaN(ghost[i]) {
			t.Fatalf("NaN in %v / %v", m, ghost)
		}
	}
}

// TestLegendCoincide: after some frames of the default run the legend
// notes that quantized and separate lie exactly under set-together (their
// errors are equal at every frame, which TestSameAs checks by rerunning
// the storages), and names matrix and unbiased plainly; at frame 0 it
// notes nothing.
func TestLegendCoincide(t *testing.T) {
	m := newTestModel(t)
	m.Paused = true
	var p Picture
	legend := func() map[string]bool {
		p.Build(m, testLayout)
		got := map[string]bool{}
		for i := range p.Plot.text.items {
			got[p.Plot.text.text(i)] = true
		}
		return got
	}
	if got := legend(); !got["quantized"] || got["quantized (= set-together)"] {
		t.Errorf("frame 0 legend %v", got)
	}
	m.Lab.Advance(3000)
	got := legend()
	for _, want := range []string{"matrix", "set-together", "quantized (= set-together)", "separate (= set-together)", "unbiased", "article"} {
		if !got[want] {
			t.Errorf("legend lacks %q: %v", want, got)
		}
	}
}

// TestPictureFinishedRun draws a run finished at its 10,000-frame target
// with no display: every storage's curve has one segment per pair of
// consecutive series points, the legend's labels name every storage, the
// status line says the target is reached, every segment and label lies in
// the picture, and the one-character labels of a number line spell it.
func TestPictureFinishedRun(t *testing.T) {
	m := newTestModel(t)
	m.Target, m.Speed, m.Magnify = 0, 2, 2
	for m.Tick() > 0 {
	}
	if !m.Done() {
		t.Fatalf("run stopped at frame %d before its target", m.Lab.Frame())
	}
	var p Picture
	p.Build(m, testLayout)
	for k := Kind(0); k < NumKinds; k++ {
		n := 0
		for _, s := range p.Plot.Segments {
			if s.Color == render.DriftColors[k] && s.Width == 1.5 {
				n++
			}
		}
		if want := len(m.Lab.Series(k).Points()) - 1; n != want || want < 100 {
			t.Errorf("%s: %d curve segments, want %d (at least 100)", k, n, want)
		}
	}
	legend := strings.Join(labelTexts(p.Labels[:p.PlotLabels]), "|")
	for k := Kind(0); k < NumKinds; k++ {
		if !strings.Contains(legend, k.String()) {
			t.Errorf("the plot's labels %q do not name %s", legend, k)
		}
	}
	if s := strings.Join(texts(&p), "|"); !strings.Contains(s, "frame 10,000 / 10,000   target reached") || !strings.Contains(s, "never") {
		t.Errorf("a finished run's text lacks the status or a never: %q", s)
	}
	for _, s := range p.Segments {
		for _, pt := range [2][2]float64{s.A, s.B} {
			if !(pt[0] >= 0 && pt[0] <= testLayout.W && pt[1] >= 0 && pt[1] <= testLayout.H) {
				t.Fatalf("segment point %v outside the %vx%v picture", pt, testLayout.W, testLayout.H)
			}
		}
	}
	for _, l := range p.Labels {
		if !(l.At[0] >= 0 && l.At[0]+p.CharW*float64(len(l.Text)) <= testLayout.W && l.At[1] >= 0 && l.At[1]+p.LineH <= testLayout.H) {
			t.Errorf("label %q at %v outside the picture", l.Text, l.At)
		}
	}
	// The status line is the last item: its characters, in order, are the
	// last labels, CharW apart on one row.
	st := p.text.items[len(p.text.items)-1]
	line := strings.ReplaceAll(p.text.text(len(p.text.items)-1), " ", "")
	chars := p.Labels[len(p.Labels)-len(line):]
	for i, l := range chars {
		j := math.Round((l.At[0] - st.X) / p.CharW)
		if l.Text != line[i:i+1] || l.At[1] != st.Y || j < 0 || l.At[0] != st.X+j*p.CharW {
			t.Fatalf("status label %d: %q at %v, want %q on row %v at a character column", i, l.Text, l.At, line[i:i+1], st.Y)
		}
	}
}

func labelTexts(ls []render.Label) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Text
	}
	return out
}

// Rebuilding the picture of a running lab allocates nothing once its
// buffers have grown.
func TestPictureBuildAllocs(t *testing.T) {
	m := newTestModel(t)
	var p Picture
	for i := 0; i < 200; i++ { // grow every buffer, and the series to full width
		m.Tick()
		p.Build(m, testLayout)
	}
	for _, magnify := range []int{0, 2} {
		m.Magnify = magnify
		if a := testing.AllocsPerRun(100, func() { m.Tick(); p.Build(m, testLayout) }); a != 0 {
			t.Errorf("magnify %d: %g allocations per tick and Build, want 0", magnify, a)
		}
	}
}

// BenchmarkPictureBuild is the drift lab's per-tick picture cost at x100
// after 100,000 frames: boxes, plot, table and status.
func BenchmarkPictureBuild(b *testing.B) {
	m := newTestModel(b)
	for m.Lab.Frame() < 100_000 {
		m.Lab.Advance(100_000 - m.Lab.Frame())
	}
	var p Picture
	p.Build(m, testLayout)
	b.ReportAllocs()
	for b.Loop() {
		p.Build(m, testLayout)
	}
}

// TestFitScale: hand values. At 1280x720 UI 1x (testLayout) the scale
// is 1. The tour at 1920x1080 UI 2x leaves a 600-pixel picture beside a
// 504-pixel column: the boxes allow (1920-504)/(5*170) = 1.666, the table
// (600-252)/(6+18.7*14) = 348/267.8 = 1.2995 (252 = round(0.42*600)), so
// 1.2995. At 3840x2160 UI 2x both allow more than 2: 2. A screen too
// small at 1 and input that is not a number give 1.
func TestFitScale(t *testing.T) {
	const tol = 1e-9
	for _, c := range []struct {
		w, h, left, bottom, ui, want float64
	}{
		{1280, 720, 252, 74, 1, 1},
		{1920, 600, 504, 0, 2, 348 / 267.8},
		{3840, 2160, 504, 148, 2, 2},
		{800, 600, 252, 74, 2, 1},
		{math.NaN(), 600, 0, 0, 2, 1},
		{1920, math.Inf(1), 0, 0, math.Inf(1), 1},
	} {
		if got := FitScale(c.w, c.h, c.left, c.bottom, c.ui); math.Abs(got-c.want) > tol {
			t.Errorf("FitScale(%v, %v, %v, %v, %v) = %v, want %v", c.w, c.h, c.left, c.bottom, c.ui, got, c.want)
		}
	}
}

// TestPictureTextsApart: at 1280x720 UI 1x and in the tour at 1920x1080
// UI 2x (a 600-pixel picture, the Drift window's column 504 pixels wide
// and 408 high), at the scale FitScale picks, after a full run: no two
// texts overlap, every text lies in the picture and none under the
// window. Drawn at the UI scale itself (2), the second layout crowds, or
// the test would prove nothing.
func TestPictureTextsApart(t *testing.T) {
	m := newTestModel(t)
	for m.Lab.Frame() < 100000 {
		m.Lab.Advance(100000 - m.Lab.Frame())
	}
	m.Paused = true
	tour := Layout{W: 1920, H: 600, CharW: 6, LineH: 14, Left: 504, PanelBottom: 408}
	tour.Scale = FitScale(tour.W, tour.H, tour.Left, tour.Bottom, 2)
	crowded := tour
	crowded.Scale, crowded.PanelBottom = 2, 0
	for _, c := range []struct {
		name  string
		lay   Layout
		clean bool
	}{{"1280x720 UI 1x", testLayout, true}, {"tour 1920x1080 UI 2x", tour, true}, {"tour at scale 2, old layout", crowded, false}} {
		var p Picture
		p.Build(m, c.lay)
		s := math.Max(1, c.lay.Scale)
		box := func(l render.Label) [4]float64 { // x0, y0, x1, y1
			return [4]float64{l.At[0], l.At[1], l.At[0] + float64(len(l.Text))*c.lay.CharW*s, l.At[1] + c.lay.LineH*s}
		}
		bad := 0
		for i, a := range p.Labels {
			ba := box(a)
			if ba[0] < 0 || ba[1] < 0 || ba[2] > c.lay.W || ba[3] > c.lay.H || (ba[0] < c.lay.Left && ba[1] < c.lay.PanelBottom) {
				bad++
				if c.clean {
					t.Errorf("%s: %q at %v leaves the picture or lies under the window", c.name, a.Text, a.At)
				}
			}
			for _, b := range p.Labels[i+1:] {
				bb := box(b)
				if ba[0] < bb[2]-1e-9 && bb[0] < ba[2]-1e-9 && ba[1] < bb[3]-1e-9 && bb[1] < ba[3]-1e-9 {
					bad++
					if c.clean {
						t.Errorf("%s: %q at %v overlaps %q at %v", c.name, a.Text, a.At, b.Text, b.At)
					}
				}
			}
		}
		if !c.clean && bad == 0 {
			t.Errorf("%s: no text crowded: the test proves nothing", c.name)
		}
	}
}
