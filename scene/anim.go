package scene

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// Path is what an animation channel writes: a node's local translation,
// rotation or scale, or its morph target weights (glTF's
// channel.target.path).
type Path uint8

// The channel paths, with glTF's names (Path.String).
const (
	PathTranslation Path = iota
	PathRotation
	PathScale
	PathWeights
)

var pathNames = [...]string{"translation", "rotation", "scale", "weights"}

// String returns glTF's name of the path, or "path(N)" outside the
// enumeration.
func (p Path) String() string {
	if int(p) < len(pathNames) {
		return pathNames[p]
	}
	return fmt.Sprintf("path(%d)", int(p))
}

// Interpolation is how a channel's value follows between its keys
// (glTF's sampler.interpolation).
type Interpolation uint8

// The glTF interpolations. Linear blends the two keys around t (rotations
// by slerp along the shorter arc); Step holds the key at or before t;
// CubicSpline is the glTF specification's cubic Hermite spline, whose
// keys carry in- and out-tangents (see Channel.Values).
const (
	Linear Interpolation = iota
	Step
	CubicSpline
)

var interpNames = [...]string{"LINEAR", "STEP", "CUBICSPLINE"}

// String returns glTF's name of the interpolation ("LINEAR", "STEP",
// "CUBICSPLINE"), or "interpolation(N)" outside the enumeration.
func (i Interpolation) String() string {
	if int(i) < len(interpNames) {
		return interpNames[i]
	}
	return fmt.Sprintf("interpolation(%d)", int(i))
}

// Channel animates one property of one node: a glTF channel with its
// sampler. Times are the key times in seconds, strictly increasing and
// finite. Values hold Width numbers per value, key after key; for
// CubicSpline each key holds three values (in-tangent, value,
// out-tangent), as glTF stores them. Width is 3 for translation and
// scale, 4 for rotation, whose values are quaternions in (w, x, y, z)
// order (glTF's files store x, y, z, w: readers reorder), and the node's
// number of morph targets for weights.
type Channel struct {
	Node   int
	Path   Path
	Interp Interpolation
	Times  []float64
	Values []float64
	Width  int
}

// Animation is a named set of channels played together (a glTF
// animation). Channels are never modified once in a scene; Apply writes
// their values into a scene's nodes.
type Animation struct {
	Name     string
	Channels []Channel
}

// Start and End return the first and last key time over all channels
// (seconds); both are 0 for an animation without channels.
func (a *Animation) Start() float64 {
	if len(a.Channels) == 0 {
		return 0
	}
	t := math.Inf(1)
	for i := range a.Channels {
		t = min(t, a.Channels[i].Times[0])
	}
	return t
}

// End returns the last key time over all channels (seconds); 0 for an
// animation without channels.
func (a *Animation) End() float64 {
	if len(a.Channels) == 0 {
		return 0
	}
	t := math.Inf(-1)
	for i := range a.Channels {
		c := &a.Channels[i]
		t = max(t, c.Times[len(c.Times)-1])
	}
	return t
}

// KeyTimes returns every channel's key times, sorted and without
// repeats: the times at which some channel has a key.
func (a *Animation) KeyTimes() []float64 {
	var ts []float64
	for i := range a.Channels {
		ts = append(ts, a.Channels[i].Times...)
	}
	sort.Float64s(ts)
	out := ts[:0]
	for i, t := range ts {
		if i == 0 || t != out[len(out)-1] {
			out = append(out, t)
		}
	}
	return out
}

// Check reports the first problem of the animation against nodes: a
// channel whose node is outside them, an unknown path or interpolation,
// no key, key times that are not finite or not strictly increasing,
// values of the wrong count for its keys and width, a value that is not
// finite, a weights channel whose width is not its node's number of morph
// targets, or a rotation key that is zero. It takes time linear in the
// animation's size.
func (a *Animation) Check(nodes []Node) error {
	for ci := range a.Channels {
		c := &a.Channels[ci]
		if err := c.check(nodes); err != nil {
			return fmt.Errorf("animation %q channel %d: %w", a.Name, ci, err)
		}
	}
	return nil
}

