package gltfio

import (
	"fmt"
	"math"
	"strings"

	"github.com/qmuntal/gltf"

	"skewlab/scene"
	"skewlab/transform"
)

// fileAnim is one glTF animation as read and checked: its channels in
// glTF node indices, before a scene's nodes are known (Build maps them).
type fileAnim struct {
	label    string // `animation 0 "stretch"`, for errors
	name     string // the scene.Animation's name
	channels []fileChannel
}

// fileChannel is one channel with its sampler's data read and checked.
// node is the glTF node it animates, or -1 when it names none (an
// extension's target, left out of every scene). times and values are
// shared with other channels that use the same accessors (never
// modified).
type fileChannel struct {
	node   int
	path   scene.Path
	interp scene.Interpolation
	times  []float64
	values []float64
	width  int
}

// rawAnimation is an animation as written, for what the glTF library
// hides: the library reads an unknown interpolation as LINEAR and an
// unknown path as translation, and a missing sampler, target, node or
// input as 0.
type rawAnimation struct {
	Channels []*struct {
		Sampler *int64 `json:"sampler"`
		Target  *struct {
			Node *int64  `json:"node"`
			Path *string `json:"path"`
		} `json:"target"`
	} `json:"channels"`
	Samplers []*struct {
		Input         *int64  `json:"input"`
		Interpolation *string `json:"interpolation"`
		Output        *int64  `json:"output"`
	} `json:"samplers"`
}

// The glTF names of the channel paths and interpolations, in the order
// of scene.Path and scene.Interpolation.
var (
	pathNames   = []string{"translation", "rotation", "scale", "weights"}
	interpNames = []string{"LINEAR", "STEP", "CUBICSPLINE"}
)

// animLabel names animation ai in errors and notes: `animation 0
// "stretch"`, or `animation 0` when it has no name.
func (r *reader) animLabel(ai int) string {
	if n := r.doc.Animations[ai].Name; n != "" {
		return fmt.Sprintf("animation %d %q", ai, n)
	}
	return fmt.Sprintf("animation %d", ai)
}

// targetCount returns how many morph targets glTF mesh mi has (every
// primitive has as many: checkPrimitives refuses a mesh whose primitives
// differ).
func (r *reader) targetCount(mi int) int {
	m := r.doc.Meshes[mi]
	if len(m.Primitives) == 0 {
		return 0
	}
	return len(m.Primitives[0].Targets)
}

