package gltfgen

import (
	"encoding/binary"
	"fmt"
	"math"
)

// AnimatedKeys returns keys.gltf: one animation, "keys", whose channels
// each exercise one interpolation, with values a test can derive by hand
// from the glTF 2.0 specification's formulas (Appendix C). Every node
// draws the triangle (0,0,0) (1,0,0) (0,1,0), which has two morph
// targets: target 0 moves every vertex by (0, 0, 1), target 1 by
// (0, 1, 0). Times in seconds; quaternions as glTF stores them,
// [x, y, z, w]:
//   - node 0 "Lin": translation, LINEAR, keys 0 and 2 s: (0, 0, 0) then
//     (4, -2, 6).
//   - node 1 "Slerp": rotation, LINEAR, keys 1 and 3 s: the identity, then
//     a turn of 120 degrees about (1, 1, 1)/sqrt 3 written negated,
//     -[sin 60/sqrt 3 (1, 1, 1), cos 60] (the same rotation; its dot
//     product with the first key is -cos 60 < 0, so the shorter arc is
//     taken by negating it back).
//   - node 2 "Step": scale, STEP, keys 0, 1 and 2 s: (1, 1, 1), (2, 3, 4),
//     (5, 5, 5).
//   - node 3 "Cubic": translation, CUBICSPLINE, keys 0 and 2 s; key 0:
//     in-tangent (99, 99, 99) (never used), value (0, 1, 0), out-tangent
//     (3, 0, 0); key 1: in-tangent (-1, 0, 4), value (2, 1, 0),
//     out-tangent (99, 99, 99) (never used).
//   - node 4 "MorphLin": weights, LINEAR, keys 0 and 1 s, output normalized
//     UNSIGNED_BYTE: (0, 255) then (255, 0), i.e. (0, 1) then (1, 0).
//   - node 5 "MorphCubic": weights, CUBICSPLINE, keys 0 and 1 s, float;
//     key 0: in-tangents (7, 7) (never used), values (0, 1), out-tangents
//     (0, 0); key 1: in-tangents (0, 0), values (1, 0), out-tangents
//     (9, 9) (never used).
//   - node 6 "NormRot": rotation, LINEAR, keys 0 and 1 s, output
//     normalized SHORT: (0, 0, 0, 32767) then (23170, 0, 0, 23170), the
//     identity and (nearly unit) a quarter turn about x.
//
// No node has weights of its own and the mesh has none, so every node's
// weights are (0, 0) but where a channel sets them.
func AnimatedKeys() []byte {
	k := NewKit()
	pos := k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 0, 1, 0)
	t0 := k.Floats("VEC3", 3, 0, 0, 1, 0, 0, 1, 0, 0, 1)
	t1 := k.Floats("VEC3", 3, 0, 1, 0, 0, 1, 0, 0, 1, 0)
	mesh := k.Mesh(map[string]any{"primitives": []any{map[string]any{
		"attributes": map[string]any{"POSITION": pos},
		"targets":    []any{map[string]any{"POSITION": t0}, map[string]any{"POSITION": t1}},
	}}})
	for _, name := range []string{"Lin", "Slerp", "Step", "Cubic", "MorphLin", "MorphCubic", "NormRot"} {
		k.Node(map[string]any{"name": name, "mesh": mesh})
	}
	s60 := math.Sin(math.Pi/3) / math.Sqrt(3)
	c60 := math.Cos(math.Pi / 3)
	ubytes := k.Accessor(map[string]any{"bufferView": k.View([]byte{0, 255, 255, 0}), "componentType": 5121, "normalized": true, "count": 4, "type": "SCALAR"})
	shorts := make([]byte, 16)
	for i, v := range []int16{0, 0, 0, 32767, 23170, 0, 0, 23170} {
		binary.LittleEndian.PutUint16(shorts[2*i:], uint16(v))
	}
	normRot := k.Accessor(map[string]any{"bufferView": k.View(shorts), "componentType": 5122, "normalized": true, "count": 2, "type": "VEC4"})
	samplers := []any{
		Sampler(k.Floats("SCALAR", 1, 0, 2), k.Floats("VEC3", 3, 0, 0, 0, 4, -2, 6), "LINEAR"),
		Sampler(k.Floats("SCALAR", 1, 1, 3), k.Floats("VEC4", 4, 0, 0, 0, 1, -s60, -s60, -s60, -c60), "LINEAR"),
		Sampler(k.Floats("SCALAR", 1, 0, 1, 2), k.Floats("VEC3", 3, 1, 1, 1, 2, 3, 4, 5, 5, 5), "STEP"),
		Sampler(k.Floats("SCALAR", 1, 0, 2), k.Floats("VEC3", 3,
			99, 99, 99, 0, 1, 0, 3, 0, 0,
			-1, 0, 4, 2, 1, 0, 99, 99, 99), "CUBICSPLINE"),
		Sampler(k.Floats("SCALAR", 1, 0, 1), ubytes, "LINEAR"),
		Sampler(k.Floats("SCALAR", 1, 0, 1), k.Floats("SCALAR", 1, 7, 7, 0, 1, 0, 0, 0, 0, 1, 0, 9, 9), "CUBICSPLINE"),
		Sampler(k.Floats("SCALAR", 1, 0, 1), normRot, "LINEAR"),
	}
	k.Animation("keys", []any{
		Channel(0, 0, "translation"), Channel(1, 1, "rotation"), Channel(2, 2, "scale"),
		Channel(3, 3, "translation"), Channel(4, 4, "weights"), Channel(5, 5, "weights"),
		Channel(6, 6, "rotation"),
	}, samplers)
	return k.Bytes()
}

