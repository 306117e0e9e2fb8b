package dynamicslab

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/dynamics"
	"skewlab/render"
	"skewlab/ui/kit"
)

// turntableNumbers writes the turntable's live numbers.
func (v *view) turntableNumbers(st *dynamics.TurntableState) {
	h := &v.nums
	b := h.line(render.White)
	b = append(b, "t "...)
	b = render.AppendFixed(b, st.Time, 7, 3)
	b = append(b, " s   disc angle "...)
	b = render.AppendFixed(b, dynWrapDeg(mgl64.RadToDeg(st.DiscAngle)), 7, 1)
	h.set(append(b, " deg"...))
	b = h.line(render.White)
	b = append(b, "spin "...)
	b = render.AppendFixed(b, mgl64.RadToDeg(st.DiscSpin), 7, 1)
	b = append(b, " deg/s  alpha "...)
	b = render.AppendFixed(b, mgl64.RadToDeg(st.DiscAlpha), 6, 1)
	h.set(append(b, " deg/s2"...))
	h.text(render.LabelGrey, "")
	h.text(render.DiscPathColor, "local: ball on the disc (disc axes)")
	h.vec(render.LabelGrey, " pos ", st.LocalPos, " m")
	h.vec(render.LabelGrey, " vel ", st.LocalVel, " m/s")
	h.vec(render.LabelGrey, " acc ", st.LocalAcc, " m/s2")
	h.text(render.WorldPathColor, "global: ball in the world")
	h.vec(render.LabelGrey, " pos ", st.WorldPos, " m")
	h.vec(render.LabelGrey, " vel ", st.WorldVel, " m/s")
	h.vec(render.LabelGrey, " acc ", st.WorldAcc, " m/s2")
	h.text(render.White, "forces at the ball (world axes, N)")
	for k, F := range st.Forces.Array() {
		if k == dynamics.ForceTranslational {
			continue // zero: the disc's centre does not move
		}
		h.vec(render.ForceColors[k], dynForceTags[k], F, "")
	}
}

var dynForceTags = [dynamics.NumForces]string{" applied     ", " translation ", " centrifugal ", " Coriolis    ", " Euler       "}

// dynWrapDeg wraps degrees to (-180, 180].
func dynWrapDeg(d float64) float64 {
	d = math.Mod(d, 360)
	if d > 180 {
		d -= 360
	} else if d <= -180 {
		d += 360
	}
	return d
}

// crashNumbers writes the crash's live numbers.
func (v *view) crashNumbers(st *dynamics.CrashState) {
	h := &v.nums
	b := h.line(render.White)
	b = append(b, "t "...)
	b = render.AppendFixed(b, st.Time, 7, 3)
	b = append(b, " s   "...)
	if st.Crashed {
		b = append(b, "after the crash"...)
	} else {
		b = append(b, "before the crash (t = "...)
		b = render.AppendFixed(b, v.Crash.CrashTime, 0, 1)
		b = append(b, " s)"...)
	}
	h.set(b)
	if v.Crash.Counteract {
		h.text(render.White, "counteract inherited change: ON")
	} else {
		h.text(render.White, "counteract inherited change: OFF")
	}
	b = h.line(render.WorldPathColor)
	b = append(b, "car yaw rate "...)
	b = render.AppendFixed(b, mgl64.RadToDeg(st.Car.OmegaVec()[2]), 6, 1)
	h.set(append(b, " deg/s"...))
	// Why the stopped car still turns: the impulse stops its translation
	// only; its yaw rate then falls linearly to zero over SpinDown.
	if end := v.Crash.CrashTime + v.Crash.SpinDown; st.Crashed && st.Time < end {
		b = h.line(render.WorldPathColor)
		b = append(b, " spin-down: yaw rate falls to 0 by t = "...)
		b = render.AppendFixed(b, end, 0, 1)
		h.set(append(b, " s"...))
	} else if st.Crashed {
		h.text(render.WorldPathColor, " spin-down over: the car is still")
	}
	h.vec(render.WorldPathColor, " car vel  ", st.Car.V, " m/s")
	h.vec(render.DiscPathColor, " box vel  ", st.BoxWorld.V, " m/s")
	h.vec(render.DiscPathColor, " box acc  ", st.BoxWorld.A, " m/s2")
	h.text(render.DiscPathColor, "local: box in the car (car axes)")
	h.vec(render.LabelGrey, " pos      ", st.BoxLocal.Position, " m")
	h.vec(render.LabelGrey, " vel      ", st.BoxLocal.V, " m/s")
	h.vec(render.LabelGrey, " acc      ", st.BoxLocal.A, " m/s2")
	h.text(render.MarkerColor, "the crash")
	h.vecPrec(render.MarkerColor, " impulse  ", st.Impulse, " N s", 0)
	h.vec(render.LabelGrey, " box dv   ", st.Correction.V, " m/s")
	h.vec(render.LabelGrey, " box da   ", st.Correction.A, " m/s2")
}

