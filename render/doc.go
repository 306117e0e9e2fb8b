// Package render turns a scene and its world matrices into screen-space
// line segments and labels, and writes them as SVG or PNG. It draws
// nothing on a display itself: the UI strokes the segments it returns.
//
// Conventions: column vectors and column-major mgl64 matrices
// (world point = M * local point); angles in the Camera are degrees;
// screen coordinates are pixels with the origin at the top-left of the
// picture and y pointing down. All geometry is float64 up to the Segment;
// only Segment.Width and Color are float32, for the drawing call.
//
// Pipeline (after fogleman/fauxgl): model-view-projection to 4D clip
// coordinates, clipping of each segment against the six frustum planes in
// homogeneous space before the divide by w (so segments through or behind
// the camera come out right), then one screen matrix that maps normalized
// device coordinates to the viewport and flips y.
//
// Degenerate input (a zero-size viewport, NaN or Inf in a matrix or in
// the camera, a zero-scale node) produces no segment and no label, never
// NaN coordinates and never a panic.
package render
