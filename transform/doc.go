// Package transform is skewlab's pure math: TRS transforms, the
// uniform-scale transform group, the analysis of 3x3 linear parts (skew,
// volume, lossy scale, column lengths, polar decomposition and fit,
// representability as rotation times scale) that proves what the pictures
// show, reparenting that keeps a world matrix, and residual folding for
// the uniform-inner-scale rule.
//
// Conventions, everywhere in this package:
//   - Column vectors: a point p maps to M*p; world = parentWorld * local and
//     local = T * R * S (scale first, then rotation, then translation).
//   - mgl64 matrices are column-major arrays; M.At(row, col).
//   - Quaternions are unit quaternions written (w, x, y, z) in docs; mgl64
//     stores them as Quat{W, V}. Rotation composition parent*child means
//     the child's rotation is applied first.
//   - Angles are radians inside the package unless a name says Deg.
//
// Accepted input is finite with magnitude up to 1e6 (see MaxMagnitude).
// Scale components may be zero (a flat node) or negative (a mirror). No
// function panics on any input, and none returns NaN for accepted input;
// where a quantity is undefined the result says so (an ok flag).
package transform
