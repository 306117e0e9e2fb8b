// Package drift reproduces the float32 scale drift experiment of the
// Bitsquid article "Matrices, Rotation, Scale and Drifting" (seed 004) and
// measures the article's four fixes.
//
// A node of scale s0 spins about a fixed axis: at frame k its rotation is set
// to the absolute angle k·step, built with mgl32.QuatRotate and the quaternion
// to matrix formula of mgl32.Quat.Mat4, as an engine on mathgl would. A pose
// Storage keeps the node; after every frame the relative scale error
// max_i |s_i − s0_i| / s0_i of the float32 matrix it produces is recorded.
//
// Storages (Kind): KindMatrix is the article's set_rotation on a float32 4x4
// (extract the scale, re-apply it); KindSetTogether lets the caller keep the
// scale; KindQuantized snaps the extracted scale to a 1e-4 grid;
// KindSeparate stores translation, rotation and scale apart; KindUnbiased
// still extracts the scale from the matrix every frame but removes the
// systematic bias of the float32 pipeline.
//
// Where the bias comes from (measured by MeasureBias, with the defaults: axis
// (1, 2, 3), step 1°, scale 1). Per frame, averaged over one turn:
//
//   - Extraction: the article's scale() (mgl32.Extract3DScale) rounds the sum
//     of squares to float32 and then rounds its square root again. Near 1 the
//     square root maps the float32 grid onto the midpoints of its own grid, and
//     the second-order term of sqrt(1+x) always lies below the midpoint, so the
//     double rounding rounds down: −0.9e-8 to −1.7e-8 per frame beyond a
//     correctly rounded length, for every axis. This is the largest term.
//   - Quaternion length: the float32 unit axis is not unit (for (1, 2, 3)/√14,
//     |a|² − 1 = +1.03e-8), and it is the same error every frame, so the
//     float32 quaternion's |q|² − 1 has a nonzero mean and the rotation matrix
//     built by the unit-quaternion formula has columns that are too long (or
//     too short, for other axes) by about that much: +0.4e-8 to +1.2e-8 for
//     (1, 2, 3), up to −4e-8 for (−0.3, 0.7, 2).
//
// One whole set_rotation from scale 1 then moves the scale by −0.7e-8 to
// −1.2e-8 per frame on average (Bias.MatrixStep); the unbiased storage's step
// is 0.7e-9 to 1.7e-9 (Bias.UnbiasedStep).
//   - Float32 rounding inside the matrix formula: about 1e-9, small.
//
// The two large terms have opposite signs for (1, 2, 3): the matrix storage
// shrinks linearly for about 10,000 frames, and the extraction bias fades as
// the scale leaves 1 (the squares no longer land near the binade boundary),
// until the terms balance at a fixed point near −9e-5. For axes whose terms
// share a sign it drifts linearly for the whole run (−0.3, 0.7, 2 reaches
// 3.6 % at 1,000,000 frames).
//
// The fix (KindUnbiased) removes both terms and nothing else: the scale is
// read as the correctly rounded float32 column length (squares and sum in
// float64, one rounding), and the rotation matrix is the exact rotation of
// the stored float32 quaternion (the formula divided by |q|², evaluated in
// float64) multiplied by the scale and rounded once per entry. Every stored
// float32 is then the nearest float32 to its exact value, round to nearest is
// symmetric, and the run performs a short bounded walk that ends on a fixed
// point (a scale that every angle maps to itself).
//
// Conventions: angles are degrees in Config and radians inside; quaternions
// are mgl32.Quat and are written (w, x, y, z) in text; matrices are mgl32
// column-major, column i of the upper-left 3x3 is the image of axis i, and
// the scale is the column lengths. Every float32 operation of the pipeline is
// written with an explicit float32() conversion so that fused multiply-add on
// other CPUs cannot change the numbers.
package drift
