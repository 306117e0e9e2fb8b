package gltfgen

import "math"

// The stretchy arm's shape (units along the arm's length axis, y in
// Root's frame): rings of ArmSegments vertices at y = k * ArmRingStep,
// k = 0 .. ArmRings-1, the elbow at y = 1, the wrist at y = 2, the
// fingertip at y = 2.3.
const (
	ArmSegments = 16
	ArmRings    = 24
	ArmRingStep = 0.1
)

// The stretch animation's peak, at t = 1 s: the upper arm's scale
// (ArmSquash, ArmStretch, ArmSquash), volume 1, and the forearm's bend
// about z in degrees.
const (
	ArmStretch = 2.0
	ArmBendDeg = 100.0
)

// ArmSquash is 1/sqrt(2), the upper arm's x and z scale at the peak:
// ArmSquash^2 * ArmStretch = 1, so the stretch keeps its volume.
var ArmSquash = 1 / math.Sqrt2

// armRadius returns the arm's radius at height y: 0.16 at the shoulder
// narrowing to 0.10 at the wrist, then to 0.05 at the fingertip.
func armRadius(y float64) float64 {
	if y <= 2 {
		return 0.16 - 0.03*y
	}
	return 0.10 - 0.05*(y-2)/0.3
}

// armWeights returns ring k's joints (0 Upper, 1 Fore, 2 Hand) and
// weights: the upper arm alone up to y = 0.8, blended in quarters to the
// forearm at y = 0.9, 1.0, 1.1, the forearm alone from 1.2 to 1.8,
// blended in quarters to the hand at y = 1.9, 2.0, 2.1, the hand alone
// beyond. The weights are exact in float32 and sum to 1.
func armWeights(k int) ([4]uint8, [4]float32) {
	blend := func(j int, w float32) ([4]uint8, [4]float32) {
		return [4]uint8{uint8(j), uint8(j + 1), 0, 0}, [4]float32{1 - w, w, 0, 0}
	}
	switch {
	case k <= 8:
		return [4]uint8{0, 0, 0, 0}, [4]float32{1, 0, 0, 0}
	case k <= 11:
		return blend(0, float32(k-8)/4)
	case k <= 18:
		return [4]uint8{1, 0, 0, 0}, [4]float32{1, 0, 0, 0}
	case k <= 21:
		return blend(1, float32(k-18)/4)
	}
	return [4]uint8{2, 0, 0, 0}, [4]float32{1, 0, 0, 0}
}

// rootTurn maps Root's frame, where the arm lies along +y, to the world,
// where it lies along +x: a turn of -90 degrees about z, (x, y, z) ->
// (y, -x, z), exact in float32.
func rootTurn(p [3]float64) [3]float32 {
	return [3]float32{float32(p[1]), float32(-p[0]), float32(p[2])}
}

// armMesh returns the arm's skin in the world bind pose: ArmRings rings
// of ArmSegments vertices (ring k at y = k*ArmRingStep in Root's frame,
// vertex i at angle 2*pi*i/ArmSegments about the length axis, radius
// armRadius(y)), then the shoulder's and the fingertip's centre; side
// quads as two triangles and a fan at each end, wound outward; with each
// vertex's joints and weights (armWeights; the shoulder centre on Upper,
// the fingertip on Hand).
func armMesh() (m meshData, joints [][4]uint8, weights [][4]float32) {
	const n = ArmSegments
	for k := range ArmRings {
		y := float64(k) * ArmRingStep
		r := armRadius(y)
		j, w := armWeights(k)
		for i := range n {
			a := 2 * math.Pi * float64(i) / n
			m.Positions = append(m.Positions, rootTurn([3]float64{r * math.Cos(a), y, r * math.Sin(a)}))
			joints, weights = append(joints, j), append(weights, w)
		}
	}
	tip := float64(ArmRings-1) * ArmRingStep
	m.Positions = append(m.Positions, rootTurn([3]float64{0, 0, 0}), rootTurn([3]float64{0, tip, 0}))
	joints = append(joints, [4]uint8{0, 0, 0, 0}, [4]uint8{2, 0, 0, 0})
	weights = append(weights, [4]float32{1, 0, 0, 0}, [4]float32{1, 0, 0, 0})
	shoulder, fingertip := uint32(n*ArmRings), uint32(n*ArmRings+1)
	for k := range uint32(ArmRings - 1) {
		for i := range uint32(n) {
			i1 := (i + 1) % n
			a, b, c, d := k*n+i, k*n+i1, (k+1)*n+i, (k+1)*n+i1
			m.Indices = append(m.Indices, a, c, d, a, d, b)
		}
	}
	top := uint32(ArmRings-1) * n
	for i := range uint32(n) {
		i1 := (i + 1) % n
		m.Indices = append(m.Indices, shoulder, i, i1, fingertip, top+i1, top+i)
	}
	return m, joints, weights
}

