package gltfgen

import "math"

// primitiveOf appends m's accessors (POSITION with min/max; NORMAL and
// TANGENT when m has them; indices as u16, or u32 when wide) and returns
// an indexed TRIANGLES primitive (mode left out: glTF's default, 4).
func (b *builder) primitiveOf(m meshData, wide bool) primitive {
	attrs := map[string]int{"POSITION": b.positions(m.Positions)}
	if len(m.Normals) > 0 {
		attrs["NORMAL"] = b.floats(vec3s(m.Normals), "VEC3", targetArray, false)
	}
	if len(m.Tangents) > 0 {
		attrs["TANGENT"] = b.floats(vec4s(m.Tangents), "VEC4", targetArray, false)
	}
	var idx int
	if wide {
		idx = b.indices32(m.Indices)
	} else {
		idx = b.indices16(m.Indices)
	}
	return primitive{Attributes: attrs, Indices: ptr(idx)}
}

// boxMesh appends the box with normals and tangents as a mesh named "box".
func (b *builder) boxMesh() int {
	return b.addMesh(mesh{Name: "box", Primitives: []primitive{b.primitiveOf(box(), false)}})
}

// Piston returns piston.gltf (its buffer a base64 data URI), scene 0 =
// [Root] and the default. Nodes (units; quaternions [x, y, z, w]):
//   - 0 Root: translation (2.5, 3, 3), no mesh; child A.
//   - 1 A: translation (0, 0, 1.5), rotation [0, 0.7071067811865476, 0,
//     0.7071067811865476] (the quaternion (w, x, y, z) = (0.71, 0, 0.71,
//     0) normalized: a quarter turn about y), scale (0.25, 0.25, 2), mesh
//     "cylinder"; child B.
//   - 2 B: translation (0, 0, 0.5), identity rotation [0, 0, 0, 1], scale
//     (4, 4, 0.5), mesh "cylinder".
//
// The cylinder has radius CylinderRadius and length CylinderLength along
// local z, centred on the origin, CylinderSegments segments, both caps
// (with their centres as vertices), indexed u16 TRIANGLES.
func Piston() []File {
	b := newBuilder()
	cyl := b.addMesh(mesh{Name: "cylinder", Primitives: []primitive{b.primitiveOf(cylinder(), false)}})
	b.addNode(node{Name: "Root", Children: []int{1}, Translation: []float64{2.5, 3, 3}})
	b.addNode(node{Name: "A", Children: []int{2}, Mesh: ptr(cyl), Translation: []float64{0, 0, 1.5},
		Rotation: []float64{0, 0.7071067811865476, 0, 0.7071067811865476}, Scale: []float64{0.25, 0.25, 2}})
	b.addNode(node{Name: "B", Mesh: ptr(cyl), Translation: []float64{0, 0, 0.5},
		Rotation: []float64{0, 0, 0, 1}, Scale: []float64{4, 4, 0.5}})
	b.oneScene(0)
	return []File{b.embedded("piston.gltf")}
}

// rig builds the rig of Rig.
func rig() *builder {
	b := newBuilder()
	bx := b.boxMesh()
	b.addNode(node{Name: "Hips", Children: []int{1, 3}, Mesh: ptr(bx),
		Translation: []float64{0, 1, 0}, Scale: []float64{1, 2.5, 1}})
	b.addNode(node{Name: "Spine", Children: []int{2}, Mesh: ptr(bx),
		Translation: []float64{0, 0.8, 0}, Rotation: quat(0, 0, 1, 35)})
	b.addNode(node{Name: "Head", Mesh: ptr(bx),
		Translation: []float64{0, 0.9, 0}, Rotation: quat(1, 0, 0, 25), Scale: []float64{0.6, 0.6, 0.6}})
	b.addNode(node{Name: "Tail", Mesh: ptr(bx),
		// A quarter turn written as [0, sqrt(1/2), 0, sqrt(1/2)] with equal
		// components (quat's sine and cosine of 45 degrees differ in the
		// last bit).
		Translation: []float64{0, -0.6, 0}, Rotation: []float64{0, math.Sqrt2 / 2, 0, math.Sqrt2 / 2}})
	b.oneScene(0)
	return b
}