// readAnimations reads and checks every animation of the file, as the
// glTF 2.0 specification (section 3.11, and its accessor table for
// animation samplers) means it, into r.anims:
//   - every animation has at least one channel and one sampler;
//   - every sampler's input is a SCALAR FLOAT accessor with min and max,
//     its key times finite, not negative and strictly increasing; its
//     interpolation is LINEAR (the default), STEP or CUBICSPLINE, and a
//     CUBICSPLINE sampler has at least two keys;
//   - every channel names a sampler of its animation and a target whose
//     path is translation, rotation, scale or weights; a target without
//     a node is left out (an extension such as KHR_animation_pointer
//     animates something else); a node must exist, must not be given by
//     a matrix when its translation, rotation or scale is animated, and
//     must have a mesh with morph targets when its weights are; no two
//     channels of an animation animate one property of one node;
//   - the output is VEC3 FLOAT for translation and scale, VEC4 FLOAT or
//     normalized (signed or unsigned) byte or short for rotation, and
//     SCALAR of those kinds for weights, with one value per key (three
//     for CUBICSPLINE: in-tangent, value, out-tangent) times the node's
//     morph targets for weights; rotation values (CUBICSPLINE tangents
//     aside) are unit quaternions within rotationUnitTol (the Khronos
//     validator's), read from glTF's (x, y, z, w) into skewlab's
//     (w, x, y, z); translation and scale values are within
//     transform.MaxMagnitude.
//
// Each channel's input and output count against MaxElements each time
// a channel uses them; the data of an accessor is read once and shared.
func (r *reader) readAnimations() error {
	d := &r.doc
	r.anims = make([]fileAnim, len(d.Animations))
	times := map[int][]float64{}     // input accessor -> key times
	values := map[[2]int][]float64{} // output accessor, path -> values
	for ai, a := range d.Animations {
		raw := r.raw.Animations[ai]
		fa := &r.anims[ai]
		fa.label = r.animLabel(ai)
		fa.name = a.Name
		if a.Name == "" || scene.CheckName(a.Name) != nil {
			fa.name = fmt.Sprintf("animation %d", ai)
		}
		if len(raw.Channels) == 0 || len(raw.Samplers) == 0 {
			return fmt.Errorf("%s has %d channels and %d samplers; glTF requires at least one of each", fa.label, len(raw.Channels), len(raw.Samplers))
		}
		// Samplers first, each once: input and interpolation.
		interps := make([]scene.Interpolation, len(raw.Samplers))
		for si, s := range raw.Samplers {
			where := fmt.Sprintf("%s sampler %d", fa.label, si)
			if s.Input == nil || s.Output == nil {
				return fmt.Errorf("%s lacks input or output; glTF requires both", where)
			}
			interps[si] = scene.Linear
			if s.Interpolation != nil {
				k := indexOf(interpNames, *s.Interpolation)
				if k < 0 {
					return fmt.Errorf("%s: interpolation %q is not one glTF 2.0 defines (%s)", where, *s.Interpolation, strings.Join(interpNames, ", "))
				}
				interps[si] = scene.Interpolation(k)
			}
			if _, err := r.accessorIndex(*s.Input, where+" input"); err != nil {
				return err
			}
			if _, err := r.accessorIndex(*s.Output, where+" output"); err != nil {
				return err
			}
			in := int(*s.Input)
			if _, ok := times[in]; !ok {
				t, err := r.keyTimes(in, where)
				if err != nil {
					return err
				}
				times[in] = t
			}
			if interps[si] == scene.CubicSpline && len(times[in]) < 2 {
				return fmt.Errorf("%s: CUBICSPLINE with %d key; glTF requires at least 2", where, len(times[in]))
			}
		}
		seen := map[[2]int]int{} // node, path -> the channel that animates it
		for ci, c := range raw.Channels {
			where := fmt.Sprintf("%s channel %d", fa.label, ci)
			if c.Sampler == nil || c.Target == nil || c.Target.Path == nil {
				return fmt.Errorf("%s lacks sampler, target or target.path; glTF requires them", where)
			}
			if *c.Sampler < 0 || *c.Sampler >= int64(len(raw.Samplers)) {
				return fmt.Errorf("%s: sampler = %d is not one of the animation's %d samplers", where, *c.Sampler, len(raw.Samplers))
			}
			si := int(*c.Sampler)
			if c.Target.Node == nil {
				// An extension's target (KHR_animation_pointer): left out.
				fa.channels = append(fa.channels, fileChannel{node: -1})
				continue
			}
			node := *c.Target.Node
			if node < 0 || node >= int64(len(d.Nodes)) {
				return fmt.Errorf("%s: target node %d is not a node (the file has %d)", where, node, len(d.Nodes))
			}
			n := int(node)
			where = fmt.Sprintf("%s (%s %s)", where, r.nodeLabel(n), *c.Target.Path)
			k := indexOf(pathNames, *c.Target.Path)
			if k < 0 {
				return fmt.Errorf("%s: path %q is not one glTF 2.0 defines (%s)", where, *c.Target.Path, strings.Join(pathNames, ", "))
			}
			path := scene.Path(k)
			if prev, dup := seen[[2]int{n, k}]; dup {
				return fmt.Errorf("%s animates what channel %d animates; glTF allows one channel per node and property in an animation", where, prev)
			}
			seen[[2]int{n, k}] = ci
			width := [...]int{3, 4, 3, 0}[path]
			if path == scene.PathWeights {
				if m := d.Nodes[n].Mesh; m != nil {
					width = r.targetCount(*m)
				}
				if width == 0 {
					return fmt.Errorf("%s: the node has no mesh with morph targets, so no weights to animate", where)
				}
			} else if r.raw.Nodes[n].Matrix != nil {
				return fmt.Errorf("%s: the node is given by a matrix; glTF animates only nodes given by translation, rotation and scale", where)
			}
			s := raw.Samplers[si]
			interp := interps[si]
			t := times[int(*s.Input)]
			out := int(*s.Output)
			where = fmt.Sprintf("%s sampler %d output", where, si)
			kinds := kFloat
			if path == scene.PathRotation || path == scene.PathWeights {
				kinds |= kNormalized
			}
			if err := animUse(d.Accessors[out], fmt.Sprintf("accessor %d (%s)", out, where), [...]gltf.AccessorType{gltf.AccessorVec3, gltf.AccessorVec4, gltf.AccessorVec3, gltf.AccessorScalar}[path], kinds, pathNames[path]+" values"); err != nil {
				return err
			}
			// One output element per key (three for CUBICSPLINE), and for
			// weights one per morph target of each.
			need := int64(len(t))
			if interp == scene.CubicSpline {
				need *= 3
			}
			if path == scene.PathWeights {
				need *= int64(width)
			}
			if got := int64(d.Accessors[out].Count); got != need {
				return fmt.Errorf("%s (accessor %d): %d elements; %s with %d keys needs %d (%s)", where, out, got, interpNames[interp], len(t), need, perKey(path, interp, width))
			}
			v, ok := values[[2]int{out, k}]
			if !ok {
				var err error
				if v, err = r.outputValues(out, where, path, interp); err != nil {
					return err
				}
				values[[2]int{out, k}] = v
			}
			if interp == scene.CubicSpline && path != scene.PathRotation {
				if err := cubicWithin(t, v, width, where); err != nil {
					return err
				}
			}
			// The channel's use of its accessors counts, shared or not.
			if err := r.take(len(t)+d.Accessors[out].Count, where); err != nil {
				return err
			}
			fa.channels = append(fa.channels, fileChannel{node: n, path: path, interp: interp, times: t, values: v, width: width})
		}
	}
	return nil
}

