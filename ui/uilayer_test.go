package ui

import (
	"math"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/piston"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
)

// spinningApp is the web page's spinning piston (?spin=1&aa=on) with
// every window, laid out at 1280x720 and run for some frames, each tick
// followed by its drawn frame as a fast browser draws them.
func spinningApp(t *testing.T, query string) (*App, *ebiten.Image, func()) {
	t.Helper()
	st, errs := state.FromSearch(query)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	a, err := NewApp(st, Config{}, testLabs)
	if err != nil {
		t.Fatal(err)
	}
	a.LayoutF(1280, 720)
	img := ebiten.NewImage(1280, 720)
	frame := func() {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		a.Draw(img)
	}
	for i := 0; i < 10; i++ {
		frame()
	}
	return a, img, frame
}

// TestCachedUIMatchesDirect: while B spins, or a skinned arm's timeline
// plays (one view, or the wall), with no input, the App lays the UI out
// no more (the piston's windows are still but for the Readouts' live
// rows and the Timeline's live slider and readout), and yet its frame is
// the frame debugui draws directly after a fresh layout of the same tick:
// the Readouts and the Timeline show this tick's numbers. Pixels may differ by 1 per channel (the UI layer keeps
// the windows' translucent background in 8 bits before it is composited);
// a stale readout, a hole in the wrong place or a missing window differs
// by far more.
func TestCachedUIMatchesDirect(t *testing.T) {
	uitest.NeedLoop(t)
	for _, q := range []string{"?spin=1&aa=on", "?preset=stretchy-arm&wall=0&anim=0&play=1&aa=on", "?preset=stretchy-arm&anim=0&play=1&aa=off"} {
		t.Run(q, func(t *testing.T) { cachedMatchesDirect(t, q) })
	}
}

func cachedMatchesDirect(t *testing.T, q string) {
	a, img, frame := spinningApp(t, q)
	defer img.Deallocate()
	laid := a.uiLayer.laidAt
	for i := 0; i < 20; i++ {
		frame()
	}
	if a.uiLayer.laidAt != laid {
		t.Fatalf("the UI was laid out again while the view only animated (at frame %d, then %d)", laid, a.uiLayer.laidAt)
	}
	got := make([]byte, 4*1280*720)
	img.ReadPixels(got)

	// The same tick drawn the old way: a fresh layout, debugui drawing
	// straight onto the frame (its live rows paint their text in place),
	// onto the same image (ebiten places another image elsewhere in its
	// atlas, where thin lines may round to other pixels).
	ref := img
	ref.Clear()
	ref.Fill(a.cfg.Background)
	a.view().Draw(ref)
	if _, err := a.ui.Update(a.uiFunc); err != nil {
		t.Fatal(err)
	}
	a.ui.Draw(ref)
	want := make([]byte, 4*1280*720)
	ref.ReadPixels(want)

	off, far := 0, 0
	var hist [256]int
	for i := range got {
		d := int(got[i]) - int(want[i])
		hist[max(d, -d)]++
		if (d > 1 || d < -1) && far < 5 {
			t.Logf("pixel (%d, %d) channel %d: %d vs %d", i/4%1280, i/4/1280, i%4, got[i], want[i])
		}
		if d != 0 {
			off++
		}
		if d > 1 || d < -1 {
			far++
		}
	}
	if p := os.Getenv("SKEWLAB_UILAYER_PNG"); p != "" {
		_ = savePNG(ref, p+"-direct.png")
	}
	for d, n := range hist {
		if n > 0 && d > 0 {
			t.Logf("off by %d: %d channels", d, n)
		}
	}
	if far > 0 {
		t.Errorf("the cached UI's frame differs from a fresh one by more than 1 in %d channels (%d differ at all)", far, off)
	}
	// The comparison sees the readouts: they change every tick.
	if !strings.HasPrefix(string(readoutText(t, a)), "[") {
		t.Errorf("the Readouts' first line is %q, want a matrix row", readoutText(t, a))
	}
}

