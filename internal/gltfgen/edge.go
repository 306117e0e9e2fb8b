package gltfgen

import (
	"encoding/binary"
	"math"
)

// EdgeFiles returns valid glTF files, each built here, that hold what a
// bake most easily gets wrong and the public sample models lack:
// instances under a stretched node, sparse and quantized accessors under
// one, one mesh at several sizes, a node without a transform under a
// turned parent, a small sheared matrix the validator passes, a skinned
// mesh alone under a stretched joint chain, a model in millimetres. The
// Khronos validator reports no error on any (make publiccheck); the Go
// tests bake each and check the copy with an independent reader
// (cmd_public_test.go).
func EdgeFiles() []File {
	return []File{
		{Name: "instanced-stretch.gltf", Data: instancedStretch()},
		{Name: "sparse-quantized.gltf", Data: sparseQuantized()},
		{Name: "shared-sizes.gltf", Data: sharedSizes()},
		{Name: "sheared-small.gltf", Data: shearedSmall()},
		{Name: "skinned-stretch.gltf", Data: skinnedStretch()},
		{Name: "millimetres.gltf", Data: millimetres()},
	}
}

// quatAxis returns glTF's (x, y, z, w) for a turn of deg degrees about
// the unit axis (x, y, z).
func quatAxis(x, y, z, deg float64) []float64 {
	h := deg * math.Pi / 360
	s := math.Sin(h)
	return []float64{x * s, y * s, z * s, math.Cos(h)}
}

// box adds the unit box as a triangle mesh of 8 corners and 12
// triangles and returns the mesh.
func (k *Kit) box() int {
	var p []float64
	for _, c := range [8][3]float64{{-.5, -.5, -.5}, {.5, -.5, -.5}, {.5, .5, -.5}, {-.5, .5, -.5}, {-.5, -.5, .5}, {.5, -.5, .5}, {.5, .5, .5}, {-.5, .5, .5}} {
		p = append(p, c[0], c[1], c[2])
	}
	pos := k.Floats("VEC3", 3, p...)
	idx := k.Ushorts(0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 6, 2, 3, 7, 6, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5)
	return k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos}, "indices": idx}}})
}

// instancedStretch: "Stretched" (scale (2, 1, 1), turned 30° about z)
// draws a box by EXT_mesh_gpu_instancing at three instances (no turn, a
// quarter turn and 45° about z: the last does not commute with the
// stretch, so the bake makes the instances nodes); "Uniform" (size 2,
// turned 20° about x) draws it at two turned instances (the bake
// rewrites them).
func instancedStretch() []byte {
	k := NewKit()
	box := k.box()
	instancing := func(turns ...float64) map[string]any {
		var t, r, s []float64
		for i, deg := range turns {
			t = append(t, float64(2*i), 0, 0)
			r = append(r, quatAxis(0, 0, 1, deg)...)
			s = append(s, 1, 1+float64(i), 1)
		}
		return map[string]any{"EXT_mesh_gpu_instancing": map[string]any{"attributes": map[string]any{
			"TRANSLATION": k.Floats("VEC3", 3, t...), "ROTATION": k.Floats("VEC4", 4, r...), "SCALE": k.Floats("VEC3", 3, s...)}}}
	}
	k.Node(map[string]any{"name": "Stretched", "mesh": box, "scale": []float64{2, 1, 1}, "rotation": quatAxis(0, 0, 1, 30), "extensions": instancing(0, 90, 45)})
	k.Node(map[string]any{"name": "Uniform", "mesh": box, "scale": []float64{2, 2, 2}, "rotation": quatAxis(1, 0, 0, 20), "translation": []float64{0, 5, 0}, "extensions": instancing(10, 60)})
	k.Doc["extensionsUsed"] = []string{"EXT_mesh_gpu_instancing"}
	return k.Bytes()
}

