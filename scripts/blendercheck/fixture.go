package main

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"
	"skewlab/transform"
)

// FixtureName is the file name of blendercheck's own animated, skinned
// glTF fixture (the fixture command writes it).
const FixtureName = "blendercheck-arm.gltf"

// chanSpec is one animation channel of the fixture as the file stores
// it: glTF node index, path, interpolation, key times and values in
// glTF's order (rotations x, y, z, w; CUBICSPLINE in-tangent, value,
// out-tangent per key).
type chanSpec struct {
	node   int
	path   string
	interp string
	times  []float64
	values []float64
}

// The fixture's glTF nodes: a skinned tube (node 0, a root) over a chain
// of four joints.
const (
	fxSkin = iota
	fxShoulder
	fxUpper
	fxFore
	fxHand
)

// quatXYZW returns the glTF quaternion (x, y, z, w) of a turn of deg
// degrees about the axis (x, y, z) (normalized here).
func quatXYZW(x, y, z, deg float64) []float64 {
	l := math.Sqrt(x*x + y*y + z*z)
	h := deg * math.Pi / 360
	s := math.Sin(h) / l
	return []float64{x * s, y * s, z * s, math.Cos(h)}
}

// fixtureChannels is the fixture's animation "flex", 2.5 seconds with
// keys every 0.5 s: Upper stretches along its length (y) to 2x and back
// with a volume-keeping squash (LINEAR scale); Fore bends 0, 50, 100, 50,
// 0, 0 degrees about an oblique axis (LINEAR rotation: 50° a step, so
// that glTF's slerp and a component-wise blend differ between keys, and
// no bend in the last interval); Hand turns in steps (STEP rotation) and,
// in the first interval only, moves along a CUBICSPLINE with non-zero
// tangents.
func fixtureChannels() []chanSpec {
	keys := []float64{0, 0.5, 1, 1.5, 2, 2.5}
	var scale []float64
	for _, k := range []float64{1, 1.5, 2, 1.5, 1, 1.25} {
		q := 1 / math.Sqrt(k)
		scale = append(scale, q, k, q)
	}
	var bend, turn []float64
	for _, d := range []float64{0, 50, 100, 50, 0, 0} {
		bend = append(bend, quatXYZW(0.3, 0.2, 1, d)...)
	}
	for _, d := range []float64{0, 30, -20, 45, 0, 10} {
		turn = append(turn, quatXYZW(1, 0, 0.2, d)...)
	}
	move := []float64{
		0, -0.3, 0.1, 0, 1, 0, -0.1, 0.25, 0.2, // in-tangent, value, out-tangent at 0 s
		0.2, 0, 0.1, 0.1, 1.1, 0.05, -0.1, 0, 0.2, // and at 0.5 s
	}
	return []chanSpec{
		{fxUpper, "scale", "LINEAR", keys, scale},
		{fxFore, "rotation", "LINEAR", keys, bend},
		{fxHand, "rotation", "STEP", keys, turn},
		{fxHand, "translation", "CUBICSPLINE", keys[:2], move},
	}
}

// fixtureRest is the rest TRS of each glTF node of the fixture.
func fixtureRest() []transform.TRS {
	rest := make([]transform.TRS, fxHand+1)
	for i := range rest {
		rest[i] = transform.Identity()
	}
	rest[fxShoulder].Position = mgl64.Vec3{0.1, 0.2, -0.1}
	rest[fxShoulder].Rotation = transform.EulerDeg(10, 0, 20)
	rest[fxUpper].Position = mgl64.Vec3{0, 0.3, 0}
	rest[fxFore].Position = mgl64.Vec3{0, 1, 0}
	rest[fxHand].Position = mgl64.Vec3{0, 1, 0}
	rest[fxHand].Scale = mgl64.Vec3{1.2, 0.8, 1}
	return rest
}