// readoutText returns the piston view's first live readout row's text.
func readoutText(t *testing.T, a *App) []byte {
	t.Helper()
	v, ok := a.view().(interface{ LiveReadout(int) []byte })
	if !ok {
		t.Fatal("the piston view has no LiveReadout")
	}
	return v.LiveReadout(0)
}

// TestFrameAllocatesNothing (issue 32): a spinning piston at 1280x720
// with every window (the web page's ?spin=1), with the minimal UI and
// none, and a skinned arm playing (one view, and the wall of every
// rule), draw their frames without
// allocating in skewlab's code, debugui or ebiten's text: every
// allocation a frame makes is Ebitengine's own, in its graphics command
// queue (each draw call's uniforms, which the baseline program's frames
// make too). Before the UI layer, live rows and Glyphs, a frame made
// 2,148 allocations, 2,100 of them in debugui and text layout.
func TestFrameAllocatesNothing(t *testing.T) {
	uitest.NeedLoop(t)
	for _, q := range []string{"?spin=1&aa=on", "?spin=1&aa=on&ui=min", "?spin=1&aa=off&ui=off",
		"?preset=stretchy-arm&wall=0&anim=0&play=1&aa=on", "?preset=stretchy-arm&anim=0&play=1&aa=off"} {
		_, img, frame := spinningApp(t, q)
		ours, all := allocSites(t, 30, frame)
		if len(ours) > 0 {
			t.Errorf("%s: frames allocate outside ebiten's internals:\n%s", q, strings.Join(ours, "\n"))
		}
		t.Logf("%s: %.1f allocations per frame, all in ebiten's internals", q, float64(all)/30)
		img.Deallocate()
	}
}

// allocSites runs f n times with every allocation sampled and returns
// the sites of those not made inside Ebitengine's internal packages (the
// innermost frame outside the Go runtime), with their counts, and the
// count of all.
func allocSites(t *testing.T, n int, f func()) (ours []string, all int64) {
	t.Helper()
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	f() // the first frame with sampling on may grow a buffer the rate change touched
	before := memRecords()
	for i := 0; i < n; i++ {
		f()
	}
	after := memRecords()
	for stk, c := range after {
		d := c - before[stk]
		if d <= 0 {
			continue
		}
		all += d
		site, chain := allocSite(stk)
		if testArtifact(chain) {
			all -= d
			continue
		}
		if !ebitenOwn(site) {
			ours = append(ours, site+" ("+itoa(d)+"): "+chain)
		}
	}
	return ours, all
}

// ebitenOwn reports whether site is Ebitengine's own graphics code (its
// command queue, a vertex buffer it grows), not its text package, which
// kit.Glyphs replaces.
func ebitenOwn(site string) bool {
	return strings.HasPrefix(site, "github.com/hajimehoshi/ebiten/v2") && !strings.HasPrefix(site, "github.com/hajimehoshi/ebiten/v2/text")
}

// memRecords returns the allocation counts of the heap profile by stack,
// after two collections publish it.
func memRecords() map[[32]uintptr]int64 {
	runtime.GC()
	runtime.GC()
	var recs []runtime.MemProfileRecord
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs = make([]runtime.MemProfileRecord, n+50)
		var ok bool
		if n, ok = runtime.MemProfile(recs, true); ok {
			break
		}
	}
	out := make(map[[32]uintptr]int64, n)
	for _, r := range recs[:n] {
		out[r.Stack0] += r.AllocObjects
	}
	return out
}

// allocSite names the innermost function of stk outside the runtime,
// and returns the whole chain of callers (innermost first).
func allocSite(stk [32]uintptr) (site, chain string) {
	var pcs []uintptr
	for _, pc := range stk {
		if pc == 0 {
			break
		}
		pcs = append(pcs, pc)
	}
	fr := runtime.CallersFrames(pcs)
	var names []string
	for {
		f, more := fr.Next()
		if site == "" && !strings.HasPrefix(f.Function, "runtime.") && !strings.HasPrefix(f.Function, "internal/") && f.Function != "" {
			site = f.Function
		}
		names = append(names, f.Function)
		if !more {
			break
		}
	}
	if site == "" {
		site = "runtime"
	}
	return site, strings.Join(names, " < ")
}

