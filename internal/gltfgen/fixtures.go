package gltfgen

import "slices"

// DefaultTriangles is the approximate triangle count of big.glb that
// scripts/gengltf asks for unless told otherwise.
const DefaultTriangles = 200000

// Fixture describes one fixture by its main file (the file a reader is
// given; adjacent files such as rig.bin are not listed).
type Fixture struct {
	// Name is the main file's name, e.g. "piston.gltf".
	Name string `json:"name"`
	// Good is true for valid glTF 2.0, which the Khronos validator must
	// accept with zero errors; false for a file with one deliberate defect.
	Good bool `json:"good"`
	// ValidatorCatches is true for a bad fixture the Khronos validator
	// must report at least one error for (every bad fixture but
	// draco.gltf, whose required extension the validator only notes as
	// unsupported: refusing it is the reader's policy); false for every
	// good fixture. A file the validator refuses to read at all
	// (not-gltf.gltf) counts as an error.
	ValidatorCatches bool `json:"validatorCatches"`
	// About says in one line what the file holds or what is wrong.
	About string `json:"about"`

	files func(triangles int) []File
}

// fixtures is the one table of fixtures, good first.
var fixtures = []Fixture{
	{Name: "piston.gltf", Good: true, About: "Root > A > B, one shared capped cylinder; buffer as a data URI", files: noArg(Piston)},
	{Name: "rig.gltf", Good: true, About: "Hips (scale 1,2.5,1) > Spine (35 deg z) > Head, Hips > Tail (90 deg y); boxes with normals and tangents; external rig.bin", files: noArg(Rig)},
	{Name: "rig.glb", Good: true, About: "the rig of rig.gltf as one GLB", files: noArg(RigGLB)},
	{Name: "matrix.gltf", Good: true, About: "Mat given by a TRS matrix with child Kid, and Plain", files: noArg(Matrix)},
	{Name: "scenes.gltf", Good: true, About: "two scenes (default 1), unnamed, twin and control-character names, camera, light, skin, animation", files: noArg(Scenes)},
	{Name: "prims.gltf", Good: true, About: "one mesh with primitives of modes 0-6", files: noArg(Prims)},
	{Name: "mirrored.gltf", Good: true, About: "scale -1,1,1 under scale 1,2,1 with a rotated child; boxes with normals and tangents", files: noArg(Mirrored)},
	{Name: "lights.gltf", Good: true, About: "a camera, a spot, a point and a directional light under a parent scaled 1,2,1 and turned 45 deg about y", files: noArg(Lights)},
	{Name: "stretchy-arm.gltf", Good: true, About: "a skinned arm (Root > Upper > Fore > Hand, 386 vertices) whose upper arm stretches to 2x with volume-preserving squash while the forearm bends 0 to 100 deg (animation stretch, LINEAR); Root shrugs (animation shrug, CUBICSPLINE and STEP)", files: noArg(StretchyArm)},
	{Name: "big.glb", Good: true, About: "one waved grid mesh of about the asked number of triangles, u32 indices", files: Big},
	{Name: "not-gltf.gltf", ValidatorCatches: true, About: "not glTF: a PNG header and text", files: noArg(NotGLTF)},
	{Name: "truncated.glb", ValidatorCatches: true, About: "rig.glb cut in the middle of its BIN chunk", files: noArg(Truncated)},
	{Name: "missing-buffer.gltf", ValidatorCatches: true, About: "the rig with buffer 0 at missing.bin, which does not exist", files: noArg(MissingBuffer)},
	{Name: "bad-child.gltf", ValidatorCatches: true, About: "node Root has child 7 of 2 nodes", files: noArg(BadChild)},
	{Name: "bad-accessor.gltf", ValidatorCatches: true, About: "mesh box primitive 0 POSITION is accessor 9 of 4", files: noArg(BadAccessor)},
	{Name: "bad-indices.gltf", ValidatorCatches: true, About: "accessor 3 (box indices) holds index 99 of 24 vertices", files: noArg(BadIndices)},
	{Name: "nan-matrix.gltf", ValidatorCatches: true, About: "node Broken's matrix holds the bare token NaN (not JSON)", files: noArg(NaNMatrix)},
	{Name: "cycle.gltf", ValidatorCatches: true, About: "node Ping's child is Pong and Pong's child is Ping", files: noArg(Cycle)},
	{Name: "two-parents.gltf", ValidatorCatches: true, About: "node Shared is a child of both Left and Right", files: noArg(TwoParents)},
	{Name: "draco.gltf", About: "requires KHR_draco_mesh_compression", files: noArg(Draco)},
}

// Files returns the fixture's files, its main file first; triangles is
// big.glb's approximate triangle count (other fixtures ignore it).
func (f Fixture) Files(triangles int) []File { return f.files(triangles) }

func noArg(f func() []File) func(int) []File {
	return func(int) []File { return f() }
}

// Fixtures returns a copy of the fixture table, good fixtures first, in
// the order All writes them.
func Fixtures() []Fixture { return slices.Clone(fixtures) }

// Good reports whether name is the main file of a good fixture (valid
// glTF the validator must accept with zero errors). It is false for bad
// fixtures, adjacent files such as rig.bin, and unknown names.
func Good(name string) bool {
	for _, f := range fixtures {
		if f.Name == name {
			return f.Good
		}
	}
	return false
}

// All returns the files of every fixture, good and bad, in table order,
// each main file followed by its adjacent files; big.glb gets about
// triangles triangles (see GridCells: at least 2).
func All(triangles int) []File {
	var out []File
	for _, f := range fixtures {
		out = append(out, f.files(triangles)...)
	}
	return out
}

// Manifest returns manifest.json: {"fixtures": [...]} with every
// Fixture's name, good, validatorCatches and about, in table order, for
// the validator check (checks/gltf/validate.mjs) to read.
func Manifest() File {
	return File{Name: "manifest.json", Data: mustJSON(struct {
		Generator string    `json:"generator"`
		Fixtures  []Fixture `json:"fixtures"`
	}{generator, fixtures})}
}
