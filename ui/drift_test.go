package ui

import (
	"bytes"
	"flag"
	"image"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/drift"
	"skewlab/render"
	"skewlab/state"
)

// driftImages, when set, makes TestDriftImages write drift-plot.png (and,
// under a display, drift-lab.png) into that directory:
// xvfb-run -a go test ./ui -run DriftImages -drift-images ../docs/img
var driftImages = flag.String("drift-images", "", "write the drift lab's documentation images into `DIR`")

func newTestDriftModel(t testing.TB) *DriftModel {
	t.Helper()
	m, err := NewDriftModel()
	if err != nil {
		t.Fatal(err)
	}
	m.Budget = time.Hour // exact frame counts, whatever the machine's speed
	return m
}

func TestDriftSpeeds(t *testing.T) {
	m := newTestDriftModel(t)
	want := 0
	for i, per := range DriftSpeeds {
		m.Speed = i
		for tick := 0; tick < 3; tick++ {
			if n := m.Tick(); n != per {
				t.Fatalf("speed x%d tick %d: computed %d frames, want %d", per, tick, n, per)
			}
			want += per
		}
		if got := m.Lab.Frame(); got != want {
			t.Fatalf("after speed x%d: frame %d, want %d", per, got, want)
		}
	}
	m.Paused = true
	if n := m.Tick(); n != 0 || m.Lab.Frame() != want {
		t.Errorf("paused tick computed %d frames (frame %d), want none", n, m.Lab.Frame())
	}
}

// A tick over budget still computes one chunk, so a slow machine makes
// progress, and never more than the speed asks.
func TestDriftBudget(t *testing.T) {
	m := newTestDriftModel(t)
	m.Speed, m.Budget = 2, 0
	if n := m.Tick(); n != DriftChunk {
		t.Errorf("zero budget at x10,000: %d frames, want one chunk of %d", n, DriftChunk)
	}
	m.Budget = DriftBudget
	start := time.Now()
	n := m.Tick()
	if n < DriftChunk || n > DriftSpeeds[2] {
		t.Errorf("x10,000 with the default budget computed %d frames", n)
	}
	t.Logf("x10,000 tick: %d frames in %v", n, time.Since(start))
}

func TestDriftTargetAndReset(t *testing.T) {
	m := newTestDriftModel(t)
	m.Speed, m.Target = 2, 0 // x10,000 toward 10,000
	m.Tick()
	if m.Lab.Frame() != 10_000 || !m.Done() || m.Progress() != 1 {
		t.Fatalf("frame %d, done %v, progress %g; want 10,000, true, 1", m.Lab.Frame(), m.Done(), m.Progress())
	}
	if n := m.Tick(); n != 0 {
		t.Errorf("a tick past the target computed %d frames", n)
	}
	m.Target = 1 // 100,000: runs on, stopping exactly at the target
	for m.Tick() > 0 {
	}
	if m.Lab.Frame() != 100_000 {
		t.Errorf("stopped at frame %d, want 100,000", m.Lab.Frame())
	}
	if e := m.Lab.Run(drift.KindMatrix).Error(); !(e > 1e-5) {
		t.Errorf("matrix error at 100,000 frames is %g; the lab should show it drift", e)
	}
	m.Reset()
	if m.Lab.Frame() != 0 || len(m.Lab.Series(drift.KindMatrix).Points()) != 0 || m.Lab.Run(drift.KindMatrix).Error() != 0 {
		t.Errorf("after Reset: frame %d, %d points, error %g", m.Lab.Frame(), len(m.Lab.Series(drift.KindMatrix).Points()), m.Lab.Run(drift.KindMatrix).Error())
	}
	m.Tick()
	m.SetAxis(1)
	if m.Lab.Frame() != 0 || m.Lab.Config().Axis != DriftAxes[1] {
		t.Errorf("SetAxis(1): frame %d, axis %v", m.Lab.Frame(), m.Lab.Config().Axis)
	}
}

func driftInput() Input {
	return Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1}
}