// fixture returns the fixture file: a tube of rings along the arm,
// skinned to the four joints (each ring's points to the joint whose
// segment holds it, blended linearly with the next over 0.25 around each
// joint), with the animation of fixtureChannels. It is bound at the rest
// pose without Hand's rest scale (1.2, 0.8, 1): the inverse bind
// matrices are the inverses of those worlds. Blender's bones hold no
// scale in their rest (edit) pose, and its importer cannot reproduce a
// bind pose with a non-uniform scale on points blended between joints
// (measured: 4e-4 of the size off at the rest pose); bound without it,
// the scale is a pose scale and the rest pose already deforms the
// hand's points.
func fixture() []byte {
	k := gltfgen.NewKit()
	rest := fixtureRest()
	parent := []int{-1, -1, fxShoulder, fxUpper, fxFore}
	bind := slices.Clone(rest)
	bind[fxHand].Scale = mgl64.Vec3{1, 1, 1}
	world := make([]mgl64.Mat4, len(bind))
	for i, r := range bind {
		world[i] = r.Mat4()
		if parent[i] >= 0 {
			world[i] = world[parent[i]].Mul4(world[i])
		}
	}
	joints := []int{fxShoulder, fxUpper, fxFore, fxHand}
	// start[j] is where joint j's segment starts along the arm, in
	// Upper's rest frame (y up the arm); the last joint reaches to 2.6.
	start := []float64{-0.3, 0, 1, 2}
	const rings, around, radius = 21, 6, 0.15
	var pos, wts []float64
	var jnt []byte
	for r := range rings {
		y := -0.3 + 2.9*float64(r)/float64(rings-1)
		var w [4]float64
		for j := range joints {
			end := 2.6
			if j+1 < len(joints) {
				end = start[j+1]
			}
			if y >= start[j] && y < end || j == len(joints)-1 && y >= end {
				w[j] = 1
			}
		}
		// Blend over 0.25 around each joint between segments.
		for j := 1; j < len(joints); j++ {
			if d := y - start[j]; math.Abs(d) < 0.125 {
				u := (d + 0.125) / 0.25
				w = [4]float64{}
				w[j-1], w[j] = 1-u, u
			}
		}
		for a := range around {
			th := 2 * math.Pi * float64(a) / around
			p := world[fxUpper].Mul4x1(mgl64.Vec4{radius * math.Cos(th), y, radius * math.Sin(th), 1})
			pos = append(pos, p[0], p[1], p[2])
			wts = append(wts, w[:]...)
			jnt = append(jnt, 0, 1, 2, 3)
		}
	}
	var idx []int
	for r := range rings - 1 {
		for a := range around {
			b := (a + 1) % around
			p, q, s, t := r*around+a, r*around+b, (r+1)*around+a, (r+1)*around+b
			idx = append(idx, p, s, q, q, s, t)
		}
	}
	var ibm []float64
	for _, j := range joints {
		inv := world[j].Inv()
		ibm = append(ibm, inv[:]...)
	}
	ja := k.Accessor(map[string]any{"bufferView": k.View(jnt), "componentType": 5121, "count": len(jnt) / 4, "type": "VEC4"})
	mesh := k.Mesh(map[string]any{"name": "Tube", "primitives": []any{map[string]any{
		"attributes": map[string]any{"POSITION": k.Floats("VEC3", 3, pos...), "JOINTS_0": ja, "WEIGHTS_0": k.Floats("VEC4", 4, wts...)},
		"indices":    k.Ushorts(idx...)}}})
	names := []string{"Skin", "Shoulder", "Upper", "Fore", "Hand"}
	for i, r := range rest {
		n := map[string]any{"name": names[i]}
		if r.Position != (mgl64.Vec3{}) {
			n["translation"] = r.Position[:]
		}
		if r.Rotation != mgl64.QuatIdent() {
			q := r.Rotation
			n["rotation"] = []float64{q.V[0], q.V[1], q.V[2], q.W}
		}
		if r.Scale != (mgl64.Vec3{1, 1, 1}) {
			n["scale"] = r.Scale[:]
		}
		for c := range parent {
			if parent[c] == i {
				n["children"] = []int{c}
			}
		}
		if i == fxSkin {
			n["mesh"], n["skin"] = mesh, 0
		}
		k.Node(n)
	}
	k.Doc["skins"] = []any{map[string]any{"joints": joints, "inverseBindMatrices": k.Floats("MAT4", 16, ibm...), "skeleton": fxShoulder}}
	var channels, samplers []any
	for _, c := range fixtureChannels() {
		in := k.Floats("SCALAR", 1, c.times...)
		k.Accessors[in].(map[string]any)["min"] = []float64{c.times[0]}
		k.Accessors[in].(map[string]any)["max"] = []float64{c.times[len(c.times)-1]}
		typ, n := "VEC3", 3
		if c.path == "rotation" {
			typ, n = "VEC4", 4
		}
		samplers = append(samplers, map[string]any{"input": in, "output": k.Floats(typ, n, c.values...), "interpolation": c.interp})
		channels = append(channels, map[string]any{"sampler": len(samplers) - 1, "target": map[string]any{"node": c.node, "path": c.path}})
	}
	k.Doc["animations"] = []any{map[string]any{"name": "flex", "channels": channels, "samplers": samplers}}
	return k.Bytes()
}