// Rig returns rig.gltf and the adjacent rig.bin it names by the relative
// URI "rig.bin": a skewed three-level rig, scene 0 = [Hips] and the
// default. Nodes (units; rotations are unit quaternions [x, y, z, w] of
// the angle about the axis, counter-clockwise looking down the axis),
// every one with the mesh "box" (unit cube -0.5..0.5, 24 vertices with
// per-face NORMAL and TANGENT, w = 1, 12 u16-indexed triangles):
//   - 0 Hips (root): translation (0, 1, 0), scale (1, 2.5, 1); children
//     Spine, Tail.
//   - 1 Spine: translation (0, 0.8, 0), 35 degrees about z; child Head.
//   - 2 Head: translation (0, 0.9, 0), 25 degrees about x, scale 0.6.
//   - 3 Tail: translation (0, -0.6, 0), 90 degrees about y, stored
//     [0, 0.7071067811865476, 0, 0.7071067811865476].
//
// Under matrix accumulation Spine and Head are sheared (a rotated child
// under Hips' non-uniform scale); Tail's quarter turn about y maps Hips'
// scale axes onto axes, so it is not.
func Rig() []File { return rig().external("rig.gltf", "rig.bin") }

// RigGLB returns rig.glb: the rig of Rig as one GLB with a BIN chunk.
func RigGLB() []File { return []File{rig().glb("rig.glb")} }

// Matrix returns matrix.gltf, scene 0 = [Mat, Plain] and the default:
// node 0 Mat given by a column-major "matrix" that is a valid TRS,
// translation (1, 2, 3) * 30 degrees about y * scale (2, 1, 0.5), no
// mesh; its child 1 Kid (translation (0, 1, 0), 45 degrees about x, box
// mesh); and a second root 2 Plain (translation (-2, 0, 0), scale 1.5,
// box mesh).
func Matrix() []File {
	b := newBuilder()
	bx := b.boxMesh()
	mat := trsMatrix([]float64{1, 2, 3}, quat(0, 1, 0, 30), []float64{2, 1, 0.5})
	b.addNode(node{Name: "Mat", Children: []int{1}, Matrix: mat})
	b.addNode(node{Name: "Kid", Mesh: ptr(bx), Translation: []float64{0, 1, 0}, Rotation: quat(1, 0, 0, 45)})
	b.addNode(node{Name: "Plain", Mesh: ptr(bx), Translation: []float64{-2, 0, 0}, Scale: []float64{1.5, 1.5, 1.5}})
	b.oneScene(0, 2)
	return []File{b.embedded("matrix.gltf")}
}

// ScenesBadName is the name of scenes.gltf's node 6: valid glTF (JSON
// escapes the BEL as \u0007) but unprintable.
const ScenesBadName = "Bad\u0007Name"

