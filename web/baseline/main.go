// Command baseline is the yardstick of the browser test's frame-rate
// check (web/test/browser.mjs, docs/web.md "Frame rate against a
// baseline"): a minimal ebiten program that draws what a software
// rasterizer must draw for skewlab's spinning piston, and nothing else. Each
// frame it clears the screen and draws Triangles (2,000) as 1,000 line
// quads of a wireframe cylinder that spins about the screen's x axis,
// in one DrawTriangles32 call, anti-aliased with ?aa=on (as skewlab's
// aa=on). It has no UI, no text and allocates nothing per frame, so its
// frame rate is what the browser's WebGL (SwiftShader in the test) allows
// at that size. `make webbaseline` builds it to wasm with its own page
// (index.html), which keeps the same frame record as skewlab's page
// (skewlab.frame()). It also builds and runs natively (go run
// ./web/baseline), where it has no frame record.
package main

import (
	"image"
	"image/color"
	"math"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"
)

// Triangles is how many triangles a frame draws (two per line quad).
const Triangles = 2000

// The cylinder: rings circles of perRing segments each, and rungs
// segments from one end to the other; together Triangles/2 line quads.
const (
	rings     = 10
	perRing   = 64                          // segments around each ring
	rungs     = Triangles/2 - rings*perRing // segments along the cylinder
	lineWidth = 1.5                         // pixels
	spinRate  = 2 * math.Pi / 6             // radians per second: skewlab's spin (piston.SpinStep)
)

// background is skewlab's (render.Background).
var background = color.RGBA{0x12, 0x13, 0x18, 0xff}

// game draws the spinning cylinder. Its buffers are made once.
type game struct {
	antiAlias    bool
	w, h         int
	scale        float64 // device pixels per CSS pixel
	angle        float64
	ticks, draws int
	vs           []ebiten.Vertex
	is           []uint32
	op           ebiten.DrawTrianglesOptions
	white        *ebiten.Image
	rec          frameRecorder
	hidden       atomic.Bool // the page hid it (skewlabVisible(false)): no work, no frames
	quiet        bool        // ebiten runs frames only on demand (while hidden)
}

func newGame(antiAlias bool) *game {
	g := &game{antiAlias: antiAlias, scale: 1,
		vs: make([]ebiten.Vertex, 0, 4*Triangles/2), is: make([]uint32, 0, 6*Triangles/2)}
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	g.white = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	//lint:ignore SA1019 skewlab draws its lines so (kit.Strokes), and the baseline must draw as it does
	g.op.AntiAlias = antiAlias
	return g
}

// Update turns the cylinder by one tick's share of spinRate (ebiten runs
// 60 ticks a second). While hidden it does nothing and asks ebiten for no
// frames, as skewlab does (the browser test measures one page at a time).
func (g *game) Update() error {
	if h := g.hidden.Load(); h != g.quiet {
		g.quiet = h
		if h {
			ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //lint:ignore SA1019 the mode that stops frames, as skewlab's idle.go
		} else {
			ebiten.SetFPSMode(ebiten.FPSModeVsyncOn) //lint:ignore SA1019 leaves it
		}
	}
	if g.quiet {
		return nil
	}
	g.ticks++
	g.angle = math.Mod(g.angle+spinRate/60, 2*math.Pi)
	return nil
}

// point projects the cylinder's point at ring position u in [0, 1] and
// angle t (radians) to the screen: axis along x, radius a third of the
// height, turned by the spin about x, in a mild perspective.
func (g *game) point(u, t float64) (float32, float32) {
	w, h := float64(g.w), float64(g.h)
	r := h / 3
	x := (u - 0.5) * w * 0.6
	y, z := r*math.Cos(t), r*math.Sin(t)
	c, s := math.Cos(g.angle), math.Sin(g.angle)
	y, z = c*y-s*z, s*y+c*z
	p := 1 / (1 + z/(4*h))
	return float32(w/2 + x*p), float32(h/2 + y*p)
}

// quad appends the line quad from (ax, ay) to (bx, by), lineWidth*scale
// wide.
func (g *game) quad(ax, ay, bx, by float32, c color.RGBA) {
	dx, dy := bx-ax, by-ay
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if !(l > 0) {
		return
	}
	hw := float32(lineWidth * g.scale / 2)
	nx, ny := -dy/l*hw, dx/l*hw
	n := uint32(len(g.vs))
	r, gg, b := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255
	v := func(x, y float32) ebiten.Vertex {
		return ebiten.Vertex{DstX: x, DstY: y, SrcX: 1, SrcY: 1, ColorR: r, ColorG: gg, ColorB: b, ColorA: 1}
	}
	g.vs = append(g.vs, v(ax+nx, ay+ny), v(ax-nx, ay-ny), v(bx-nx, by-ny), v(bx+nx, by+ny))
	g.is = append(g.is, n, n+1, n+2, n, n+2, n+3)
}

var (
	cyan    = color.RGBA{0x36, 0xc5, 0xd8, 0xff}
	magenta = color.RGBA{0xd8, 0x36, 0xc5, 0xff}
)

// Draw clears the screen and draws the cylinder's Triangles triangles.
func (g *game) Draw(screen *ebiten.Image) {
	if g.quiet {
		return
	}
	g.draws++
	screen.Fill(background)
	g.vs, g.is = g.vs[:0], g.is[:0]
	for i := 0; i < rings; i++ {
		u := float64(i) / (rings - 1)
		for k := 0; k < perRing; k++ {
			t0, t1 := 2*math.Pi*float64(k)/perRing, 2*math.Pi*float64(k+1)/perRing
			ax, ay := g.point(u, t0)
			bx, by := g.point(u, t1)
			g.quad(ax, ay, bx, by, cyan)
		}
	}
	for k := 0; k < rungs; k++ {
		t := 2 * math.Pi * float64(k) / rungs
		ax, ay := g.point(0, t)
		bx, by := g.point(1, t)
		g.quad(ax, ay, bx, by, magenta)
	}
	screen.DrawTriangles32(g.vs, g.is, g.white, &g.op)
	g.rec.record(g.ticks, g.draws)
}

// LayoutF keeps the screen at device pixels, as skewlab does.
func (g *game) LayoutF(w, h float64) (float64, float64) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
	}
	if !(s >= 1) {
		s = 1
	}
	g.scale = s
	g.w, g.h = int(math.Ceil(w*s)), int(math.Ceil(h*s))
	return float64(g.w), float64(g.h)
}

// Layout serves ebiten.Game (ebiten calls LayoutF).
func (g *game) Layout(w, h int) (int, int) {
	fw, fh := g.LayoutF(float64(w), float64(h))
	return int(fw), int(fh)
}

func main() {
	ebiten.SetWindowTitle("skewlab baseline")
	ebiten.SetWindowSize(1280, 720)
	g := newGame(antiAliasWanted())
	g.rec.init(g)
	if err := ebiten.RunGame(g); err != nil {
		panic(err)
	}
}