// KeyCheck is one value of keys.gltf's animation at one time, derived by
// hand: node Node's Path ("translation", "rotation", "scale" or
// "weights") at T seconds is Want (a rotation as glTF's [x, y, z, w], to
// be compared up to sign: q and -q are one rotation).
type KeyCheck struct {
	Node string
	Path string
	T    float64
	Want []float64
}

// AnimatedKeysChecks returns keys.gltf's values at key times, between
// keys and outside them, each derived by hand from the spec's formulas
// (the comment of each group shows the algebra). Within float32 storage
// (1e-6) they hold for a correct reader; a rotation from normalized
// shorts within 1e-5.
func AnimatedKeysChecks() []KeyCheck {
	// Slerp from the identity through 120 degrees about n = (1,1,1)/sqrt 3,
	// u = (t - 1)/2: at u the turn is 120u degrees, [sin(60u) n, cos(60u)]:
	// u = 1/4: 30 degrees, sin 15/sqrt 3 = 0.14942924536134225, cos 15;
	// u = 1/2: 60 degrees, sin 30/sqrt 3 = 0.28867513459481287, cos 30;
	// u = 1: [0.5, 0.5, 0.5, 0.5] (sin 60/sqrt 3 = 1/2). (A normalized
	// lerp would give 19.1 degrees at u = 1/4, not 30.)
	s15, c15 := math.Sin(math.Pi/12)/math.Sqrt(3), math.Cos(math.Pi/12)
	s30, c30 := 0.5/math.Sqrt(3), math.Sqrt(3)/2
	// Hermite basis at u: h00 = 2u³-3u²+1, h10 = u³-2u²+u, h01 = -2u³+3u²,
	// h11 = u³-u²; at u = 1/4: 0.84375, 0.140625, 0.15625, -0.046875; at
	// u = 1/2: 0.5, 0.125, 0.5, -0.125. Cubic (Δ = 2 s):
	// x = h10*2*3 + h01*2 + h11*2*(-1): u = 1/4 (t = 0.5): 0.84375 +
	// 0.3125 + 0.09375 = 1.25; u = 1/2 (t = 1): 0.75 + 1 + 0.25 = 2.
	// y = h00*1 + h01*1 = 1. z = h11*2*4: -0.375 and -1.
	// MorphCubic (Δ = 1 s): weight 0 = h01, weight 1 = h00: at t = 0.25,
	// 0.15625 and 0.84375; at t = 0.5, 0.5 and 0.5.
	// NormRot: the key 23170/32767 (x and w alike) is a quarter turn about
	// x once normalized; halfway, 45 degrees: [sin 22.5, 0, 0, cos 22.5].
	s225, c225 := math.Sin(math.Pi/8), math.Cos(math.Pi/8)
	return []KeyCheck{
		{"Lin", "translation", -1, []float64{0, 0, 0}}, // before the first key: the first value
		{"Lin", "translation", 0, []float64{0, 0, 0}},
		{"Lin", "translation", 0.5, []float64{1, -0.5, 1.5}}, // u = 1/4 of (4, -2, 6)
		{"Lin", "translation", 2, []float64{4, -2, 6}},
		{"Lin", "translation", 5, []float64{4, -2, 6}}, // after the last key: the last value
		{"Slerp", "rotation", 0, []float64{0, 0, 0, 1}},
		{"Slerp", "rotation", 1.5, []float64{s15, s15, s15, c15}},
		{"Slerp", "rotation", 2, []float64{s30, s30, s30, c30}},
		{"Slerp", "rotation", 3, []float64{0.5, 0.5, 0.5, 0.5}},
		{"Slerp", "rotation", 4, []float64{0.5, 0.5, 0.5, 0.5}},
		{"Step", "scale", 0, []float64{1, 1, 1}},
		{"Step", "scale", 0.999, []float64{1, 1, 1}}, // just before key 1: key 0 still
		{"Step", "scale", 1, []float64{2, 3, 4}},
		{"Step", "scale", 1.5, []float64{2, 3, 4}},
		{"Step", "scale", 2, []float64{5, 5, 5}},
		{"Step", "scale", 7, []float64{5, 5, 5}},
		{"Cubic", "translation", 0, []float64{0, 1, 0}},
		{"Cubic", "translation", 0.5, []float64{1.25, 1, -0.375}},
		{"Cubic", "translation", 1, []float64{2, 1, -1}},
		{"Cubic", "translation", 2, []float64{2, 1, 0}},
		{"MorphLin", "weights", 0.25, []float64{0.25, 0.75}},
		{"MorphLin", "weights", 1, []float64{1, 0}},
		{"MorphCubic", "weights", 0, []float64{0, 1}},
		{"MorphCubic", "weights", 0.25, []float64{0.15625, 0.84375}},
		{"MorphCubic", "weights", 0.5, []float64{0.5, 0.5}},
		{"MorphCubic", "weights", 1, []float64{1, 0}},
		{"NormRot", "rotation", 0, []float64{0, 0, 0, 1}},
		{"NormRot", "rotation", 0.5, []float64{s225, 0, 0, c225}},
		{"NormRot", "rotation", 1, []float64{math.Sqrt2 / 2, 0, 0, math.Sqrt2 / 2}},
	}
}