// Scenes returns scenes.gltf. Scene 0 "Left" = [0 Left]; scene 1 "Right"
// = [1 Right, 2 Extra] is the default ("scene": 1). Nodes: 0 Left (box);
// 1 Right (perspective camera 0; children 3, 5, 6); 2 Extra (a skinned
// box, skin 0); 3 Twin (joint 0; child 4); 4 Twin (joint 1, translation
// 0,1,0, rotated by animation 0); 5 no name (KHR_lights_punctual point
// light 0); 6 ScenesBadName (box). The skin's inverseBindMatrices are two
// identity MAT4s; animation 0 has one LINEAR rotation channel on node 4
// with input times 0 and 1 s and output quaternions identity and 90
// degrees about z. KHR_lights_punctual is in extensionsUsed only.
func Scenes() []File {
	b := newBuilder()
	bx := b.boxMesh()
	sk := skinnedBox()
	prim := b.primitiveOf(sk.meshData, false)
	prim.Attributes["JOINTS_0"] = b.ubytes4(sk.joints)
	prim.Attributes["WEIGHTS_0"] = b.floats(vec4s(sk.weights), "VEC4", targetArray, false)
	skinned := b.addMesh(mesh{Name: "skinned box", Primitives: []primitive{prim}})

	ident := []float32{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
	ibm := b.floats([][]float32{ident, ident}, "MAT4", 0, false)
	b.doc.Skins = []skin{{Name: "twins", InverseBindMatrices: ptr(ibm), Skeleton: ptr(3), Joints: []int{3, 4}}}

	times := b.floats([][]float32{{0}, {1}}, "SCALAR", 0, true)
	q := quat(0, 0, 1, 90)
	turns := b.floats([][]float32{{0, 0, 0, 1}, {float32(q[0]), float32(q[1]), float32(q[2]), float32(q[3])}}, "VEC4", 0, false)
	b.doc.Animations = []animation{{
		Name:     "nod",
		Channels: []animationChannel{{Sampler: 0, Target: channelTarget{Node: ptr(4), Path: "rotation"}}},
		Samplers: []animationSampler{{Input: times, Interpolation: "LINEAR", Output: turns}},
	}}

	b.doc.Cameras = []camera{{Name: "eye", Type: "perspective",
		Perspective: &perspective{AspectRatio: 1.5, Yfov: 0.8, Znear: 0.1, Zfar: 100}}}
	b.doc.ExtensionsUsed = []string{"KHR_lights_punctual"}
	b.doc.Extensions = map[string]any{"KHR_lights_punctual": map[string]any{
		"lights": []any{map[string]any{"name": "lamp", "type": "point", "color": []float64{1, 1, 1}, "intensity": 10}},
	}}

	b.addNode(node{Name: "Left", Mesh: ptr(bx), Translation: []float64{-2, 0, 0}})
	b.addNode(node{Name: "Right", Camera: ptr(0), Children: []int{3, 5, 6}, Translation: []float64{2, 0, 0}})
	b.addNode(node{Name: "Extra", Mesh: ptr(skinned), Skin: ptr(0)})
	b.addNode(node{Name: "Twin", Children: []int{4}})
	b.addNode(node{Name: "Twin", Translation: []float64{0, 1, 0}})
	b.addNode(node{Translation: []float64{0, 3, 0},
		Extensions: map[string]any{"KHR_lights_punctual": map[string]any{"light": 0}}})
	b.addNode(node{Name: ScenesBadName, Mesh: ptr(bx), Translation: []float64{0, 0, 2}})
	b.doc.Scenes = []scene{{Name: "Left", Nodes: []int{0}}, {Name: "Right", Nodes: []int{1, 2}}}
	b.doc.Scene = ptr(1)
	return []File{b.embedded("scenes.gltf")}
}

// skinnedBoxData is the box with one joint per vertex: joint 0 below
// y = 0, joint 1 above, weight 1.
type skinnedBoxData struct {
	meshData
	joints  [][4]uint8
	weights [][4]float32
}

func skinnedBox() skinnedBoxData {
	m := box()
	s := skinnedBoxData{meshData: meshData{Positions: m.Positions, Indices: m.Indices}}
	for _, p := range m.Positions {
		j := uint8(0)
		if p[1] > 0 {
			j = 1
		}
		s.joints = append(s.joints, [4]uint8{j, 0, 0, 0})
		s.weights = append(s.weights, [4]float32{1, 0, 0, 0})
	}
	return s
}

// Prims returns prims.gltf: node "Prims" with mesh "prims", whose seven
// non-indexed primitives have the modes 0 POINTS, 1 LINES, 2 LINE_LOOP,
// 3 LINE_STRIP, 4 TRIANGLES, 5 TRIANGLE_STRIP and 6 TRIANGLE_FAN in that
// order, each mode written explicitly (even TRIANGLES) and each with its
// own POSITION accessor (4, 4, 4, 4, 6, 4 and 6 vertices), laid out 2
// units apart along x in the plane z = 0.
func Prims() []File {
	b := newBuilder()
	var prims []primitive
	for mode := range 7 {
		var pts [][3]float32
		for _, p := range primsShape(mode) {
			pts = append(pts, [3]float32{p[0] + 2*float32(mode), p[1], 0})
		}
		prims = append(prims, primitive{Attributes: map[string]int{"POSITION": b.positions(pts)}, Mode: ptr(mode)})
	}
	pm := b.addMesh(mesh{Name: "prims", Primitives: prims})
	b.addNode(node{Name: "Prims", Mesh: ptr(pm)})
	b.oneScene(0)
	return []File{b.embedded("prims.gltf")}
}

// primsShape returns the xy points of one primitive of the given mode:
// a unit square's corners for points and lines, two triangles for
// TRIANGLES and the strip, and a fan of four triangles round a centre.
func primsShape(mode int) [][2]float32 {
	square := [][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	switch mode {
	case 4:
		return [][2]float32{{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}}
	case 5:
		return [][2]float32{{0, 0}, {1, 0}, {0, 1}, {1, 1}}
	case 6:
		fan := [][2]float32{{0.5, 0.5}}
		for i := range 5 {
			a := math.Pi * float64(i) / 4
			fan = append(fan, [2]float32{float32(0.5 + 0.5*math.Cos(a)), float32(0.5 + 0.5*math.Sin(a))})
		}
		return fan
	}
	return square
}

// Mirrored returns mirrored.gltf, scene 0 = [Stretch] and the default: a
// mirror under a non-uniform scale with a rotated child, every node with
// the box mesh (NORMAL and TANGENT), for a bake test of winding. Nodes:
// 0 Stretch (scale (1, 2, 1)) > 1 Mirror (translation (1.5, 0, 0), scale
// (-1, 1, 1): determinant negative) > 2 Turned (translation (0, 1, 0),
// 30 degrees about z).
func Mirrored() []File {
	b := newBuilder()
	bx := b.boxMesh()
	b.addNode(node{Name: "Stretch", Children: []int{1}, Mesh: ptr(bx), Scale: []float64{1, 2, 1}})
	b.addNode(node{Name: "Mirror", Children: []int{2}, Mesh: ptr(bx),
		Translation: []float64{1.5, 0, 0}, Scale: []float64{-1, 1, 1}})
	b.addNode(node{Name: "Turned", Mesh: ptr(bx), Translation: []float64{0, 1, 0}, Rotation: quat(0, 0, 1, 30)})
	b.oneScene(0)
	return []File{b.embedded("mirrored.gltf")}
}

// Big returns big.glb: one node "Grid" with mesh "grid", a gently waved
// grid of GridCells(triangles) cells a side ((n+1)^2 vertices, 2*n*n
// triangles, u32 indices), for load-time and edge-cap benchmarks.
func Big(triangles int) []File {
	b := newBuilder()
	g := b.addMesh(mesh{Name: "grid", Primitives: []primitive{b.primitiveOf(grid(GridCells(triangles)), true)}})
	b.addNode(node{Name: "Grid", Mesh: ptr(g)})
	b.oneScene(0)
	return []File{b.glb("big.glb")}
}

// Lights returns lights.gltf, scene 0 = [Rig] and the default: a camera
// and KHR_lights_punctual lights under a scaled, turned parent, for the
// bake's check that cameras and lights keep their world frame. Nodes
// (units; rotations about an axis, counter-clockwise looking down it):
//   - 0 Rig: translation (1, 2, 3), 45 degrees about y, scale (1, 2, 1),
//     the box mesh, directional light 0 "sun"; children Eye, Spot, Lamp.
//   - 1 Eye: translation (0, 1, 0), 45 degrees about x, perspective
//     camera 0 "eye".
//   - 2 Spot: translation (0, 0, 1), -45 degrees about x, spot light 1
//     "spot" (inner cone 0.3, outer 0.6 radians, range 20).
//   - 3 Lamp: translation (0, -1, 0), point light 2 "lamp".
//
// Under matrix accumulation (L = R_y(45) diag(1, 2, 1) R_x(+-45)) Eye
// looks along R_y(45) (0, 2, -1)/sqrt(5) with up R_y(45) (0, 1, 2)/sqrt(5)
// from (1, 4, 3), and Spot along R_y(45) (0, -2, -1)/sqrt(5) with up
// R_y(45) (0, 1, -2)/sqrt(5) from (1 + sqrt(1/2), 2, 3 + sqrt(1/2)): the
// y stretch turns both away from their nodes' rotation.
func Lights() []File {
	b := newBuilder()
	bx := b.boxMesh()
	b.doc.Cameras = []camera{{Name: "eye", Type: "perspective",
		Perspective: &perspective{AspectRatio: 1.5, Yfov: 0.8, Znear: 0.1, Zfar: 100}}}
	b.doc.ExtensionsUsed = []string{"KHR_lights_punctual"}
	b.doc.Extensions = map[string]any{"KHR_lights_punctual": map[string]any{
		"lights": []any{
			map[string]any{"name": "sun", "type": "directional", "color": []float64{1, 1, 0.9}, "intensity": 3},
			map[string]any{"name": "spot", "type": "spot", "intensity": 40, "range": 20,
				"spot": map[string]any{"innerConeAngle": 0.3, "outerConeAngle": 0.6}},
			map[string]any{"name": "lamp", "type": "point", "intensity": 10},
		},
	}}
	light := func(i int) map[string]any { return map[string]any{"KHR_lights_punctual": map[string]any{"light": i}} }
	b.addNode(node{Name: "Rig", Children: []int{1, 2, 3}, Mesh: ptr(bx), Translation: []float64{1, 2, 3},
		Rotation: quat(0, 1, 0, 45), Scale: []float64{1, 2, 1}, Extensions: light(0)})
	b.addNode(node{Name: "Eye", Camera: ptr(0), Translation: []float64{0, 1, 0}, Rotation: quat(1, 0, 0, 45)})
	b.addNode(node{Name: "Spot", Translation: []float64{0, 0, 1}, Rotation: quat(1, 0, 0, -45), Extensions: light(1)})
	b.addNode(node{Name: "Lamp", Translation: []float64{0, -1, 0}, Extensions: light(2)})
	b.oneScene(0)
	return []File{b.embedded("lights.gltf")}
}