// A running lab rebuilds its whole picture every tick; once its buffers
// have grown, that allocates nothing.
func TestDriftUpdateAllocs(t *testing.T) {
	v := NewDriftView(newTestDriftModel(t))
	in := driftInput()
	for i := 0; i < 200; i++ { // grow every buffer, and the series to full width
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
	}
	for _, speed := range []int{0, 1} {
		v.M.Speed = speed
		v.Update(&in)
		if a := testing.AllocsPerRun(100, func() { v.Update(&in) }); a != 0 {
			t.Errorf("running at x%d: %g allocations per Update, want 0", DriftSpeeds[speed], a)
		}
	}
	v.M.Paused = true
	if a := testing.AllocsPerRun(50, func() { v.Update(&in) }); a != 0 {
		t.Errorf("paused: %g allocations per Update, want 0", a)
	}
}

// Every axis choice at frame 0 (all errors zero), early and late draws
// only finite segments inside the picture, and text that says NaN nowhere.
func TestDriftPictureFinite(t *testing.T) {
	v := NewDriftView(newTestDriftModel(t))
	in := driftInput()
	for _, frames := range []int{0, 1, 5000} {
		for frames > v.M.Lab.Frame() {
			v.M.Lab.Advance(frames - v.M.Lab.Frame())
		}
		for _, logs := range [][2]bool{{false, false}, {true, true}, {false, true}, {true, false}} {
			v.LogX, v.M.LogY, v.dirty = logs[0], logs[1], true
			v.M.Paused = true
			if err := v.Update(&in); err != nil {
				t.Fatal(err)
			}
			for _, s := range v.plot.segs {
				for _, p := range [2][2]float64{s.A, s.B} {
					if !(p[0] >= 0 && p[0] <= in.Width && p[1] >= 0 && p[1] <= in.Height) {
						t.Fatalf("frame %d logs %v: plot segment point %v outside the picture", frames, logs, p)
					}
				}
			}
			for _, tx := range []*driftText{&v.text, &v.plot.text} {
				for i := range tx.items {
					if s := tx.text(i); bytes.Contains([]byte(s), []byte("NaN")) || bytes.Contains([]byte(s), []byte("Inf")) {
						t.Fatalf("frame %d: text %q", frames, s)
					}
				}
			}
		}
	}
}

func TestDriftModelsMagnify(t *testing.T) {
	const tol = 1e-5 // float32 entries, error magnified 100 times
	var m32 [16]float32
	m32[0], m32[5], m32[10], m32[15] = 0.999, 1, 1.001, 1
	m, ghost := driftModels(m32, [3]float64{1, 1, 1}, 100)
	for c, want := range [3]float64{0.9, 1, 1.1} {
		if math.Abs(m[5*c]-want) > tol || math.Abs(ghost[5*c]-1) > tol {
			t.Errorf("column %d: drawn %g (want %g), ghost %g (want 1)", c, m[5*c], want, ghost[5*c])
		}
	}
	m32[0] = 0 // a collapsed column stays collapsed, nothing is NaN
	m, ghost = driftModels(m32, [3]float64{1, 1, 1}, 1000)
	for i := range m {
		if math.IsNaN(m[i]) || math.IsNaN(ghost[i]) {
			t.Fatalf("NaN in %v / %v", m, ghost)
		}
	}
}

func TestDriftLabRegistered(t *testing.T) {
	st := state.Default()
	st.Lab = "drift"
	a, err := NewApp(st, Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := a.View().(*DriftView); !ok {
		t.Errorf("lab drift opens %T, want *DriftView", a.View())
	}
}

func TestAppendGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 100575: "100,575", 1000000: "1,000,000", -1234: "-1,234"} {
		if got := string(appendGrouped(nil, n)); got != want {
			t.Errorf("appendGrouped(%d) = %q, want %q", n, got, want)
		}
	}
}