// numPanel is the panel of live numbers at the top right of the picture. Its
// lines are byte buffers refilled in place (strconv appends, no fmt) and
// drawn one character at a time from a table of one-character strings, so
// changing numbers cost no allocation per frame.
type numPanel struct {
	lines  [][]byte
	colors []render.Color
	n      int
	width  int // longest line, characters
	scale  float64
}

// numPanelLines is the most lines the panel holds.
const numPanelLines = 24

// Sizes of the numbers panel, in UI units.
const (
	hudLineH  = 14 // line height
	hudMargin = 8  // from the screen's edge and inside the panel
)

// hudCharW is the advance of every character of the text font at UI scale
// 1 (render.TextSize), in UI units: the panel's column pitch.
var hudCharW = render.TextMetricsAt(render.TextSize).Advance

// asciiGlyphs holds one string per printable ASCII character.
var asciiGlyphs = func() (g [128]string) {
	for i := 32; i < 127; i++ {
		g[i] = string(rune(i))
	}
	return g
}()

func (h *numPanel) init() {
	h.lines = make([][]byte, numPanelLines)
	h.colors = make([]render.Color, numPanelLines)
	for i := range h.lines {
		h.lines[i] = make([]byte, 0, 64)
	}
}

func (h *numPanel) reset() { h.n, h.width = 0, 0 }

// keep keeps the first n lines (all when there are fewer) and the width
// they need.
func (h *numPanel) keep(n int) {
	h.n = min(h.n, max(0, n))
	h.width = 0
	for _, l := range h.lines[:h.n] {
		h.width = max(h.width, len(l))
	}
}

// line returns the next line's buffer, emptied, and sets its colour; fill
// it and hand it back with set. Beyond numPanelLines the last line is reused.
func (h *numPanel) line(c render.Color) []byte {
	if h.n >= len(h.lines) {
		h.n = len(h.lines) - 1
	}
	h.colors[h.n] = c
	return h.lines[h.n][:0]
}

// set stores the line returned by line, filled.
func (h *numPanel) set(b []byte) {
	h.lines[h.n] = b
	h.width = max(h.width, len(b))
	h.n++
}

// text adds a fixed line.
func (h *numPanel) text(c render.Color, s string) { h.set(append(h.line(c), s...)) }

// vec adds "tag( x, y, z)unit" with three decimals.
func (h *numPanel) vec(c render.Color, tag string, p mgl64.Vec3, unit string) {
	h.vecPrec(c, tag, p, unit, 3)
}

// vecPrec is vec with prec decimals.
func (h *numPanel) vecPrec(c render.Color, tag string, p mgl64.Vec3, unit string, prec int) {
	b := append(h.line(c), tag...)
	b = append(b, '(')
	for k := 0; k < 3; k++ {
		if k > 0 {
			b = append(b, ',')
		}
		b = render.AppendFixed(b, p[k], 8, prec)
	}
	b = append(b, ')')
	h.set(append(b, unit...))
}

// rect returns the panel's box at the top right of a screen of width w:
// its top-left corner and its size, device pixels.
func (h *numPanel) rect(w float64) (x0, y0, pw, ph float64) {
	s := math.Max(1, h.scale)
	pw = (float64(h.width)*hudCharW + 2*hudMargin) * s
	ph = float64(h.n*hudLineH+2*hudMargin) * s
	return w - pw - hudMargin*s, hudMargin * s, pw, ph
}

// draw fills a dark panel at the top right of a screen of width w and
// writes the lines into it.
func (h *numPanel) draw(dst *ebiten.Image, l *kit.Labels, w float64) {
	if h.n == 0 {
		return
	}
	s := math.Max(1, h.scale)
	x0, y0, pw, ph := h.rect(w)
	vector.FillRect(dst, float32(x0), float32(y0), float32(pw), float32(ph), render.DynPanelColor, false)
	kit.RecordFill(x0, y0, pw, ph)
	for i := 0; i < h.n; i++ {
		y := y0 + float64(hudMargin+i*hudLineH)*s
		for j, ch := range h.lines[i] {
			if ch <= ' ' || ch >= 127 {
				continue
			}
			l.Text(dst, asciiGlyphs[ch], x0+(hudMargin+float64(j)*hudCharW)*s, y, h.colors[i])
		}
	}
}
