package render

// Picture is one finished picture as WritePNG, WriteSVG and Rasterize
// take it: segments and labels in pixels, y down, in drawing order (for
// example one frame of an animated figure).
type Picture struct {
	Segments []Segment
	Labels   []Label
}