// Check compares got, the value a reader gives at c's time (a rotation in
// glTF's x, y, z, w order), with c.Want: within 1e-6, or 1e-5 for the
// rotation stored as normalized shorts (node NormRot). A rotation is
// first turned to the same hemisphere as Want (q and -q are one
// rotation) and must be unit within 1e-12. The error names the node, the
// path and the time.
func (c KeyCheck) Check(got []float64) error {
	if c.Path == "rotation" && len(got) == 4 {
		if l := math.Sqrt(got[0]*got[0] + got[1]*got[1] + got[2]*got[2] + got[3]*got[3]); math.Abs(l-1) > 1e-12 {
			return fmt.Errorf("%s at %g s: rotation %v of length %g", c.Node, c.T, got, l)
		}
		if len(c.Want) == 4 && got[0]*c.Want[0]+got[1]*c.Want[1]+got[2]*c.Want[2]+got[3]*c.Want[3] < 0 {
			got = []float64{-got[0], -got[1], -got[2], -got[3]}
		}
	}
	tol := 1e-6
	if c.Node == "NormRot" {
		tol = 1e-5
	}
	if len(got) != len(c.Want) {
		return fmt.Errorf("%s %s at %g s: %v, want %v", c.Node, c.Path, c.T, got, c.Want)
	}
	for i := range got {
		if math.Abs(got[i]-c.Want[i]) > tol {
			return fmt.Errorf("%s %s at %g s: %v, want %v (within %g)", c.Node, c.Path, c.T, got, c.Want, tol)
		}
	}
	return nil
}