func (c *Channel) check(nodes []Node) error {
	if c.Node < 0 || c.Node >= len(nodes) {
		return fmt.Errorf("targets node %d, outside the scene's %d nodes", c.Node, len(nodes))
	}
	if c.Path > PathWeights {
		return fmt.Errorf("unknown path %d", c.Path)
	}
	if c.Interp > CubicSpline {
		return fmt.Errorf("unknown interpolation %d", c.Interp)
	}
	want := [...]int{3, 4, 3, -1}[c.Path]
	if c.Path == PathWeights {
		m := nodes[c.Node].Mesh
		if m == nil || len(m.Targets) == 0 || c.Width != len(m.Targets) {
			return fmt.Errorf("writes %d weights, but node %q's mesh has %d morph targets", c.Width, nodes[c.Node].Name, targetCount(m))
		}
		if len(nodes[c.Node].Weights) != len(m.Targets) {
			return fmt.Errorf("writes weights of node %q, which has none to write", nodes[c.Node].Name)
		}
	} else if c.Width != want {
		return fmt.Errorf("%s values have %d components, not %d", c.Path, c.Width, want)
	}
	if len(c.Times) == 0 {
		return errors.New("has no keys")
	}
	for k, t := range c.Times {
		if !transform.Finite(t) {
			return errors.New("a key time is not a finite number")
		}
		if k > 0 && !(t > c.Times[k-1]) {
			return fmt.Errorf("key times are not strictly increasing (%g after %g)", t, c.Times[k-1])
		}
	}
	per := c.Width
	if c.Interp == CubicSpline {
		per *= 3
	}
	if len(c.Values) != per*len(c.Times) {
		return fmt.Errorf("has %d values for %d keys of %d numbers each", len(c.Values), len(c.Times), per)
	}
	for _, v := range c.Values {
		if !transform.Finite(v) || math.Abs(v) > transform.MaxMagnitude {
			return fmt.Errorf("a value is not a finite number within %g", transform.MaxMagnitude)
		}
	}
	if c.Path == PathRotation {
		for k := 0; k < len(c.Values); k += 4 {
			if c.Interp == CubicSpline && (k/4)%3 != 1 {
				continue // tangents may be zero
			}
			v := c.Values[k : k+4]
			if !(v[0]*v[0]+v[1]*v[1]+v[2]*v[2]+v[3]*v[3] > 1e-12) {
				return errors.New("a rotation key is the zero quaternion")
			}
		}
	}
	return nil
}

func targetCount(m *Mesh) int {
	if m == nil {
		return 0
	}
	return len(m.Targets)
}

// CheckAnimations checks every animation of s (Animation.Check).
func (s *Scene) CheckAnimations() error {
	for _, a := range s.Animations {
		if err := a.Check(s.Nodes); err != nil {
			return err
		}
	}
	return nil
}

// Apply writes the animation's values at time t (seconds) into nodes:
// each channel's node gets its translation, rotation, scale or weights
// as the channel gives them at t; properties no channel animates keep
// their values. Before a channel's first key it holds the first value,
// after its last key the last (glTF: an animation does not loop; looping
// belongs to the player). Rotations come out unit. The animation must
// have passed Check against nodes. Apply allocates nothing.
func (a *Animation) Apply(nodes []Node, t float64) {
	for ci := range a.Channels {
		c := &a.Channels[ci]
		nd := &nodes[c.Node]
		switch c.Path {
		case PathTranslation:
			var v [4]float64
			c.Sample(t, v[:3])
			nd.Local.Position = mgl64.Vec3{v[0], v[1], v[2]}
		case PathScale:
			var v [4]float64
			c.Sample(t, v[:3])
			nd.Local.Scale = mgl64.Vec3{v[0], v[1], v[2]}
		case PathRotation:
			var v [4]float64
			c.Sample(t, v[:])
			nd.Local.Rotation = mgl64.Quat{W: v[0], V: mgl64.Vec3{v[1], v[2], v[3]}}
		case PathWeights:
			c.Sample(t, nd.Weights)
		}
	}
}