// The drift lab draws each storage's colour: its box, its curve, its
// legend and its table column.
func TestDriftDrawsEachColour(t *testing.T) {
	needLoop(t)
	v := NewDriftView(newTestDriftModel(t))
	in := driftInput()
	v.M.Speed = 2
	for i := 0; i < 3; i++ {
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
	}
	img := ebiten.NewImage(1280, 720)
	defer img.Deallocate()
	img.Fill(image.Black)
	v.Draw(img)
	pix := image.NewRGBA(image.Rect(0, 0, 1280, 720))
	img.ReadPixels(pix.Pix)
	for k, c := range DriftColors {
		n := 0
		for i := 0; i < len(pix.Pix); i += 4 {
			if near(pix.Pix[i], c.R) && near(pix.Pix[i+1], c.G) && near(pix.Pix[i+2], c.B) {
				n++
			}
		}
		if n < 200 {
			t.Errorf("%s: %d pixels of its colour, want at least 200", drift.Kind(k), n)
		}
	}
}

func near(b uint8, c float32) bool { return math.Abs(float64(b)-float64(c)*255) < 12 }

// TestDriftImages writes the documentation images when -drift-images is
// given: the plot after 1,000,000 frames (render.WritePNG, no display
// needed) and the lab window at 300,000 frames of 1,000,000 (under a
// display).
func TestDriftImages(t *testing.T) {
	if *driftImages == "" {
		t.Skip("give -drift-images DIR to write the images")
	}
	v := NewDriftView(newTestDriftModel(t))
	v.labels.Scale = 1
	for v.M.Lab.Frame() < 1_000_000 {
		v.M.Lab.Advance(1_000_000 - v.M.Lab.Frame())
	}
	p := &v.plot
	p.cw, p.lh, p.sc = 7, 15, 1
	p.x, p.y, p.w, p.h = 70, 70, 820, 380
	v.LogX = true
	p.build(v.M.Lab, true, true)
	var buf bytes.Buffer
	if err := render.WritePNG(&buf, 920, 490, render.Color{R: 0.07, G: 0.075, B: 0.094, A: 1}, p.segs, p.text.labels()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*driftImages, "drift-plot.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	needLoop(t)
	st := state.Default()
	st.Lab = "drift"
	st.AntiAlias = "on" // fixed: auto would decide by the test's own frame rate after 4 s
	a, err := NewApp(st, Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	a.LayoutF(1280, 720)
	dv := a.View().(*DriftView)
	dv.M.Budget, dv.M.Speed, dv.M.Magnify, dv.LogX = time.Hour, 2, 2, true
	for dv.M.Lab.Frame() < 300_000 {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	img := ebiten.NewImage(1280, 720)
	defer img.Deallocate()
	a.Draw(img)
	if err := SavePNG(img, filepath.Join(*driftImages, "drift-lab.png")); err != nil {
		t.Fatal(err)
	}
}

// TestDriftTickLabelsInside: every text item of the plot (tick labels,
// axis names, legend) lies inside the window and clear of the app's Lab
// window (when the app shows it), at several window sizes and UI scales,
// on log and linear axes. A text item covers len*cw by one line height
// from its top-left corner. Before the fix the frame axis's labels ran
// into the Lab window (the plot left 86 units at the bottom, the labels
// needed 32 of them and the Lab window takes 70).
func TestDriftTickLabelsInside(t *testing.T) {
	for _, in := range []Input{
		{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1},
		{Width: 1024, Height: 600, DeviceScale: 1, UIScale: 1},
		{Width: 1920, Height: 1080, DeviceScale: 1, UIScale: 1},
		{Width: 2560, Height: 1440, DeviceScale: 2, UIScale: 1},
		{Width: 2560, Height: 1440, DeviceScale: 1, UIScale: 2},
		{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 2},
	} {
		v := NewDriftView(newTestDriftModel(t))
		v.M.Paused = true
		s := float64(UIPixels(&in))
		cols := newColumns(&in)
		lab := image.Rectangle{}
		if !cols.compact() {
			r := labWindowRect(int(in.Width/s), int(in.Height/s))
			lab = image.Rect(int(float64(r.Min.X)*s), int(float64(r.Min.Y)*s), int(float64(r.Max.X)*s), int(float64(r.Max.Y)*s))
		}
		for _, frames := range []int{0, 5000} {
			v.M.Lab.Advance(frames - v.M.Lab.Frame())
			for _, logs := range [][2]bool{{false, false}, {true, true}} {
				v.LogX, v.M.LogY, v.dirty = logs[0], logs[1], true
				if err := v.Update(&in); err != nil {
					t.Fatal(err)
				}
				tx := &v.plot.text
				for i, it := range tx.items {
					r := image.Rect(int(math.Floor(it.X)), int(math.Floor(it.Y)), int(math.Ceil(it.X+v.cw*float64(len(tx.text(i))))), int(math.Ceil(it.Y+v.lh)))
					if !r.In(image.Rect(0, 0, int(in.Width), int(in.Height))) {
						t.Errorf("%vx%v scale %v frame %d logs %v: %q at %v outside the window", in.Width, in.Height, s, frames, logs, tx.text(i), r)
					}
					if r.Overlaps(lab) {
						t.Errorf("%vx%v scale %v frame %d logs %v: %q at %v under the Lab window %v", in.Width, in.Height, s, frames, logs, tx.text(i), r, lab)
					}
				}
			}
		}
	}
}

// TestDriftLegendCoincide: after some frames of the default run the legend
// notes that quantized and separate lie exactly under set-together (their
// errors are equal at every frame, which drift.TestSameAs checks by
// rerunning the storages), and names matrix and unbiased plainly; at frame
// 0 it notes nothing. The labels stay inside the window.
func TestDriftLegendCoincide(t *testing.T) {
	v := NewDriftView(newTestDriftModel(t))
	in := driftInput()
	v.M.Paused = true
	legend := func() map[string]bool {
		v.dirty = true
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for i := range v.plot.text.items {
			got[v.plot.text.text(i)] = true
		}
		return got
	}
	if got := legend(); !got["quantized"] || got["quantized (= set-together)"] {
		t.Errorf("frame 0 legend %v", got)
	}
	v.M.Lab.Advance(3000)
	got := legend()
	for _, want := range []string{"matrix", "set-together", "quantized (= set-together)", "separate (= set-together)", "unbiased", "article"} {
		if !got[want] {
			t.Errorf("legend lacks %q: %v", want, got)
		}
	}
}

// TestDriftNormalizeSetting: normalize=float32 in the URL (the same Param
// as the -normalize flag) opens the drift lab with mgl32's float32 axis
// normalization, the lab's text says so, Share keeps it, and switching
// back restarts with the float64 axis; a bad value is an error naming the
// parameter.
func TestDriftNormalizeSetting(t *testing.T) {
	st, errs := state.FromQuery(url.Values{"lab": {"drift"}, "normalize": {"float32"}})
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	a, err := NewApp(st, Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	dv := a.View().(*DriftView)
	if dv.M.Norm != int(drift.NormFloat32) || dv.M.Lab.Config().Normalize != drift.NormFloat32 {
		t.Fatalf("normalize=float32 opened norm %d, lab %v", dv.M.Norm, dv.M.Lab.Config().Normalize)
	}
	if q := a.State().Query(); !strings.Contains(q, "normalize=float32") {
		t.Errorf("share query %q lacks normalize=float32", q)
	}
	dv.M.Lab.Advance(10)
	dv.M.SetNorm(int(drift.NormFloat64))
	if dv.M.Lab.Frame() != 0 || dv.M.Lab.Config().Normalize != drift.NormFloat64 {
		t.Error("SetNorm did not restart with the float64 axis")
	}
	if q := a.State().Query(); strings.Contains(q, "normalize") {
		t.Errorf("share query %q keeps the default normalize", q)
	}
	in := driftInput()
	dv.M.Paused, dv.dirty = true, true
	dv.M.SetNorm(int(drift.NormFloat32))
	if err := dv.Update(&in); err != nil {
		t.Fatal(err)
	}
	found := false
	for i := range dv.text.items {
		found = found || strings.Contains(dv.text.text(i), "mgl32 in float32")
	}
	if !found {
		t.Error("the lab's text does not say the axis is normalized by mgl32")
	}
	if _, errs := state.FromQuery(url.Values{"normalize": {"float16"}}); len(errs) != 1 || !strings.Contains(errs[0].Error(), "normalize") {
		t.Errorf("normalize=float16: errors %v", errs)
	}
}