// sparseQuantized: "Sparse" (scale (1, 2, 1), under "Turned", 40° about
// y) draws a quad whose POSITION is sparse (two of four corners moved);
// "Quant" (scale (3, 1, 1), turned 25° about z) draws a triangle of
// normalized SHORT positions (KHR_mesh_quantization, required).
func sparseQuantized() []byte {
	k := NewKit()
	pos := k.Floats("VEC3", 3, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0)
	k.Accessors[pos].(map[string]any)["max"] = []float64{2, 3, 0}
	k.Accessors[pos].(map[string]any)["sparse"] = map[string]any{"count": 2,
		"indices": map[string]any{"bufferView": k.View([]byte{1, 0, 3, 0}), "componentType": 5123},
		"values":  map[string]any{"bufferView": k.View(floats32(2, 0, 0, 0, 3, 0))}}
	quad := k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos}, "indices": k.Ushorts(0, 1, 2, 0, 2, 3)}}})
	// Three VEC3 of SHORT, each padded to 8 bytes (vertex attributes are
	// 4-byte aligned); min and max in the stored integers, as the spec
	// wants them for a normalized accessor.
	var q []byte
	for _, v := range [][3]int16{{0, 0, 0}, {32767, 0, 0}, {0, 16384, -8192}} {
		for _, c := range v {
			q = binary.LittleEndian.AppendUint16(q, uint16(c))
		}
		q = append(q, 0, 0)
	}
	qv := k.View(q)
	k.Views[qv].(map[string]any)["byteStride"] = 8
	qa := k.Accessor(map[string]any{"bufferView": qv, "componentType": 5122, "normalized": true, "count": 3, "type": "VEC3",
		"min": []int{0, 0, -8192}, "max": []int{32767, 16384, 0}})
	tri := k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": qa}}}})
	k.Node(map[string]any{"name": "Turned", "rotation": quatAxis(0, 1, 0, 40), "children": []int{1}})
	k.Node(map[string]any{"name": "Sparse", "mesh": quad, "scale": []float64{1, 2, 1}, "rotation": quatAxis(0, 0, 1, 15)})
	k.Node(map[string]any{"name": "Quant", "mesh": tri, "scale": []float64{3, 1, 1}, "rotation": quatAxis(0, 0, 1, 25), "translation": []float64{4, 0, 0}})
	k.Doc["extensionsUsed"] = []string{"KHR_mesh_quantization"}
	k.Doc["extensionsRequired"] = []string{"KHR_mesh_quantization"}
	return k.Bytes()
}

