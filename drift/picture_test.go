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

// TestPictureTextsApart: after a full run, at the scale FitScale picks,
// no two texts overlap, every text lies in the picture and none under
// the window column, in the layouts the app gives the picture: 1280x720
// UI 1x; the tour at 1920x1080 UI 2x (a 600-pixel picture, the Drift
// window's column 504 pixels wide and 408 high); the README's 800x450
// embed with the UI (the Compact column 312 pixels wide, down the whole
// height) and without it, and in the tour without it (a 290-pixel
// picture); a 640x360 frame with the minimal UI (a 198-pixel column 124
// high); and a portrait 600x1000 frame. Where the table goes is checked
// too: beside the plot (its header level with the status line), under
// it (below the plot's frame labels), or left out with a note when
// windows are shown. A 300x200 picture drawn at scale 2 crowds, or the
// test would prove nothing.
func TestPictureTextsApart(t *testing.T) {
	m := newTestModel(t)
	for m.Lab.Frame() < 100000 {
		m.Lab.Advance(100000 - m.Lab.Frame())
	}
	m.Paused = true
	fit := func(l Layout, ui float64) Layout {
		l.CharW, l.LineH = 6, 14
		l.Scale = FitScale(l.W, l.H, l.Left, l.Bottom, ui)
		return l
	}
	const beside, below, none = "beside", "below", "none"
	for _, c := range []struct {
		name  string
		lay   Layout
		table string
		note  bool
		clean bool
	}{
		{"1280x720 UI 1x", testLayout, beside, false, true},
		{"tour 1920x1080 UI 2x", fit(Layout{W: 1920, H: 600, Left: 504, PanelBottom: 408, UI: true}, 2), beside, false, true},
		{"800x450 UI 1x", fit(Layout{W: 800, H: 450, Left: 312, PanelBottom: 450, UI: true}, 1), none, true, true},
		{"800x450 no UI", fit(Layout{W: 800, H: 450}, 1), beside, false, true},
		{"tour 800x450 no UI", fit(Layout{W: 800, H: 290}, 1), none, false, true},
		{"640x360 minimal UI", fit(Layout{W: 640, H: 360, Left: 198, PanelBottom: 124, UI: true}, 1), none, true, true},
		{"600x1000 no UI", fit(Layout{W: 600, H: 1000}, 1), below, false, true},
		{"300x200 at scale 2", Layout{W: 300, H: 200, Scale: 2, CharW: 6, LineH: 14}, "", false, false},
	} {
		var p Picture
		p.Build(m, c.lay)
		s := math.Max(1, c.lay.Scale)
		box := func(l render.Label) [4]float64 { // x0, y0, x1, y1
			return [4]float64{l.At[0], l.At[1], l.At[0] + float64(len(l.Text))*c.lay.CharW*s, l.At[1] + c.lay.LineH*s}
		}
		bad := 0
		var header, status, note *render.Label
		for i, a := range p.Labels {
			switch {
			case a.Text == "error" && i >= p.PlotLabels:
				header = &p.Labels[i]
			case a.Text == "f" && status == nil && i >= p.PlotLabels:
				status = &p.Labels[i] // "frame 100,000 / ...", one label a character
			case strings.HasPrefix(a.Text, "no room") || strings.HasPrefix(a.Text, "H: room"):
				note = &p.Labels[i]
			}
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
		if !c.clean {
			if bad == 0 {
				t.Errorf("%s: no text crowded: the test proves nothing", c.name)
			}
			continue
		}
		got := none
		if header != nil && status != nil {
			got = beside
			if pl := &p.Plot; header.At[1] > pl.Y+pl.H {
				got = below
			} else if math.Abs(header.At[1]-status.At[1]) > c.lay.LineH*s {
				got = "somewhere else"
			}
		}
		if got != c.table {
			t.Errorf("%s: the table %s, want %s", c.name, got, c.table)
		}
		if (note != nil) != c.note {
			t.Errorf("%s: a note %v, want %v", c.name, note != nil, c.note)
		}
	}
}

// TestLabelEvery: hand values. Labels 30 pixels wide on ticks 30 apart
// all fit; 20 apart every second; 10 apart every third; 7 apart (three
// ticks 21 < 30) only the first and last of six; a spacing that is not a
// positive number the same.
func TestLabelEvery(t *testing.T) {
	for _, c := range []struct {
		need, spacing float64
		want          int
	}{{30, 30, 1}, {30, 29.9, 2}, {30, 15, 2}, {30, 14.9, 3}, {30, 10, 3}, {30, 7, 5}, {30, 0, 5}, {30, -4, 5}, {30, math.NaN(), 5}} {
		if got := labelEvery(c.need, c.spacing); got != c.want {
			t.Errorf("labelEvery(%v, %v) = %d, want %d", c.need, c.spacing, got, c.want)
		}
	}
}

// TestPlotLabelsApart: on plots from 60 to 600 pixels wide and 40 to 300
// high, linear and log on both axes, after 100,000 frames, the tick
// labels of each axis keep clear of one another (one label per
// character: the characters of one number touch, two numbers do not),
// and each axis keeps at least two labels. Before the tick labels were
// thinned a 150-pixel linear frame axis read "0 40k80k120k160k".
func TestPlotLabelsApart(t *testing.T) {
	m := newTestModel(t)
	for m.Lab.Frame() < 100000 {
		m.Lab.Advance(100000 - m.Lab.Frame())
	}
	p := Plot{X: 60, Y: 40, CharW: 6, LineH: 14, Scale: 1}
	for w := 60.0; w <= 600; w += 30 {
		for h := 40.0; h <= 300; h += 26 {
			for _, logs := range [][2]bool{{false, false}, {true, true}, {true, false}, {false, true}} {
				p.W, p.H = w, h
				p.Build(m.Lab, logs[0], logs[1])
				// Group the characters of each number by where it starts:
				// on the frame axis's row, numbers are runs of characters
				// CharW apart; on the error axis, rows.
				var xs [][2]float64 // frame labels: x0, x1
				var ys [][2]float64 // error labels: y0, y1
				for i := 0; i < len(p.text.items); i++ {
					it := p.text.items[i]
					n := float64(len(p.text.text(i)))
					switch {
					case it.Y > p.Y+p.H && it.Y < p.Y+p.H+p.LineH: // the frame axis's labels
						xs = append(xs, [2]float64{it.X, it.X + n*p.CharW})
					case it.X < p.X && it.Y >= p.Y-p.LineH: // the error axis's labels
						ys = append(ys, [2]float64{it.Y, it.Y + p.LineH})
					}
				}
				for _, spans := range [][][2]float64{xs, ys} {
					if len(spans) < 2 {
						t.Errorf("%vx%v logs %v: %d labels on an axis, want 2 or more", w, h, logs, len(spans))
					}
					for i := range spans {
						for j := i + 1; j < len(spans); j++ {
							if spans[i][0] < spans[j][1]-1e-9 && spans[j][0] < spans[i][1]-1e-9 {
								t.Errorf("%vx%v logs %v: labels at %v and %v overlap", w, h, logs, spans[i], spans[j])
							}
						}
					}
				}
			}
		}
	}
}