// armQuatZ returns glTF's [x, y, z, w] of a turn of deg degrees about z.
func armQuatZ(deg float64) []float32 {
	q := quat(0, 0, 1, deg)
	return []float32{float32(q[0]), float32(q[1]), float32(q[2]), float32(q[3])}
}

// StretchyArm returns stretchy-arm.gltf (its buffer a base64 data URI),
// the production case of issue 29: a skinned arm whose upper arm
// stretches with volume-preserving squash while the forearm bends.
// Scene 0 (the default) = [Root, Arm]. Nodes (units; quaternions
// [x, y, z, w], counter-clockwise looking down the axis):
//   - 0 Root: turned -90 degrees about z ([0, 0, -sqrt(1/2), sqrt(1/2)]),
//     so that the arm, along +y in Root's frame, points along world +x;
//     child Upper.
//   - 1 Upper (the upper arm, shoulder to elbow): at Root's origin;
//     child Fore.
//   - 2 Fore (the forearm): translation (0, 1, 0), the elbow; child Hand.
//   - 3 Hand: translation (0, 1, 0) in Fore, the wrist.
//   - 4 Arm: a root without a transform (glTF ignores a skinned mesh
//     node's own transform), mesh "arm" skinned by skin 0 "arm"
//     (joints Upper, Fore, Hand; skeleton Root).
//
// The mesh (armMesh): 24 rings of 16 vertices from the shoulder (y = 0)
// to the fingertip (y = 2.3), radius 0.16 narrowing to 0.10 at the wrist
// and 0.05 at the fingertip, plus the two end centres: 386 vertices in
// the world bind pose (the rest pose: Root's turn applied), u16-indexed
// triangles; JOINTS_0 unsigned bytes, WEIGHTS_0 floats, blended in
// quarters over three rings at the elbow and at the wrist (armWeights).
// The inverse bind matrices are the inverses of the joints' rest worlds
// R * T(0, y_j, 0) (R Root's turn, y_j = 0, 1, 2): T(0, -y_j, 0) * R^T,
// exact in float32.
//
// Animation 0 "stretch" (2 s, LINEAR): Upper's scale (1, 1, 1) at 0 s,
// (ArmSquash, ArmStretch, ArmSquash) = (1/sqrt 2, 2, 1/sqrt 2) at 1 s
// (the volume kept: (1/sqrt 2)^2 * 2 = 1) and (1, 1, 1) at 2 s; Fore's
// rotation about z, 0 to ArmBendDeg = 100 degrees and back, keyed every
// 0.25 s at 100 * min(t, 2 - t) degrees (consecutive keys 25 degrees
// apart, so slerp between them turns at a constant rate: the bend is
// 100 * min(t, 2 - t) degrees at every t). The hand follows its parent.
//
// Animation 1 "shrug" (1 s) moves Root only, which every rule applies
// alike, so the rules agree throughout it: its translation is a
// CUBICSPLINE with keys at 0, 0.5 and 1 s, values (0, 0, 0), (0, 0.2, 0),
// (0, 0, 0), in-tangents (0, 0, 0), (0, 0, 0), (0, -0.6, 0) and
// out-tangents (0, 0.6, 0), (0, 0, 0), (0, 0, 0) (per second; at 0.25 s
// the spec's Hermite form gives y = 0.5 * 0.125 * 0.6 + 0.5 * 0.2 =
// 0.1375); its rotation is a STEP: Root's -90 degrees about z, -70 at
// 0.5 s, -90 again at 1 s.
//
// Where the rules disagree most (derived by hand; the audit over time
// uses it): distances are measured in Root's frame, which Root's turn
// and the shrug move rigidly under every rule, so they are the world's.
// Under "stretch" at time t in [0, 1] s (mirrored on [1, 2]) the upper
// arm's scale is (a, s, a) with s = 1 + t and a = 1 - (1 - 1/sqrt 2) t
// (LINEAR between the keys at 0 and 1 s) and the bend is theta = 100 t
// degrees. Each rule places a joint's origin at its parent's world
// applied to the joint's translation (0, 1, 0):
//   - Fore's origin is (0, s) (x, y in Root's frame; z is 0) under every
//     rule but uniform-inner-scale, which passes Upper's scale on as its
//     average u = cbrt(a * s * a) only: (0, u).
//   - Hand's origin is Fore's plus Fore's world linear part times
//     (0, 1, 0). Under accumulate-matrices and blender-fix-shear that is
//     diag(a, s, a) Rz(theta) (0, 1, 0), so Hand lies at
//     (-a sin theta, s + s cos theta); under accumulate-trs and
//     blender-aligned Rz(theta) diag(a, s, a) (0, 1, 0), so
//     (-s sin theta, s + s cos theta); under uniform-inner-scale
//     u (-sin theta, 1 + cos theta); under blender-none,
//     blender-none-legacy, maya-ssc and blender-average (cbrt of Upper's
//     volume 1 at the peak) (-sin theta, s + cos theta); under
//     skew-stripping (0, s) + k (-sin theta, cos theta), k = a sin^2
//     theta + s cos^2 theta.
//
// At t = 1 s (s = 2, a = 1/sqrt 2, u = 1, theta = 100 degrees) the two
// farthest apart are accumulate-trs and uniform-inner-scale at Hand:
// (s - u)(-sin theta, 1 + cos theta), of length (s - u) * 2 cos(theta/2)
// = 2 cos 50 degrees = 1.2856 (the next, accumulate-trs against
// accumulate-matrices, is (s - a) sin theta = 1.2733; Fore's largest is
// s - u = 1). Over time g(t) = (s - u) * 2 cos(50 t degrees) rises all
// the way to t = 1 (gltfio's TestStretchyArmWorstTime samples it every
// millisecond), and at t = 1 it still rises: s - u grows faster than the
// cosine falls, g'(1) = 1.109 * 1.286 - 1 * 1.337 = +0.089, with
// u'(1) = (2 a a' s + a^2 s')/3 = -0.109. So the worst disagreement of
// the joints' origins is Hand's, 2 cos 50 degrees = 1.2856 units, at
// t = 1 s exactly, between accumulate-trs (and blender-aligned) and
// uniform-inner-scale.
//
// Skinned, the fingertip's centre (weight 1 on Hand, (0, 0.3) from the
// wrist) lies 0.3 (-a sin theta, s cos theta) from Hand under
// accumulate-matrices and 0.3 s (-sin theta, cos theta) under
// accumulate-trs, so those two place it 1.3 (s - a) sin theta apart:
// 1.6552 at t = 1 s, the largest over time, since with s - a =
// (2 - 1/sqrt 2) t its derivative (2 - 1/sqrt 2)(sin theta + theta cos
// theta) (theta in radians) stays above 0 up to 100 degrees. The rim of
// the fingertip ring, 0.05 off the axis in the bend's plane, is placed
// farther apart still by blender-fix-shear and blender-aligned (1.690
// at t = 1 s, measured by the same test): every skinned vertex's worst
// disagreement is also at t = 1 s.
func StretchyArm() []File {
	b := newBuilder()
	m, joints, weights := armMesh()
	prim := b.primitiveOf(m, false)
	prim.Attributes["JOINTS_0"] = b.ubytes4(joints)
	prim.Attributes["WEIGHTS_0"] = b.floats(vec4s(weights), "VEC4", targetArray, false)
	arm := b.addMesh(mesh{Name: "arm", Primitives: []primitive{prim}})

	// Inverse bind matrices T(0, -y, 0) * R^T, R^T = Rz(+90): columns
	// (0, 1, 0), (-1, 0, 0), (0, 0, 1), translation (0, -y, 0).
	var ibms [][]float32
	for _, y := range []float32{0, 1, 2} {
		ibms = append(ibms, []float32{0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, -y, 0, 1})
	}
	ibm := b.floats(ibms, "MAT4", 0, false)
	b.doc.Skins = []skin{{Name: "arm", InverseBindMatrices: ptr(ibm), Skeleton: ptr(0), Joints: []int{1, 2, 3}}}

	// stretch: Upper's scale on keys 0, 1, 2 s; Fore's bend every 0.25 s.
	sq := float32(ArmSquash)
	scaleTimes := b.floats([][]float32{{0}, {1}, {2}}, "SCALAR", 0, true)
	scales := b.floats([][]float32{{1, 1, 1}, {sq, ArmStretch, sq}, {1, 1, 1}}, "VEC3", 0, false)
	var bendTimes, bends [][]float32
	for k := range 9 {
		t := float64(k) / 4
		bendTimes = append(bendTimes, []float32{float32(t)})
		bends = append(bends, armQuatZ(ArmBendDeg*min(t, 2-t)))
	}
	bt := b.floats(bendTimes, "SCALAR", 0, true)
	bv := b.floats(bends, "VEC4", 0, false)

	// shrug: Root's translation (CUBICSPLINE) and rotation (STEP).
	shrugTimes := b.floats([][]float32{{0}, {0.5}, {1}}, "SCALAR", 0, true)
	shrug := b.floats([][]float32{
		{0, 0, 0}, {0, 0, 0}, {0, 0.6, 0}, // key 0: in-tangent, value, out-tangent
		{0, 0, 0}, {0, 0.2, 0}, {0, 0, 0}, // key 1
		{0, -0.6, 0}, {0, 0, 0}, {0, 0, 0}, // key 2
	}, "VEC3", 0, false)
	swing := b.floats([][]float32{armQuatZ(-90), armQuatZ(-70), armQuatZ(-90)}, "VEC4", 0, false)

	b.doc.Animations = []animation{
		{Name: "stretch",
			Channels: []animationChannel{
				{Sampler: 0, Target: channelTarget{Node: ptr(1), Path: "scale"}},
				{Sampler: 1, Target: channelTarget{Node: ptr(2), Path: "rotation"}},
			},
			Samplers: []animationSampler{
				{Input: scaleTimes, Interpolation: "LINEAR", Output: scales},
				{Input: bt, Interpolation: "LINEAR", Output: bv},
			}},
		{Name: "shrug",
			Channels: []animationChannel{
				{Sampler: 0, Target: channelTarget{Node: ptr(0), Path: "translation"}},
				{Sampler: 1, Target: channelTarget{Node: ptr(0), Path: "rotation"}},
			},
			Samplers: []animationSampler{
				{Input: shrugTimes, Interpolation: "CUBICSPLINE", Output: shrug},
				{Input: shrugTimes, Interpolation: "STEP", Output: swing},
			}},
	}

	b.addNode(node{Name: "Root", Children: []int{1}, Rotation: []float64{0, 0, -math.Sqrt2 / 2, math.Sqrt2 / 2}})
	b.addNode(node{Name: "Upper", Children: []int{2}})
	b.addNode(node{Name: "Fore", Children: []int{3}, Translation: []float64{0, 1, 0}})
	b.addNode(node{Name: "Hand", Translation: []float64{0, 1, 0}})
	b.addNode(node{Name: "Arm", Mesh: ptr(arm), Skin: ptr(0)})
	b.oneScene(0, 4)
	return []File{b.embedded("stretchy-arm.gltf")}
}
