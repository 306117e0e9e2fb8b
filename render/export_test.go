package render

import (
	"bytes"
	"encoding/xml"
	"flag"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
)

var pngOut = flag.String("png", "", "also write the piston picture to this PNG file (to look at)")

var background = Color{0.08, 0.08, 0.1, 1}

// near reports whether img has a pixel within radius r of p whose colour
// is close to want (each channel within 0.25).
func near(img image.Image, p mgl64.Vec2, r int, want [3]float64) bool {
	cx, cy := int(math.Round(p[0])), int(math.Round(p[1]))
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) > r*r {
				continue
			}
			c0, c1, c2, _ := img.At(x, y).RGBA()
			got := [3]float64{float64(c0) / 0xffff, float64(c1) / 0xffff, float64(c2) / 0xffff}
			if math.Abs(got[0]-want[0]) <= 0.25 && math.Abs(got[1]-want[1]) <= 0.25 && math.Abs(got[2]-want[2]) <= 0.25 {
				return true
			}
		}
	}
	return false
}

func TestExportPiston(t *testing.T) {
	s, world, f := pistonFrame(t, modes.AccumulateTRS)
	dir := t.TempDir()
	pngPath, svgPath := filepath.Join(dir, "piston.png"), filepath.Join(dir, "piston.svg")
	var pb, sb bytes.Buffer
	if err := WritePNG(&pb, 800, 400, background, f.Segments, f.Labels); err != nil {
		t.Fatal(err)
	}
	if err := WriteSVG(&sb, 800, 400, background, f.Segments, f.Labels); err != nil {
		t.Fatal(err)
	}
	for path, b := range map[string][]byte{pngPath: pb.Bytes(), svgPath: sb.Bytes()} {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if *pngOut != "" {
		if err := os.WriteFile(*pngOut, pb.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// PNG: magenta at A, cyan at B (their world origins, projected), the
	// background in a corner.
	r, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	img, err := png.Decode(r)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 400 {
		t.Fatalf("size %v", b)
	}
	for _, c := range []struct {
		node string
		want [3]float64
	}{{"A", [3]float64{1, 0, 1}}, {"B", [3]float64{0, 1, 1}}} {
		w := world[s.Index(c.node)]
		p, ok := f.Project(mgl64.Vec3{w[12], w[13], w[14]})
		if !ok {
			t.Fatalf("%s not in view", c.node)
		}
		if !near(img, p, 12, c.want) {
			t.Errorf("no %v pixel within 12 px of %s at %v", c.want, c.node, p)
		}
	}
	if near(img, mgl64.Vec2{2, 2}, 2, [3]float64{1, 0, 1}) || !near(img, mgl64.Vec2{2, 2}, 0, [3]float64{0.08, 0.08, 0.1}) {
		t.Error("corner is not background")
	}

	// SVG: well-formed XML with the piston's colours.
	data, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	lines := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "line" {
			lines++
		}
	}
	if lines != len(f.Segments) {
		t.Errorf("%d <line> elements, want %d", lines, len(f.Segments))
	}
	for _, col := range []string{"#ff00ff", "#00ffff", "#ff3333", ">A</text>", ">B</text>"} {
		if !strings.Contains(string(data), col) {
			t.Errorf("SVG lacks %q", col)
		}
	}
}

func TestExportEdgeCases(t *testing.T) {
	nan := math.NaN()
	segs := []Segment{{A: mgl64.Vec2{nan, 0}, B: mgl64.Vec2{1, 1}, Color: White, Width: 1},
		{A: mgl64.Vec2{-50, -50}, B: mgl64.Vec2{500, 500}, Color: White, Width: float32(nan)},
		{A: mgl64.Vec2{3, 3}, B: mgl64.Vec2{3, 3}, Color: White, Width: 2}}
	labels := []Label{{At: mgl64.Vec2{nan, 1}, Text: "x"}, {At: mgl64.Vec2{5, 10}, Text: "<&\">", Color: White}}
	var b bytes.Buffer
	for _, size := range [][2]int{{0, 10}, {10, -1}, {MaxExportSize + 1, 10}} {
		if WritePNG(&b, size[0], size[1], background, nil, nil) == nil || WriteSVG(&b, size[0], size[1], background, nil, nil) == nil {
			t.Errorf("size %v accepted", size)
		}
	}
	b.Reset()
	if err := WriteSVG(&b, 20, 20, background, segs, labels); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "NaN") || !strings.Contains(b.String(), "&lt;&amp;&#34;&gt;") {
		t.Errorf("SVG:\n%s", b.String())
	}
	if err := xml.Unmarshal(b.Bytes(), new(struct{})); err != nil {
		t.Errorf("SVG not XML: %v", err)
	}
	if err := WritePNG(io.Discard, 20, 20, background, segs, labels); err != nil {
		t.Fatal(err)
	}
}