// testArtifact reports allocations not made by the frames, or that the
// measurement itself causes, or that cannot recur: other goroutines'
// (the runtime's), its own bookkeeping (memRecords), the refill of a
// sync.Pool that its forced garbage collections emptied (a pool keeps its
// objects across frames otherwise), and the runtime's per-site caches of
// type assertions and interface switches. The runtime fills those at
// random, on about one miss in a thousand (runtime.typeAssert), so a
// site's one fill may land in any frame; a cache that holds the site's
// types is never built again. (A frame of ?spin=1&ui=off failed here once
// on buildTypeAssertCache under App.Draw, and passed the runs before.)
func testArtifact(chain string) bool {
	if !strings.Contains(chain, "skewlab/ui.allocSites") {
		return true // another goroutine's (the runtime's collector and scavenger)
	}
	for _, s := range []string{"skewlab/ui.memRecords", "sync.(*Pool).pinSlow", "sync.(*Pool).Get",
		"runtime.buildTypeAssertCache", "runtime.buildInterfaceSwitchCache"} {
		if strings.Contains(chain, s) {
			return true
		}
	}
	return false
}

func itoa(n int64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// TestAnimationEndLaysOut: a timeline that stops without input (here
// paused from outside, as one that plays out stops) is a change: the App
// lays the UI out again (the Play button's label, the live slider made a
// slider again) and then settles, instead of keeping the playing
// windows' picture for good.
func TestAnimationEndLaysOut(t *testing.T) {
	uitest.NeedLoop(t)
	a, img, frame := spinningApp(t, "?preset=stretchy-arm&wall=0&anim=0&play=1&aa=on")
	defer img.Deallocate()
	v, ok := a.view().(interface{ TimelineLive() bool })
	if !ok {
		t.Fatal("the piston view has no TimelineLive")
	}
	if !v.TimelineLive() {
		t.Fatal("the playing timeline's slider is not live")
	}
	laid := a.uiLayer.laidAt
	m := a.view().(interface{ Model() *piston.Model }).Model()
	m.TogglePlaying() // pause, as an animation that ends
	for i := 0; i < 2*settleFrames; i++ {
		frame()
	}
	if a.uiLayer.laidAt == laid {
		t.Error("the UI was not laid out after the timeline stopped")
	}
	if v.TimelineLive() {
		t.Error("the stopped timeline's slider is still live")
	}
	if !a.Settled() {
		t.Errorf("the App did not settle within %d frames of the stop", 2*settleFrames)
	}
}

// TestPictureOncePerDrawnFrame: under the App, ticks without a drawn
// frame between them turn B's spin a step each (its speed does not
// depend on the frame rate) but leave the picture to the next frame,
// which draws the last tick's model: the Readouts then show the spin
// angle of that tick.
func TestPictureOncePerDrawnFrame(t *testing.T) {
	uitest.NeedLoop(t)
	a, img, frame := spinningApp(t, "?spin=1&aa=on")
	defer img.Deallocate()
	m := a.view().(interface{ Model() *piston.Model }).Model()
	before := string(readoutText(t, a))
	deg := m.SpinDeg
	for i := 0; i < 5; i++ { // five ticks, no frame: a slow browser
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if want := math.Mod(deg+5*piston.SpinStep, 360); math.Abs(m.SpinDeg-want) > 1e-9 {
		t.Errorf("after 5 ticks the spin is at %g degrees, want %g", m.SpinDeg, want)
	}
	if got := string(readoutText(t, a)); got != before {
		t.Errorf("the ticks recomputed the picture without a frame: readout %q, was %q", got, before)
	}
	a.Draw(img)
	want := m.ReadoutLines(nil)[0].Text
	if got := string(readoutText(t, a)); got != want || got == before {
		t.Errorf("the frame after 5 ticks shows readout %q, want the last tick's %q (before the ticks %q)", got, want, before)
	}
	frame()
}
