package tour

import (
	"fmt"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
)

// Caption text sizes and spacing, in pixels at scale 1 (the UI scale in
// the window; 1 in an exported figure). At UI 2x the caption's text is
// 34 px (its em), the title's 40 px: readable from the back of a hall on
// 1920x1080.
const (
	TitleSize   = 20.0
	CaptionSize = 17.0
	Pad         = 10.0 // space around the caption band's text
	// MaxBand is the largest share of the height the caption band may
	// take; a caption that would need more is drawn smaller.
	MaxBand = 0.42
)

// Overlay is a step's caption laid out at the bottom of a picture: the
// picture keeps the top PictureH pixels, the band below holds the title,
// the step counter ("step 4 of 12") and the caption wrapped to the width.
// Labels and Rule are in pixels, y down, drawn at scale 1 with each
// label's own Size (render.Label), as render.WritePNG and the window's
// kit.Labels (Scale 1) draw them.
type Overlay struct {
	PictureH float64        // the picture's height, from the top
	Scale    float64        // the text scale used (the one asked for, or smaller to fit)
	Labels   []render.Label // title, counter, caption lines
	Rule     render.Segment // the line between the picture and the band
	Counter  string         // "step N of M"
	Lines    []string       // the caption's lines as wrapped
}

// Counter returns "step n of of".
func Counter(n, of int) string { return fmt.Sprintf("step %d of %d", n, of) }

// Layout lays out step s (number n of of) at the bottom of the band
// x..x+w of a picture h pixels high, its text at scale (at least 0.5; a
// non-finite or smaller scale counts as 1). When the band would take more
// than MaxBand of h, the scale shrinks (to 0.5 at least) so the picture
// keeps most of the height. A band narrower than 10 characters or a
// height under 1 gives an Overlay with PictureH h and no labels.
func Layout(s Step, n, of int, x, w, h, scale float64) Overlay {
	if !(scale >= 0.5) || scale > 100 {
		scale = 1
	}
	o := Overlay{PictureH: h, Scale: scale, Counter: Counter(n, of)}
	if !(w > 0) || !(h >= 1) {
		return o
	}
	for {
		o.layout(s, x, w, h)
		if o.PictureH >= (1-MaxBand)*h || o.Scale <= 0.5 {
			break
		}
		o.Scale = max(0.5, o.Scale*0.85)
	}
	return o
}

// layout fills o at o.Scale: the title (wrapped when it is wider than
// the band) with the counter at the right of its first line, or when
// there is no room there at the right of the caption's last line, or
// else on a line of its own at the bottom; then the caption's lines.
// Everything lies in the band, below the rule.
func (o *Overlay) layout(s Step, x, w, h float64) {
	o.Labels, o.Lines = o.Labels[:0], o.Lines[:0]
	ts, cs, pad := TitleSize*o.Scale, CaptionSize*o.Scale, Pad*o.Scale
	tm, cm := render.TextMetricsAt(ts), render.TextMetricsAt(cs)
	chars := int((w - 2*pad) / cm.Advance)
	if chars < 10 {
		o.PictureH = h
		return
	}
	titles := Wrap(s.Title, max(1, int((w-2*pad)/tm.Advance)))
	o.Lines = Wrap(s.Caption, chars)
	titleH := tm.Ascent + tm.Descent
	lineH := cm.Ascent + cm.Descent + 0.15*cs
	cw := render.TextWidth(o.Counter, cs)
	right := x + w - pad
	fits := func(text string, size float64) bool { return x+pad+render.TextWidth(text, size)+2*cs+cw <= right }
	where := 0 // the counter: 0 beside the title, 1 beside the last line, 2 on its own line
	switch {
	case fits(titles[0], ts):
	case len(o.Lines) > 0 && fits(o.Lines[len(o.Lines)-1], cs):
		where = 1
	default:
		where = 2
	}
	lines := float64(len(o.Lines))
	if where == 2 {
		lines++
	}
	band := pad + float64(len(titles))*titleH + 0.3*cs + lines*lineH + pad
	top := h - band
	o.PictureH = top
	o.Rule = render.Segment{A: mgl64.Vec2{x + pad, top}, B: mgl64.Vec2{x + w - pad, top}, Color: render.TourRule, Width: float32(max(1, o.Scale))}
	base := top + pad + tm.Ascent
	for i, t := range titles {
		o.add(x+pad, base, t, ts, render.TourTitle)
		if i == 0 && where == 0 {
			o.add(right-cw, base, o.Counter, cs, render.TourCounter)
		}
		if i < len(titles)-1 {
			base += titleH
		}
	}
	base += tm.Descent + 0.3*cs + cm.Ascent
	for _, l := range o.Lines {
		o.add(x+pad, base, l, cs, render.TourCaption)
		base += lineH
	}
	switch where {
	case 1:
		o.add(right-cw, base-lineH, o.Counter, cs, render.TourCounter)
	case 2:
		o.add(right-cw, base, o.Counter, cs, render.TourCounter)
	}
}

// add appends a label whose baseline starts at (x, baseline).
func (o *Overlay) add(x, baseline float64, text string, size float64, c render.Color) {
	at := mgl64.Vec2{x - render.LabelOffset[0], baseline - render.LabelOffset[1]}
	o.Labels = append(o.Labels, render.Label{At: at, Anchor: at, Text: text, Color: c, Size: size})
}

// Wrap breaks text into lines of at most chars characters at spaces; a
// word longer than chars is cut. chars below 1 counts as 1.
func Wrap(text string, chars int) []string {
	chars = max(1, chars)
	var lines []string
	var line []rune
	for _, word := range strings.Fields(text) {
		rw := []rune(word)
		for len(rw) > chars {
			if len(line) > 0 {
				lines = append(lines, string(line))
				line = line[:0]
			}
			lines = append(lines, string(rw[:chars]))
			rw = rw[chars:]
		}
		switch {
		case len(line) == 0:
			line = append(line, rw...)
		case len(line)+1+len(rw) <= chars:
			line = append(append(line, ' '), rw...)
		default:
			lines = append(lines, string(line))
			line = append(line[:0], rw...)
		}
	}
	if len(line) > 0 {
		lines = append(lines, string(line))
	}
	return lines
}