// indexOf returns the index of s in list, or -1.
func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// accessorIndex checks that ai names an accessor of the file.
func (r *reader) accessorIndex(ai int64, where string) (int, error) {
	if ai < 0 || ai >= int64(len(r.doc.Accessors)) {
		return 0, fmt.Errorf("%s: accessor %d does not exist (the file has %d accessors)", where, ai, len(r.doc.Accessors))
	}
	return int(ai), nil
}

// keyTimes reads a sampler's input accessor ai: SCALAR FLOAT with min
// and max (glTF requires both for an animation input), its times finite,
// not negative and strictly increasing.
func (r *reader) keyTimes(ai int, where string) ([]float64, error) {
	where += " input"
	a := r.doc.Accessors[ai]
	label := fmt.Sprintf("accessor %d (%s)", ai, where)
	if err := animUse(a, label, gltf.AccessorScalar, kFloat, "key times"); err != nil {
		return nil, err
	}
	if len(a.Min) != 1 || len(a.Max) != 1 {
		return nil, fmt.Errorf("%s: no min and max; glTF requires both on an animation input", label)
	}
	t, err := r.floats(ai, where, gltf.AccessorScalar, kFloat)
	if err != nil {
		return nil, err
	}
	if t[0] < 0 {
		return nil, fmt.Errorf("%s: the first key time is %g s; glTF requires times of 0 or more", label, t[0])
	}
	for k := 1; k < len(t); k++ {
		if !(t[k] > t[k-1]) {
			return nil, fmt.Errorf("%s: key times are not strictly increasing (key %d at %g s after key %d at %g s)", label, k, t[k], k-1, t[k-1])
		}
	}
	return t, nil
}