// Sample writes the channel's value at time t (seconds) into out
// (len(out) >= Width; rotations (w, x, y, z)). Before the first key it
// is the first value, after the last key the last. Linear: the two keys
// around t blended by u = (t - t0)/(t1 - t0), rotations by slerp along
// the shorter arc (the second key negated when the dot product is
// negative); Step: the key at or before t; CubicSpline: the glTF
// specification's Hermite form p(u) = (2u³-3u²+1)v0 + (u³-2u²+u)Δ·b0 +
// (-2u³+3u²)v1 + (u³-u²)Δ·a1, Δ = t1 - t0, b0 key 0's out-tangent and a1
// key 1's in-tangent. Rotations are normalized afterwards (a zero result
// gives the identity). A non-finite t counts as the first key's time.
// Sample allocates nothing.
func (c *Channel) Sample(t float64, out []float64) {
	w := c.Width
	n := len(c.Times)
	val := func(k int) []float64 { // key k's value (not its tangents)
		if c.Interp == CubicSpline {
			return c.Values[(3*k+1)*w : (3*k+2)*w]
		}
		return c.Values[k*w : (k+1)*w]
	}
	if !(t > c.Times[0]) || n == 1 {
		copy(out[:w], val(0))
		c.finish(out)
		return
	}
	if t >= c.Times[n-1] {
		copy(out[:w], val(n-1))
		c.finish(out)
		return
	}
	// k: the last key with Times[k] <= t; 0 <= k < n-1.
	k := sort.SearchFloat64s(c.Times, t)
	if k == n || c.Times[k] > t {
		k--
	}
	t0, t1 := c.Times[k], c.Times[k+1]
	u := (t - t0) / (t1 - t0)
	switch c.Interp {
	case Step:
		copy(out[:w], val(k))
	case Linear:
		a, b := val(k), val(k+1)
		if c.Path == PathRotation {
			q := transform.Slerp(quat(a), quat(b), u)
			out[0], out[1], out[2], out[3] = q.W, q.V[0], q.V[1], q.V[2]
			return
		}
		for i := 0; i < w; i++ {
			out[i] = a[i] + (b[i]-a[i])*u
		}
	case CubicSpline:
		d := t1 - t0
		u2, u3 := u*u, u*u*u
		h00, h10 := 2*u3-3*u2+1, u3-2*u2+u
		h01, h11 := -2*u3+3*u2, u3-u2
		v0, v1 := val(k), val(k+1)
		b0 := c.Values[(3*k+2)*w : (3*k+3)*w] // key k's out-tangent
		a1 := c.Values[(3*k+3)*w : (3*k+4)*w] // key k+1's in-tangent
		for i := 0; i < w; i++ {
			out[i] = h00*v0[i] + h10*d*b0[i] + h01*v1[i] + h11*d*a1[i]
		}
	}
	c.finish(out)
}

// finish normalizes a rotation value in out.
func (c *Channel) finish(out []float64) {
	if c.Path != PathRotation {
		return
	}
	n := math.Sqrt(out[0]*out[0] + out[1]*out[1] + out[2]*out[2] + out[3]*out[3])
	if !(n > 0) || math.IsInf(n, 0) {
		out[0], out[1], out[2], out[3] = 1, 0, 0, 0
		return
	}
	out[0], out[1], out[2], out[3] = out[0]/n, out[1]/n, out[2]/n, out[3]/n
}

func quat(v []float64) mgl64.Quat { return mgl64.Quat{W: v[0], V: mgl64.Vec3{v[1], v[2], v[3]}} }
