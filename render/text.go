package render

import (
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"skewlab/assets"
)

// TextSize is the labels' font size in pixels at UI scale 1: the em of
// Go Mono, the one font (assets/fonts) that the window and the exported
// pictures both draw text with. At 10 px every character advances 6 px
// and a line's ascent is about 9.5 px; the window multiplies the size by
// its UI scale. Text placed by the top of its line (the labs' layouts
// place lines on a 14 px pitch so) has its baseline one em, the size in
// pixels, below that top: the glyphs clear the top by about half a pixel.
const TextSize = 10.0

// LabelOffset is where a label's text baseline starts relative to its
// anchor (Label.At), in pixels at text scale 1: 4 right and 4 up. The
// window and the exporters use the same rule (see LabelBaseline), so a
// figure places its text where the screen does.
var LabelOffset = [2]float64{4, -4}

// LabelBaseline returns where the text of a label anchored at at starts
// (its baseline's left end) when text is drawn scale times TextSize:
// at + scale*LabelOffset. A non-finite anchor gives a non-finite result.
func LabelBaseline(at mgl64.Vec2, scale float64) mgl64.Vec2 {
	return mgl64.Vec2{at[0] + scale*LabelOffset[0], at[1] + scale*LabelOffset[1]}
}

// TextMetrics are the text font's metrics at one size, in pixels,
// rounded to 1/64 pixel exactly as the font faces round them (so layout
// with these numbers puts glyphs where drawing puts them).
type TextMetrics struct {
	Advance float64 // width of every character: the font is monospaced
	Ascent  float64 // from the top of a line down to its baseline
	Descent float64 // from the baseline down to the bottom of a line
	Height  float64 // from one baseline to the next
}

// textFont is Go Mono parsed once; textMu guards textBuf, the scratch
// buffer sfnt needs to read metrics without allocating.
var (
	textFont = mustParseFont(assets.GoMono)
	textMu   sync.Mutex
	textBuf  sfnt.Buffer
)

func mustParseFont(b []byte) *opentype.Font {
	f, err := opentype.Parse(b)
	if err != nil { // the file is embedded and tested: cannot happen
		panic("render: embedded font: " + err.Error())
	}
	return f
}

// ppem is the font size in 26.6 fixed point as opentype.NewFace computes
// it (at 72 dpi, one point is one pixel).
func ppem(size float64) fixed.Int26_6 { return fixed.Int26_6(0.5 + size*64) }

// TextMetricsAt returns the metrics of the text font at size pixels (use
// scale*TextSize). A size that is not positive and finite, or under 1/64
// pixel, gives zero metrics. It allocates nothing and is safe for
// concurrent use.
func TextMetricsAt(size float64) TextMetrics {
	if !(size > 0) || math.IsInf(size, 1) || size > 1e6 || ppem(size) <= 0 {
		return TextMetrics{}
	}
	p := ppem(size)
	textMu.Lock()
	defer textMu.Unlock()
	m, err := textFont.Metrics(&textBuf, p, font.HintingNone)
	if err != nil {
		return TextMetrics{}
	}
	var adv fixed.Int26_6
	if gi, err := textFont.GlyphIndex(&textBuf, '0'); err == nil {
		adv, _ = textFont.GlyphAdvance(&textBuf, gi, p, font.HintingNone)
	}
	f := func(x fixed.Int26_6) float64 { return float64(x) / 64 }
	return TextMetrics{Advance: f(adv), Ascent: f(m.Ascent), Descent: f(m.Descent), Height: f(m.Height)}
}

// TextWidth returns the width in pixels of s drawn at size pixels: its
// character count (runes) times the advance.
func TextWidth(s string, size float64) float64 {
	n := 0
	for range s {
		n++
	}
	return float64(n) * TextMetricsAt(size).Advance
}

// NewTextFace returns a new face of the text font at size pixels (72 dpi,
// no hinting): the face the window wraps in ebiten's text.NewGoXFace and
// Rasterize draws labels with, so both rasterize the same glyphs. A face
// is not safe for concurrent use. A size that is not positive and finite
// is taken as TextSize.
func NewTextFace(size float64) font.Face {
	if !(size > 0) || size > 1e6 {
		size = TextSize
	}
	f, err := opentype.NewFace(textFont, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil { // only for a bad size, excluded above
		panic("render: text face: " + err.Error())
	}
	return f
}

// Hall sizes: a picture shown to a hall (presenter mode, and every
// exported figure, at its own size) draws its labels at least
// 1/HallLines of its height and its lines HallLineHeight pixels of
// height per unit of width (FigureScales).
const (
	HallLines      = 40
	HallLineHeight = 600
)

// FigureScales returns the text scale (labels of TextSize times it) and
// the line-width factor of an exported figure h pixels high: at least 1,
// and at least h/(HallLines*TextSize) and h/HallLineHeight, so a label is
// at least 1/40 of the picture's height (18 px at 720, 27 at 1080). A
// height that is not positive gives 1 and 1.
func FigureScales(h int) (text, line float64) {
	if h <= 0 {
		return 1, 1
	}
	return max(1, float64(h)/(HallLines*TextSize)), max(1, float64(h)/HallLineHeight)
}

// ScaleFigure prepares labels placed for text scale text (their At as
// SpreadLabels and the window leave them: baselines at LabelBaseline(At,
// text)) and segments drawn for width 1 for the exporters, which draw a
// label's EmSize with its baseline at LabelBaseline(At, 1): each label's
// Size becomes its EmSize times text and its At moves by (text - 1)
// times LabelOffset, so it is drawn where the window draws it; each
// segment's Width is multiplied by line. Scales below 1 or not finite
// count as 1.
func ScaleFigure(segs []Segment, labels []Label, text, line float64) {
	text, line = LabelScale(text), LabelScale(line)
	for i := range labels {
		l := &labels[i]
		l.Size = l.EmSize() * text
		l.At = mgl64.Vec2{l.At[0] + (text-1)*LabelOffset[0], l.At[1] + (text-1)*LabelOffset[1]}
	}
	if line != 1 {
		for i := range segs {
			segs[i].Width = float32(float64(lineWidth(segs[i].Width)) * line)
		}
	}
}
