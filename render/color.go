package render

import "skewlab/scene"

// Color is a straight (not premultiplied) RGBA colour, each channel in
// [0, 1].
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

// Colours the scene decorations use.
var (
	White     = Color{1, 1, 1, 1}
	GridColor = Color{0.55, 0.55, 0.6, 0.3}
	XColor    = Color{1, 0.2, 0.2, 1}   // world x rod and local x axes
	YColor    = Color{0.2, 0.9, 0.2, 1} // world y
	ZColor    = Color{0.25, 0.4, 1, 1}  // world z
	LabelGrey = Color{0.85, 0.85, 0.85, 1}
)
