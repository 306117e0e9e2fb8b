package costlab

import (
	"image"
	"math"
	"net/url"
	"strings"
	"testing"
	"time"

	"skewlab/cost"
	"skewlab/render"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// smallView returns the view over a model of c, every unit measured
// within a tick (an hour's budget) so the tests do not depend on the
// machine's speed.
func smallView(t testing.TB, c cost.Config) *costView {
	t.Helper()
	m, err := cost.NewModel(c)
	if err != nil {
		t.Fatal(err)
	}
	m.Budget = time.Hour
	return newCostView(m)
}

func costInput() kit.Input {
	return kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1}
}

// The state of lab cost names this lab; its NewView opens the cost view
// on the hierarchy the state names, and a Share link carries it back.
func TestCostLabRegisteredAndShared(t *testing.T) {
	for _, h := range cost.Shapes {
		st, errs := state.FromQuery(url.Values{"lab": {"cost"}, "hierarchy": {h}})
		if len(errs) != 0 || st.Lab != Lab.State.Name {
			t.Fatalf("lab=cost&hierarchy=%s: %q %v", h, st.Lab, errs)
		}
		v, err := Lab.NewView(st)
		if err != nil {
			t.Fatal(err)
		}
		cv, ok := v.(*costView)
		if !ok {
			t.Fatalf("lab cost opens %T, want *costView", v)
		}
		if cv.M.ShapeName() != h {
			t.Errorf("hierarchy=%s opened %s", h, cv.M.ShapeName())
		}
		back := state.Default()
		back.Lab = Lab.State.Name
		v.Share(&back)
		q, err := url.ParseQuery(back.Query())
		if err != nil {
			t.Fatal(err)
		}
		again, errs := state.FromQuery(q)
		if len(errs) != 0 || again.Lab != "cost" || (again.Hierarchy != h && !(again.Hierarchy == "" && h == cost.Shapes[0])) {
			t.Errorf("hierarchy %s: the Share link %q reopens %q %q %v", h, back.Query(), again.Lab, again.Hierarchy, errs)
		}
	}
}

// A measuring lab rebuilds its picture every tick; once the size's nodes
// and buffers have grown, an Update (a slice of measuring and the
// rebuild) allocates nothing, and nor does one when it is done or paused.
func TestCostUpdateAllocatesNothing(t *testing.T) {
	v := smallView(t, cost.Config{Sizes: []int{2000}, Shapes: []string{"4ary"}, Workers: 1})
	v.M.Budget = 0 // one unit of work a tick
	in := costInput()
	// Into the first rule's batches: the nodes, the floors' buffers, the
	// output and the rules' workspace have grown.
	for first := 0; first < 3; {
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
		if _, _, what, _ := v.M.Bench.Current(); what == "accumulate-matrices" {
			first++
		}
	}
	if !v.M.Measuring() {
		t.Fatal("done before the test began")
	}
	if a := testing.AllocsPerRun(50, func() { v.Update(&in) }); a != 0 {
		t.Errorf("measuring: %g allocations per Update, want 0", a)
	}
	v.M.Paused = true
	if a := testing.AllocsPerRun(20, func() { v.Update(&in) }); a != 0 {
		t.Errorf("paused: %g allocations per Update, want 0", a)
	}
	v.M.Paused, v.M.Budget = false, time.Hour
	for v.M.Measuring() {
		v.Update(&in)
	}
	if a := testing.AllocsPerRun(20, func() { v.Update(&in) }); a != 0 {
		t.Errorf("done: %g allocations per Update, want 0", a)
	}
	if v.Animating() {
		t.Error("a finished lab says it animates")
	}
}

// The window draws each rule's colour (its curves and legend entry) and
// the floor's white, once measured; before anything is measured it
// draws the progress bar's track.
func TestCostDrawsEachColour(t *testing.T) {
	uitest.NeedLoop(t)
	v := smallView(t, cost.Config{Sizes: []int{100, 1000}, Shapes: []string{"4ary"}, Workers: 1})
	in := costInput()
	if err := v.Update(&in); err != nil {
		t.Fatal(err)
	}
	for v.M.Measuring() {
		v.Update(&in)
	}
	v.Update(&in)
	pix := uitest.Picture(1280, 720, render.Background, v.Draw)
	for k, c := range render.CostColors {
		if n := count(pix, c); n < 60 {
			t.Errorf("rule %d: %d pixels of its colour, want at least 60", k, n)
		}
	}
	if n := count(pix, render.CostFloor); n < 200 {
		t.Errorf("the floor: %d white pixels, want at least 200", n)
	}
	if n := count(pix, render.DriftBarFill); n < 500 {
		t.Errorf("the full progress bar: %d pixels, want at least 500", n)
	}
}

// count returns the number of pixels of pix within 12 levels of c.
func count(pix *image.RGBA, c render.Color) int {
	n := 0
	for i := 0; i < len(pix.Pix); i += 4 {
		if near(pix.Pix[i], c.R) && near(pix.Pix[i+1], c.G) && near(pix.Pix[i+2], c.B) {
			n++
		}
	}
	return n
}

func near(b uint8, c float32) bool { return math.Abs(float64(b)-float64(c)*255) < 12 }

// The keys' actions: S shows the next hierarchy, T the next curves, R
// measures again from the start; the title says measuring, paused or
// done.
func TestCostActions(t *testing.T) {
	v := smallView(t, cost.Config{Sizes: []int{10}, Shapes: cost.Shapes, Workers: 1})
	if v.Title() != "cost: measuring" || !v.Animating() {
		t.Errorf("title %q, animating %v at the start", v.Title(), v.Animating())
	}
	v.M.Paused = true
	if v.Title() != "cost: paused" || v.Animating() {
		t.Errorf("title %q, animating %v paused", v.Title(), v.Animating())
	}
	v.M.Paused = false
	in := costInput()
	for v.M.Measuring() {
		v.Update(&in)
	}
	if v.Title() != "cost: done" {
		t.Errorf("title %q when done", v.Title())
	}
	v.M.NextShape()
	if v.M.ShapeName() != "chain" {
		t.Errorf("the next shape is %s", v.M.ShapeName())
	}
	v.M.Restart()
	if v.M.Bench.Done() || v.M.Bench.Progress() != 0 || !v.Animating() {
		t.Error("Restart did not start again")
	}
	if len(v.Help()) == 0 || !strings.Contains(strings.Join(v.Help(), "\n"), "S ") {
		t.Error("the help does not list S")
	}
}

// The hierarchy a link names is measured first: with hierarchy=chain the
// plan begins on the chain.
func TestCostMeasuresTheShownHierarchyFirst(t *testing.T) {
	st, errs := state.FromQuery(url.Values{"lab": {"cost"}, "hierarchy": {"chain"}})
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	v, err := Lab.NewView(st)
	if err != nil {
		t.Fatal(err)
	}
	cv := v.(*costView)
	if shape, _, _, _ := cv.M.Bench.Current(); shape != "chain" || cv.M.ShapeName() != "chain" || cv.shapes[cv.M.Shape] != "chain" {
		t.Errorf("measuring %s first, showing %s (%q in the menu)", shape, cv.M.ShapeName(), cv.shapes[cv.M.Shape])
	}
}
