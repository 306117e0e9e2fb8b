package ui

import (
	"image/color"
	"math"
	"skewlab/ui/kit"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/dynamics"
	"skewlab/render"
	"skewlab/transform"
)

// turntableNumbers writes the turntable's live numbers.
func (v *DynamicsView) turntableNumbers(st *dynamics.TurntableState) {
	h := &v.nums
	b := h.line(render.White)
	b = append(b, "t "...)
	b = dynAppendNum(b, st.Time, 7, 3)
	b = append(b, " s   disc angle "...)
	b = dynAppendNum(b, dynWrapDeg(mgl64.RadToDeg(st.DiscAngle)), 7, 1)
	h.set(append(b, " deg"...))
	b = h.line(render.White)
	b = append(b, "spin "...)
	b = dynAppendNum(b, mgl64.RadToDeg(st.DiscSpin), 7, 1)
	b = append(b, " deg/s  alpha "...)
	b = dynAppendNum(b, mgl64.RadToDeg(st.DiscAlpha), 6, 1)
	h.set(append(b, " deg/s2"...))
	h.text(render.LabelGrey, "")
	h.text(dynamics.DiscPathColor, "local: ball on the disc (disc axes)")
	h.vec(render.LabelGrey, " pos ", st.LocalPos, " m")
	h.vec(render.LabelGrey, " vel ", st.LocalVel, " m/s")
	h.vec(render.LabelGrey, " acc ", st.LocalAcc, " m/s2")
	h.text(dynamics.WorldPathColor, "global: ball in the world")
	h.vec(render.LabelGrey, " pos ", st.WorldPos, " m")
	h.vec(render.LabelGrey, " vel ", st.WorldVel, " m/s")
	h.vec(render.LabelGrey, " acc ", st.WorldAcc, " m/s2")
	h.text(render.White, "forces at the ball (world axes, N)")
	for k := range v.Arrows {
		if k == dynamics.ForceTranslational {
			continue // zero: the disc's centre does not move
		}
		h.vec(dynamics.ForceColors[k], dynForceTags[k], v.Arrows[k].Force, "")
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

// crashPicture draws the crash and writes its numbers.

// crashNumbers writes the crash's live numbers.
func (v *DynamicsView) crashNumbers(st *dynamics.CrashState) {
	h := &v.nums
	b := h.line(render.White)
	b = append(b, "t "...)
	b = dynAppendNum(b, st.Time, 7, 3)
	b = append(b, " s   "...)
	if st.Crashed {
		b = append(b, "after the crash"...)
	} else {
		b = append(b, "before the crash (t = "...)
		b = dynAppendNum(b, v.Crash.CrashTime, 0, 1)
		b = append(b, " s)"...)
	}
	h.set(b)
	if v.Crash.Counteract {
		h.text(render.White, "counteract inherited change: ON")
	} else {
		h.text(render.White, "counteract inherited change: OFF")
	}
	b = h.line(dynamics.WorldPathColor)
	b = append(b, "car yaw rate "...)
	b = dynAppendNum(b, mgl64.RadToDeg(st.Car.OmegaVec()[2]), 6, 1)
	h.set(append(b, " deg/s"...))
	// Why the stopped car still turns: the impulse stops its translation
	// only; its yaw rate then falls linearly to zero over SpinDown.
	if end := v.Crash.CrashTime + v.Crash.SpinDown; st.Crashed && st.Time < end {
		b = h.line(dynamics.WorldPathColor)
		b = append(b, " spin-down: yaw rate falls to 0 by t = "...)
		b = dynAppendNum(b, end, 0, 1)
		h.set(append(b, " s"...))
	} else if st.Crashed {
		h.text(dynamics.WorldPathColor, " spin-down over: the car is still")
	}
	h.vec(dynamics.WorldPathColor, " car vel  ", st.Car.V, " m/s")
	h.vec(dynamics.DiscPathColor, " box vel  ", st.BoxWorld.V, " m/s")
	h.vec(dynamics.DiscPathColor, " box acc  ", st.BoxWorld.A, " m/s2")
	h.text(dynamics.DiscPathColor, "local: box in the car (car axes)")
	h.vec(render.LabelGrey, " pos      ", st.BoxLocal.Position, " m")
	h.vec(render.LabelGrey, " vel      ", st.BoxLocal.V, " m/s")
	h.vec(render.LabelGrey, " acc      ", st.BoxLocal.A, " m/s2")
	h.text(dynamics.MarkerColor, "the crash")
	h.vecPrec(dynamics.MarkerColor, " impulse  ", st.Impulse, " N s", 0)
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
	hudCharW  = 6  // advance of the bitmap font's ASCII asciiGlyphs
	hudLineH  = 14 // line height
	hudMargin = 8  // from the screen's edge and inside the panel
)

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
		b = dynAppendNum(b, p[k], 8, prec)
	}
	b = append(b, ')')
	h.set(append(b, unit...))
}

// num appends x with prec decimals, right-aligned in width characters; a
// value that is not finite prints as "-", so nothing shows NaN.
func dynAppendNum(b []byte, x float64, width, prec int) []byte {
	start := len(b)
	if !transform.Finite(x) {
		b = append(b, '-')
	} else {
		if math.Abs(x) < 0.5*math.Pow(10, -float64(prec)) {
			x = 0 // no "-0.000"
		}
		b = strconv.AppendFloat(b, x, 'f', prec, 64)
	}
	if pad := width - (len(b) - start); pad > 0 {
		for i := 0; i < pad; i++ {
			b = append(b, ' ')
		}
		copy(b[start+pad:], b[start:len(b)-pad])
		for i := 0; i < pad; i++ {
			b[start+i] = ' '
		}
	}
	return b
}

// draw fills a dark panel at the top right of a screen of width w and
// writes the lines into it.
func (h *numPanel) draw(dst *ebiten.Image, l *kit.Labels, w float64) {
	if h.n == 0 {
		return
	}
	s := math.Max(1, h.scale)
	pw := float64(h.width*hudCharW+2*hudMargin) * s
	ph := float64(h.n*hudLineH+2*hudMargin) * s
	x0, y0 := w-pw-hudMargin*s, hudMargin*s
	vector.FillRect(dst, float32(x0), float32(y0), float32(pw), float32(ph), dynPanelColor, false)
	for i := 0; i < h.n; i++ {
		y := y0 + float64(hudMargin+i*hudLineH)*s
		for j, ch := range h.lines[i] {
			if ch <= ' ' || ch >= 127 {
				continue
			}
			l.Text(dst, asciiGlyphs[ch], x0+float64(hudMargin+j*hudCharW)*s, y, h.colors[i])
		}
	}
}

var dynPanelColor = color.RGBA{0, 0, 0, 190}