// floats32 packs float32 values little-endian.
func floats32(vals ...float32) []byte {
	b := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

// sharedSizes: under "Parent" (scale (1, 2, 1), turned 35° about z) one
// box is drawn by "One" (size 1, turned 10° about x) and "Two" (size 2,
// the same turn), so their meshes need forms M and 2M; "Plain", without
// a transform, sits under "Tilted" (turned 7° about (1, 1, 1)), where
// rounding once wrote a rotation component 1.0000000000000002.
func sharedSizes() []byte {
	k := NewKit()
	box := k.box()
	k.Node(map[string]any{"name": "Parent", "scale": []float64{1, 2, 1}, "rotation": quatAxis(0, 0, 1, 35), "children": []int{1, 2}})
	k.Node(map[string]any{"name": "One", "mesh": box, "rotation": quatAxis(1, 0, 0, 10)})
	k.Node(map[string]any{"name": "Two", "mesh": box, "scale": []float64{2, 2, 2}, "rotation": quatAxis(1, 0, 0, 10), "translation": []float64{3, 0, 0}})
	s := 1 / math.Sqrt(3)
	k.Node(map[string]any{"name": "Tilted", "rotation": quatAxis(s, s, s, 7), "translation": []float64{0, 6, 0}, "children": []int{4}})
	k.Node(map[string]any{"name": "Plain", "mesh": box})
	return k.Bytes()
}

// shearedSmall: "Small" given by the matrix of the shear x += 0.5 y
// times 1e-5 (the validator's tolerance is absolute, 5e-5, so it passes),
// over "Kid" (turned 30° about y) drawing a box of 10^5 units.
func shearedSmall() []byte {
	k := NewKit()
	big := k.Floats("VEC3", 3, -5e4, -5e4, -5e4, 5e4, -5e4, -5e4, 5e4, 5e4, -5e4, -5e4, 5e4, 5e4)
	mesh := k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": big}, "indices": k.Ushorts(0, 1, 2, 0, 2, 3)}}})
	const s = 1e-5
	k.Node(map[string]any{"name": "Small", "matrix": []float64{s, 0, 0, 0, 0.5 * s, s, 0, 0, 0, 0, s, 0, 0, 1, 0, 1}, "children": []int{1}, "mesh": mesh})
	k.Node(map[string]any{"name": "Kid", "mesh": mesh, "rotation": quatAxis(0, 1, 0, 30), "translation": []float64{1e5, 0, 0}})
	return k.Bytes()
}

// skinnedStretch: a box skinned alone: joints "Hip" (scale (1, 3, 1)) >
// "Knee" (turned 30° about z, at (0, 1, 0)); its lower corners bound to
// Hip, its upper ones half to each; inverse bind matrices the inverse of
// each joint's rest world.
func skinnedStretch() []byte {
	k := NewKit()
	var p []float64
	for _, c := range [8][3]float64{{-.5, 0, -.5}, {.5, 0, -.5}, {.5, 2, -.5}, {-.5, 2, -.5}, {-.5, 0, .5}, {.5, 0, .5}, {.5, 2, .5}, {-.5, 2, .5}} {
		p = append(p, c[0], c[1], c[2])
	}
	pos := k.Floats("VEC3", 3, p...)
	idx := k.Ushorts(0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 6, 2, 3, 7, 6, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5)
	joints := make([]byte, 32)
	var w []float64
	for i := range 8 {
		joints[4*i], joints[4*i+1] = 0, 1
		if i == 2 || i == 3 || i == 6 || i == 7 {
			w = append(w, 0.5, 0.5, 0, 0)
		} else {
			w = append(w, 1, 0, 0, 0)
		}
	}
	ja := k.Accessor(map[string]any{"bufferView": k.View(joints), "componentType": 5121, "count": 8, "type": "VEC4"})
	wa := k.Floats("VEC4", 4, w...)
	// Hip's rest world is diag(1, 3, 1); Knee's is Hip's times T(0,1,0)
	// Rz(30°): inverses written out (column-major).
	c, s := math.Cos(math.Pi/6), math.Sin(math.Pi/6)
	hipInv := []float64{1, 0, 0, 0, 0, 1.0 / 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
	// Knee world K = [[c, -s, 0, 0], [3s, 3c, 0, 3], [0, 0, 1, 0]]; its
	// inverse by hand: the linear part's inverse is [[c, s/3], [-s, c/3]]
	// (det 3(c²+s²) = 3), the translation -inv * (0, 3, 0) = (-s, -c, 0).
	kneeInv := []float64{c, -s, 0, 0, s / 3, c / 3, 0, 0, 0, 0, 1, 0, -s, -c, 0, 1}
	ibm := k.Floats("MAT4", 16, append(hipInv, kneeInv...)...)
	mesh := k.Mesh(map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": pos, "JOINTS_0": ja, "WEIGHTS_0": wa}, "indices": idx}}})
	k.Node(map[string]any{"name": "Hip", "scale": []float64{1, 3, 1}, "children": []int{1}})
	k.Node(map[string]any{"name": "Knee", "rotation": quatAxis(0, 0, 1, 30), "translation": []float64{0, 1, 0}})
	k.Node(map[string]any{"name": "Skin", "mesh": mesh, "skin": 0})
	k.Doc["skins"] = []any{map[string]any{"joints": []int{0, 1}, "inverseBindMatrices": ibm}}
	return k.Bytes()
}

// millimetres: a rig about 800 units wide: "Base" (scale (1, 2.5, 1))
// > "Arm" (turned 35° about z, at (0, 300, 0)) > "Hand" (at (0, 200, 0)),
// each a box of 200 units.
func millimetres() []byte {
	k := NewKit()
	box := k.box()
	k.Node(map[string]any{"name": "Base", "mesh": box, "scale": []float64{200, 500, 200}, "children": []int{1}})
	k.Node(map[string]any{"name": "Arm", "mesh": box, "translation": []float64{0, 0.6, 0}, "rotation": quatAxis(0, 0, 1, 35), "scale": []float64{1, 0.4, 1}, "children": []int{2}})
	k.Node(map[string]any{"name": "Hand", "mesh": box, "translation": []float64{0, 1, 0}, "scale": []float64{2, 1, 1}})
	return k.Bytes()
}
