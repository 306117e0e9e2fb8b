package render

import (
	"math"

	"skewlab/scene"
)

// Color is a straight (not premultiplied) RGBA colour, each channel in
// [0, 1]. It implements image/color.Color, so a theme colour can be
// handed to ebiten or image/draw as it is. The program's colours are all
// in theme.go.
type Color struct{ R, G, B, A float32 }

// RGB returns the scene colour c, opaque.
func RGB(c scene.Color) Color {
	return Color{float32(c[0]), float32(c[1]), float32(c[2]), 1}
}

// Dim returns c with its alpha multiplied by f (1 keeps it, 0.35 makes a
// ghost). f is clamped to [0, 1]; NaN counts as 0.
func (c Color) Dim(f float32) Color {
	if !(f > 0) {
		f = 0
	} else if f > 1 {
		f = 1
	}
	c.A *= f
	return c
}

// RGBA implements image/color.Color: 16-bit channels, alpha-premultiplied,
// each channel clamped to [0, 1] first (NaN counts as 0). A colour made
// from 8-bit values (rgb8, rgba8) comes back as exactly those values times
// 257.
func (c Color) RGBA() (r, g, b, a uint32) {
	al := float64(clamp01(c.A))
	ch := func(x float32) uint32 { return uint32(math.Round(float64(clamp01(x)) * al * 0xffff)) }
	return ch(c.R), ch(c.G), ch(c.B), uint32(math.Round(al * 0xffff))
}

// rgb8 returns the opaque colour with 8-bit channels r, g, b.
func rgb8(r, g, b uint8) Color { return rgba8(r, g, b, 255) }

// rgba8 returns the colour with 8-bit straight channels r, g, b, a.
func rgba8(r, g, b, a uint8) Color {
	return Color{float32(r) / 255, float32(g) / 255, float32(b) / 255, float32(a) / 255}
}