// animUse refuses accessor a, named label, as an animation sampler's
// input or output (what) when its type is not typ or its component type
// not one of the kinds allowed (glTF's table of animation accessors;
// KHR_mesh_quantization adds none).
func animUse(a *gltf.Accessor, label string, typ gltf.AccessorType, allowed kinds, what string) error {
	if a.Type != typ {
		return fmt.Errorf("%s: type %s, want %s for %s", label, a.Type, typ, what)
	}
	if kindOf(a.ComponentType, a.Normalized)&allowed == 0 {
		norm, want := "", "FLOAT"
		if a.Normalized {
			norm = " (normalized)"
		}
		if allowed != kFloat {
			want = "FLOAT or a normalized byte or short"
		}
		return fmt.Errorf("%s: componentType %d%s; glTF requires %s for %s", label, componentCode(a.ComponentType), norm, want, what)
	}
	return nil
}

// kNormalized are the normalized integer kinds glTF allows for rotation
// and weights outputs, besides FLOAT.
const kNormalized = kByteNorm | kUbyteNorm | kShortNorm | kUshortNorm

// outputValues reads a sampler's output accessor ai for a channel of the
// given path: its type and component kinds as glTF's table allows
// (normalized integers divided out), rotations reordered from (x, y, z,
// w) to (w, x, y, z) and checked to be unit quaternions (tangents of a
// CUBICSPLINE aside), translations and scales within
// transform.MaxMagnitude.
func (r *reader) outputValues(ai int, where string, path scene.Path, interp scene.Interpolation) ([]float64, error) {
	typ, kind := gltf.AccessorVec3, kFloat
	switch path {
	case scene.PathRotation:
		typ, kind = gltf.AccessorVec4, kFloat|kNormalized
	case scene.PathWeights:
		typ, kind = gltf.AccessorScalar, kFloat|kNormalized
	}
	v, err := r.floats(ai, where, typ, kind)
	if err != nil {
		return nil, err
	}
	label := fmt.Sprintf("accessor %d (%s)", ai, where)
	switch path {
	case scene.PathRotation:
		for e := 0; 4*e < len(v); e++ {
			q := v[4*e : 4*e+4]
			x, y, z, w := q[0], q[1], q[2], q[3]
			if l := math.Sqrt(x*x + y*y + z*z + w*w); (interp != scene.CubicSpline || e%3 == 1) && !(math.Abs(l-1) <= rotationUnitTol) {
				return nil, fmt.Errorf("%s: element %d, the quaternion (x, y, z, w) = (%g, %g, %g, %g), has length %.6g; glTF requires unit rotations", label, e, x, y, z, w, l)
			}
			q[0], q[1], q[2], q[3] = w, x, y, z
		}
	default:
		n := compsOf(path)
		for e, x := range v {
			if math.Abs(x) > transform.MaxMagnitude {
				return nil, fmt.Errorf("%s: element %d holds %g, beyond %g (skewlab's limit for a %s value)", label, e/n, x, transform.MaxMagnitude, path)
			}
		}
	}
	return v, nil
}

// compsOf returns the components of one output element for path.
func compsOf(path scene.Path) int { return [...]int{3, 4, 3, 1}[path] }

