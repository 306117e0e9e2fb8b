// Package dynamics is the algebra of seed 002: a transform hierarchy whose
// nodes move. A dynamic transform is a uniform-scale transform
// (transform.Uniform: translation T, rotation R, scale s, the scale constant
// in time) plus linear velocity v, linear acceleration a, angular velocity
// omega and angular acceleration alpha. The angular quantities are 3x3
// skew-symmetric matrices (elements of so(3)) defined by
//
//	dR/dt = omega R,   d2R/dt2 = (alpha + omega^2) R,   alpha = d omega/dt,
//
// so omega and alpha are expressed in the parent's axes (not the node's
// own). Hat and Vee convert them to and from the 3-vector form in which
// omega*x is the cross product w x x.
//
// Conventions are skewlab's: column vectors; a transform maps child (local)
// coordinates to parent coordinates, and world = parentWorld * local, so the
// composition A2*A1 (A2.Mul(A1)) applies A1 first. J = R s is the linear part
// (the change of basis from the child basis to the parent basis).
// Quaternions are (w, x, y, z) in prose, mgl64.Quat{W, V} in code. Angles
// and rates are radians, rad/s and rad/s^2 here; user-facing surfaces
// convert to degrees. Units are metres, seconds, kilograms and newtons.
//
// Degenerate input: a zero scale has no inverse, and every function that
// needs J^-1 reports that with ok = false and returns zero values instead of
// NaN; so does a mass that is not positive and finite. Nothing panics.
//
// Besides the algebra the package holds two pure simulation models used by
// the dynamics lab (Turntable and Crash), allocation-free per step.
package dynamics
