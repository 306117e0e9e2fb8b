package render

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestTextMetricsMatchFace: the pure metrics are the numbers a face of
// the same size reports, for the sizes UI scales 1 to 3 (and a fractional
// device scale) give.
func TestTextMetricsMatchFace(t *testing.T) {
	for _, s := range []float64{1, 1.5, 2, 2.25, 3} {
		size := s * TextSize
		m := TextMetricsAt(size)
		f := NewTextFace(size)
		fm := f.Metrics()
		for _, r := range "0Aa_ |" {
			adv, ok := f.GlyphAdvance(r)
			if !ok || float64(adv)/64 != m.Advance {
				t.Errorf("size %v: advance of %q is %v (ok %v), metrics say %v", size, r, float64(adv)/64, ok, m.Advance)
			}
		}
		if float64(fm.Ascent)/64 != m.Ascent || float64(fm.Descent)/64 != m.Descent || float64(fm.Height)/64 != m.Height {
			t.Errorf("size %v: face metrics %+v, TextMetricsAt %+v", size, fm, m)
		}
		f.Close()
	}
}

// TestTextSizeKeepsLayouts: at UI scale 1 a character is 6 px wide and a
// line fits the 14 px line pitch the lab layouts use; text stays readable
// (caps at least 7 px tall).
func TestTextSizeKeepsLayouts(t *testing.T) {
	m := TextMetricsAt(TextSize)
	if m.Advance != 6 {
		t.Errorf("advance at TextSize %v, want 6", m.Advance)
	}
	if !(m.Ascent+m.Descent <= 14) || !(m.Ascent > 7) {
		t.Errorf("metrics at TextSize %+v: want ascent above 7 and a line within 14 px", m)
	}
	if got := TextWidth("héllo", TextSize); got != 30 {
		t.Errorf("TextWidth(héllo) = %v, want 30 (5 runes of 6 px)", got)
	}
	for _, bad := range []float64{0, -1, math.NaN(), math.Inf(1), 1e-9} {
		if m := TextMetricsAt(bad); m != (TextMetrics{}) {
			t.Errorf("TextMetricsAt(%v) = %+v, want zero", bad, m)
		}
	}
}

// TestTextMetricsNoAlloc: lab layouts may call TextMetricsAt every frame.
func TestTextMetricsNoAlloc(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _ = TextMetricsAt(2 * TextSize) }); n != 0 {
		t.Errorf("TextMetricsAt allocates %v times per call", n)
	}
}

// TestLabelPlacement: a rasterized label's ink lies right of and above
// its anchor, between the baseline minus the ascent and the baseline plus
// the descent, and no wider than its advance: the box the window's
// layout computes from the same metrics.
func TestLabelPlacement(t *testing.T) {
	at := mgl64.Vec2{20, 40}
	img, err := Rasterize(120, 60, Color{0, 0, 0, 1}, nil, []Label{{At: at, Text: "Root", Color: White}})
	if err != nil {
		t.Fatal(err)
	}
	ink := image.Rectangle{}
	for y := 0; y < 60; y++ {
		for x := 0; x < 120; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r > 0x4000 {
				ink = ink.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	m := TextMetricsAt(TextSize)
	base := LabelBaseline(at, 1)
	box := image.Rect(int(math.Floor(base[0])), int(math.Floor(base[1]-m.Ascent)),
		int(math.Ceil(base[0]+4*m.Advance)), int(math.Ceil(base[1]+m.Descent)))
	if ink.Empty() || !ink.In(box) {
		t.Errorf("label ink %v, want inside the text box %v", ink, box)
	}
	if ink.Max.Y > int(base[1])+1 || ink.Min.X < int(at[0]) {
		t.Errorf("label ink %v is not right of and above the anchor %v (baseline %v)", ink, at, base)
	}
}

// TestThemeEightBit: colours that came from 8-bit values convert back to
// exactly those values, so the window's background, help panel and the
// labs' panels fill the same pixels as before the theme.
func TestThemeEightBit(t *testing.T) {
	for _, c := range []struct {
		name string
		got  Color
		want color.RGBA
	}{
		{"Background", Background, color.RGBA{18, 19, 24, 255}},
		{"HelpPanel", HelpPanel, color.RGBA{0, 0, 0, 220}},
		{"DynPanelColor", DynPanelColor, color.RGBA{0, 0, 0, 190}},
		{"DriftBarBack", DriftBarBack, color.RGBA{60, 62, 72, 255}},
		{"DriftBarFill", DriftBarFill, color.RGBA{90, 170, 255, 255}},
	} {
		if got := color.RGBAModel.Convert(c.got).(color.RGBA); got != c.want {
			t.Errorf("%s = %v, want %v", c.name, got, c.want)
		}
		r, g, b, a := c.got.RGBA()
		wr, wg, wb, wa := c.want.RGBA()
		if r != wr || g != wg || b != wb || a != wa {
			t.Errorf("%s: 16-bit %v %v %v %v, want %v %v %v %v", c.name, r, g, b, a, wr, wg, wb, wa)
		}
		if nrgba(c.got) != color.NRGBAModel.Convert(c.want).(color.NRGBA) && c.want.A == 255 {
			t.Errorf("%s exports as %v", c.name, nrgba(c.got))
		}
	}
}

// TestExportBackgroundIsTheme: a picture with nothing on it is the
// theme's background, the window's.
func TestExportBackgroundIsTheme(t *testing.T) {
	img, err := Rasterize(4, 4, Background, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := img.RGBAAt(1, 1); got != (color.RGBA{18, 19, 24, 255}) {
		t.Errorf("background pixel %v, want 18 19 24", got)
	}
}