// cubicWithin refuses a CUBICSPLINE channel (key times t, values v of
// width numbers, glTF's in-tangent, value, out-tangent per key) whose
// curve leaves transform.MaxMagnitude between two keys, which the
// values alone cannot show: each segment's component is the cubic
// p(u) = (2u³-3u²+1)v0 + (u³-2u²+u)Δb0 + (-2u³+3u²)v1 + (u³-u²)Δa1 on
// [0, 1], whose largest magnitude is at an end or where p'(u) = 0.
func cubicWithin(t, v []float64, width int, where string) error {
	for k := 0; k+1 < len(t); k++ {
		d := t[k+1] - t[k]
		for i := range width {
			v0, b0 := v[(3*k+1)*width+i], v[(3*k+2)*width+i]
			a1, v1 := v[(3*k+3)*width+i], v[(3*k+4)*width+i]
			if p := cubicPeak(v0, d*b0, v1, d*a1); !(p <= transform.MaxMagnitude) {
				return fmt.Errorf("%s: between keys %d and %d (%g and %g s) the curve reaches %.3g, beyond %g (skewlab's limit)", where, k, k+1, t[k], t[k+1], p, transform.MaxMagnitude)
			}
		}
	}
	return nil
}

// cubicPeak returns the largest |p(u)| for u in [0, 1] of the Hermite
// cubic from p0 with tangent m0 to p1 with tangent m1 (tangents already
// times the key interval): p(u) = c3 u³ + c2 u² + c1 u + c0 with c3 =
// 2p0 + m0 - 2p1 + m1, c2 = -3p0 - 2m0 + 3p1 - m1, c1 = m0, c0 = p0,
// checked at u = 0, 1 and the roots of p'(u) = 3c3 u² + 2c2 u + c1 in
// between. A non-finite result (overflow) is returned as +Inf.
func cubicPeak(p0, m0, p1, m1 float64) float64 {
	c3 := 2*p0 + m0 - 2*p1 + m1
	c2 := -3*p0 - 2*m0 + 3*p1 - m1
	c1, c0 := m0, p0
	at := func(u float64) float64 { return math.Abs(((c3*u+c2)*u+c1)*u + c0) }
	peak := max(at(0), at(1))
	try := func(u float64) {
		if u > 0 && u < 1 {
			peak = max(peak, at(u))
		}
	}
	a, b, c := 3*c3, 2*c2, c1
	switch {
	case a == 0 && b != 0:
		try(-c / b)
	case a != 0:
		if disc := b*b - 4*a*c; disc >= 0 {
			r := math.Sqrt(disc)
			try((-b + r) / (2 * a))
			try((-b - r) / (2 * a))
		}
	}
	if math.IsNaN(peak) {
		return math.Inf(1)
	}
	return peak
}

// perKey says what one key of a channel holds, for the count error.
func perKey(path scene.Path, interp scene.Interpolation, width int) string {
	n := "one value"
	if path == scene.PathWeights {
		n = fmt.Sprintf("%d weights, one per morph target,", width)
	}
	if interp == scene.CubicSpline {
		return n + " times 3 (in-tangent, value, out-tangent) per key"
	}
	return n + " per key"
}

// animations returns the file's animations for a scene whose nodes are
// at[g] (glTF node g's index in the scene) and whose instanced nodes'
// instances follow them (inst[g], the scene indices of node g's
// instances): every channel whose node is in the scene, as a
// scene.Channel (a weights channel of an instanced node once per
// instance, which carries the mesh); the count of channels left out
// because their node is not in the scene, and of those naming no node.
func (r *reader) animations(at map[int]int, inst map[int][]int) (out []*scene.Animation, outside, nodeless int) {
	for _, fa := range r.anims {
		a := &scene.Animation{Name: fa.name}
		for _, c := range fa.channels {
			if c.node < 0 {
				nodeless++
				continue
			}
			idx, ok := at[c.node]
			if !ok {
				outside++
				continue
			}
			sc := scene.Channel{Node: idx, Path: c.path, Interp: c.interp, Times: c.times, Values: c.values, Width: c.width}
			if ins := inst[c.node]; ins != nil && c.path == scene.PathWeights {
				for _, k := range ins {
					sc.Node = k
					a.Channels = append(a.Channels, sc)
				}
				continue
			}
			a.Channels = append(a.Channels, sc)
		}
		out = append(out, a)
	}
	return out, outside, nodeless
}
