package gltfio

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/transform"
)

// rawDoc is what the glTF library's decoder hides and the reader must
// see: whether a property is present at all (the library fills in
// defaults), enumeration values as written (the library reads an unknown
// componentType as FLOAT and an unknown mode as its zero value), and
// array lengths (a fixed-size array silently takes a short list).
type rawDoc struct {
	Asset *struct {
		Version    *string `json:"version"`
		MinVersion *string `json:"minVersion"`
	} `json:"asset"`
	Buffers []struct {
		ByteLength *int64 `json:"byteLength"`
	} `json:"buffers"`
	BufferViews []struct {
		Buffer     *int64 `json:"buffer"`
		ByteLength *int64 `json:"byteLength"`
	} `json:"bufferViews"`
	Accessors []struct {
		ComponentType *int64  `json:"componentType"`
		Type          *string `json:"type"`
		Normalized    bool    `json:"normalized"`
		Count         *int64  `json:"count"`
		Sparse        *struct {
			Count   *int64 `json:"count"`
			Indices *struct {
				BufferView    *int64 `json:"bufferView"`
				ComponentType *int64 `json:"componentType"`
			} `json:"indices"`
			Values *struct {
				BufferView *int64 `json:"bufferView"`
			} `json:"values"`
		} `json:"sparse"`
	} `json:"accessors"`
	Meshes []struct {
		Primitives []*struct {
			Attributes map[string]json.RawMessage `json:"attributes"`
			Mode       *int64                     `json:"mode"`
		} `json:"primitives"`
	} `json:"meshes"`
	Nodes []struct {
		Matrix      []float64 `json:"matrix"`
		Translation []float64 `json:"translation"`
		Rotation    []float64 `json:"rotation"`
		Scale       []float64 `json:"scale"`
	} `json:"nodes"`
	Skins []struct {
		Joints []int `json:"joints"`
	} `json:"skins"`
	Animations []rawAnimation `json:"animations"`
}

// Extension names the reader treats specially.
const (
	extInstancing   = "EXT_mesh_gpu_instancing"
	extLights       = "KHR_lights_punctual"
	extQuantization = "KHR_mesh_quantization"
)

// knownExtensions are those a required entry is accepted for: the reader
// reads them (instancing, quantization; lights are carried by the bake)
// or they change only how surfaces look (materials, textures, metadata),
// never where a vertex lies.
var knownExtensions = []string{
	extInstancing, extLights, extQuantization,
	"KHR_texture_transform", "KHR_texture_basisu", "EXT_texture_webp", "EXT_texture_avif",
	"KHR_materials_emissive_strength", "KHR_materials_clearcoat", "KHR_materials_ior",
	"KHR_materials_iridescence", "KHR_materials_sheen", "KHR_materials_specular",
	"KHR_materials_transmission", "KHR_materials_unlit", "KHR_materials_variants",
	"KHR_materials_volume", "KHR_materials_anisotropy", "KHR_materials_dispersion",
	"KHR_materials_diffuse_transmission", "KHR_materials_pbrSpecularGlossiness",
	"KHR_xmp_json_ld", "KHR_xmp",
}

// noNulls refuses a null where an object belongs (JSON allows it, glTF
// does not) in every list the reader or the bake walks.
func (r *reader) noNulls() error {
	d := &r.doc
	check := func(list string, n int, null func(int) bool) error {
		for i := range n {
			if null(i) {
				return fmt.Errorf("%s[%d] is null, not an object", list, i)
			}
		}
		return nil
	}
	for _, err := range []error{
		check("nodes", len(d.Nodes), func(i int) bool { return d.Nodes[i] == nil }),
		check("scenes", len(d.Scenes), func(i int) bool { return d.Scenes[i] == nil }),
		check("meshes", len(d.Meshes), func(i int) bool { return d.Meshes[i] == nil }),
		check("buffers", len(d.Buffers), func(i int) bool { return d.Buffers[i] == nil }),
		check("bufferViews", len(d.BufferViews), func(i int) bool { return d.BufferViews[i] == nil }),
		check("accessors", len(d.Accessors), func(i int) bool { return d.Accessors[i] == nil }),
		check("skins", len(d.Skins), func(i int) bool { return d.Skins[i] == nil }),
		check("cameras", len(d.Cameras), func(i int) bool { return d.Cameras[i] == nil }),
		check("images", len(d.Images), func(i int) bool { return d.Images[i] == nil }),
		check("animations", len(d.Animations), func(i int) bool { return d.Animations[i] == nil }),
		check("materials", len(d.Materials), func(i int) bool { return d.Materials[i] == nil }),
		check("textures", len(d.Textures), func(i int) bool { return d.Textures[i] == nil }),
		check("samplers", len(d.Samplers), func(i int) bool { return d.Samplers[i] == nil }),
	} {
		if err != nil {
			return err
		}
	}
	for mi, m := range d.Meshes {
		if len(m.Primitives) == 0 {
			return fmt.Errorf("mesh %d has no primitives; glTF requires at least one", mi)
		}
		for pi, p := range m.Primitives {
			if p == nil {
				return fmt.Errorf("mesh %d: primitives[%d] is null, not an object", mi, pi)
			}
			if r.raw.Meshes[mi].Primitives[pi].Attributes == nil {
				return fmt.Errorf("mesh %d primitive %d has no attributes; glTF requires them", mi, pi)
			}
		}
	}
	for ai, a := range d.Animations {
		for k, c := range a.Channels {
			if c == nil {
				return fmt.Errorf("animation %d: channels[%d] is null, not an object", ai, k)
			}
		}
		for k, s := range a.Samplers {
			if s == nil {
				return fmt.Errorf("animation %d: samplers[%d] is null, not an object", ai, k)
			}
		}
	}
	return nil
}

// checkAsset refuses a file that does not say it is glTF 2.0: a missing
// asset or asset.version, a version that is not MAJOR.MINOR with major 2,
// or a minVersion above 2.0 (the file needs a reader of a later minor
// version, which skewlab is not).
func (r *reader) checkAsset() error {
	a := r.raw.Asset
	if a == nil {
		return fmt.Errorf("not a glTF 2.0 file: it has no asset (glTF requires asset.version)")
	}
	if a.Version == nil {
		return fmt.Errorf("not a glTF 2.0 file: asset.version is missing")
	}
	major, minor, ok := parseVersion(*a.Version)
	if !ok {
		return fmt.Errorf("asset.version %q is not a glTF version (MAJOR.MINOR)", *a.Version)
	}
	if major != 2 {
		return fmt.Errorf("asset.version is %q; skewlab reads glTF 2.0", *a.Version)
	}
	_ = minor // a later 2.x without minVersion is readable as 2.0 (spec 3.2)
	if a.MinVersion != nil {
		mj, mn, ok := parseVersion(*a.MinVersion)
		if !ok {
			return fmt.Errorf("asset.minVersion %q is not a glTF version (MAJOR.MINOR)", *a.MinVersion)
		}
		if mj != 2 || mn > 0 {
			return fmt.Errorf("asset.minVersion is %q: the file needs a glTF %s reader; skewlab reads glTF 2.0", *a.MinVersion, *a.MinVersion)
		}
	}
	return nil
}

// parseVersion reads "MAJOR.MINOR" (decimal digits, as the schema's
// pattern ^[0-9]+\.[0-9]+$).
func parseVersion(v string) (major, minor int, ok bool) {
	a, b, found := strings.Cut(v, ".")
	if !found || a == "" || b == "" || strings.Trim(a, "0123456789") != "" || strings.Trim(b, "0123456789") != "" {
		return 0, 0, false
	}
	mj, err1 := strconv.Atoi(a)
	mn, err2 := strconv.Atoi(b)
	return mj, mn, err1 == nil && err2 == nil
}

// checkExtensions refuses a file that requires an extension skewlab
// cannot honour: a compression extension (skewlab does not decompress),
// or one it does not know (it could change where vertices lie).
func (r *reader) checkExtensions() error {
	for _, ext := range r.doc.ExtensionsRequired {
		if slices.Contains(compressionExtensions, ext) {
			return fmt.Errorf("requires the extension %s, a compression skewlab does not decode; export without compression (or with it optional, keeping an uncompressed fallback)", ext)
		}
		if !slices.Contains(knownExtensions, ext) {
			return fmt.Errorf("requires the extension %s, which skewlab does not know, so it cannot tell whether the geometry depends on it; export without it", ext)
		}
	}
	return nil
}

// component types (glTF 2.0 enumeration values).
const (
	ctByte   = 5120
	ctUbyte  = 5121
	ctShort  = 5122
	ctUshort = 5123
	ctUint   = 5125
	ctFloat  = 5126
)

var accessorTypes = []string{"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"}

// checkEnums refuses enumeration values that glTF 2.0 does not define
// (the library would read them as something else) and required
// properties that are missing (it would read them as zero).
func (r *reader) checkEnums() error {
	for i, b := range r.raw.Buffers {
		if b.ByteLength == nil {
			return fmt.Errorf("buffer %d has no byteLength; glTF requires it", i)
		}
	}
	for i, v := range r.raw.BufferViews {
		if v.Buffer == nil || v.ByteLength == nil {
			return fmt.Errorf("bufferView %d lacks buffer or byteLength; glTF requires both", i)
		}
	}
	for i, a := range r.raw.Accessors {
		label := fmt.Sprintf("accessor %d", i)
		if a.ComponentType == nil || a.Type == nil || a.Count == nil {
			return fmt.Errorf("%s lacks componentType, type or count; glTF requires all three", label)
		}
		switch *a.ComponentType {
		case ctByte, ctUbyte, ctShort, ctUshort, ctUint, ctFloat:
		default:
			return fmt.Errorf("%s: componentType %d is not one glTF 2.0 defines (5120, 5121, 5122, 5123, 5125, 5126)", label, *a.ComponentType)
		}
		if !slices.Contains(accessorTypes, *a.Type) {
			return fmt.Errorf("%s: type %q is not one glTF 2.0 defines (%s)", label, *a.Type, strings.Join(accessorTypes, ", "))
		}
		if a.Normalized && (*a.ComponentType == ctUint || *a.ComponentType == ctFloat) {
			return fmt.Errorf("%s: normalized is true for componentType %d; glTF normalizes only 8- and 16-bit integers", label, *a.ComponentType)
		}
		if *a.Count < 1 {
			return fmt.Errorf("%s: count %d; glTF requires at least 1", label, *a.Count)
		}
		if s := a.Sparse; s != nil {
			if s.Count == nil || s.Indices == nil || s.Values == nil || s.Indices.BufferView == nil || s.Indices.ComponentType == nil || s.Values.BufferView == nil {
				return fmt.Errorf("%s: its sparse object lacks count, indices (bufferView, componentType) or values (bufferView); glTF requires them", label)
			}
			switch *s.Indices.ComponentType {
			case ctUbyte, ctUshort, ctUint:
			default:
				return fmt.Errorf("%s: sparse indices componentType %d; glTF allows 5121, 5123 or 5125", label, *s.Indices.ComponentType)
			}
			if *s.Count < 1 || *s.Count > *a.Count {
				return fmt.Errorf("%s: sparse count %d is not from 1 to the accessor's count %d", label, *s.Count, *a.Count)
			}
		}
	}
	for mi, m := range r.raw.Meshes {
		for pi, p := range m.Primitives {
			if p != nil && p.Mode != nil && (*p.Mode < 0 || *p.Mode > 6) {
				return fmt.Errorf("mesh %d primitive %d: mode %d is not one glTF 2.0 defines (0 to 6)", mi, pi, *p.Mode)
			}
		}
	}
	return nil
}

// elementSize returns the bytes of one element of an accessor: its
// components, with each column of a MAT2 or MAT3 of 1- or 2-byte
// components padded to 4 bytes (spec 3.6.2.4).
func elementSize(comp gltf.ComponentType, typ gltf.AccessorType) int {
	c := comp.ByteSize()
	switch {
	case typ == gltf.AccessorMat2 && c == 1:
		return 8
	case typ == gltf.AccessorMat3 && c == 1:
		return 12
	case typ == gltf.AccessorMat3 && c == 2:
		return 24
	}
	return c * typ.Components()
}

// fits reports whether count elements of size bytes, stride apart, from
// offset fit in n bytes, without overflow for any non-negative input.
func fits(offset, stride, size, count, n int) bool {
	if offset < 0 || offset > n || count < 0 {
		return false
	}
	if count == 0 {
		return true
	}
	avail := n - offset
	if avail < size {
		return false
	}
	return (count - 1) <= (avail-size)/stride
}

// checkViews checks every buffer view, accessor (its sparse parts too)
// and image against what it points into, used or not, so that nothing
// later reads or copies out of range.
func (r *reader) checkViews() error {
	d := &r.doc
	viewLen := make([]int, len(d.BufferViews))
	for i, v := range d.BufferViews {
		if v.Buffer < 0 || v.Buffer >= len(r.bufs) {
			return fmt.Errorf("bufferView %d: buffer %d does not exist (the file has %d)", i, v.Buffer, len(r.bufs))
		}
		buf := r.bufs[v.Buffer]
		if v.ByteLength < 1 || !fits(v.ByteOffset, 1, v.ByteLength, 1, len(buf)) {
			if r.bufs[v.Buffer] == nil && meshoptFallback(d.Buffers[v.Buffer]) {
				return fmt.Errorf("bufferView %d lies in buffer %d, whose bytes only EXT_meshopt_compression's decompression makes; skewlab does not decompress", i, v.Buffer)
			}
			return fmt.Errorf("bufferView %d (bytes %d to %d) lies outside buffer %d (%d bytes), or is empty", i, v.ByteOffset, int64(v.ByteOffset)+int64(v.ByteLength), v.Buffer, len(buf))
		}
		if v.ByteStride != 0 && (v.ByteStride < 4 || v.ByteStride > 252 || v.ByteStride%4 != 0) {
			return fmt.Errorf("bufferView %d: byteStride %d; glTF allows a multiple of 4 from 4 to 252", i, v.ByteStride)
		}
		viewLen[i] = v.ByteLength
	}
	view := func(label string, bi int) (int, error) {
		if bi < 0 || bi >= len(d.BufferViews) {
			return 0, fmt.Errorf("%s: bufferView %d does not exist (the file has %d)", label, bi, len(d.BufferViews))
		}
		return viewLen[bi], nil
	}
	for i, a := range d.Accessors {
		label := fmt.Sprintf("accessor %d", i)
		size := elementSize(a.ComponentType, a.Type)
		if a.BufferView != nil {
			n, err := view(label, *a.BufferView)
			if err != nil {
				return err
			}
			stride := size
			if s := d.BufferViews[*a.BufferView].ByteStride; s != 0 {
				if s < size {
					return fmt.Errorf("%s: bufferView %d's byteStride %d is smaller than an element (%d bytes)", label, *a.BufferView, s, size)
				}
				stride = s
			}
			if !fits(a.ByteOffset, stride, size, a.Count, n) {
				return fmt.Errorf("%s: %d elements of %d bytes, %d apart, from byte %d do not fit in bufferView %d (%d bytes)", label, a.Count, size, stride, a.ByteOffset, *a.BufferView, n)
			}
		} else if a.ByteOffset != 0 {
			return fmt.Errorf("%s: byteOffset %d without a bufferView", label, a.ByteOffset)
		}
		if s := a.Sparse; s != nil {
			n, err := view(label+" sparse indices", s.Indices.BufferView)
			if err != nil {
				return err
			}
			if !fits(s.Indices.ByteOffset, s.Indices.ComponentType.ByteSize(), s.Indices.ComponentType.ByteSize(), s.Count, n) {
				return fmt.Errorf("%s: %d sparse indices from byte %d do not fit in bufferView %d (%d bytes)", label, s.Count, s.Indices.ByteOffset, s.Indices.BufferView, n)
			}
			if n, err = view(label+" sparse values", s.Values.BufferView); err != nil {
				return err
			}
			if !fits(s.Values.ByteOffset, size, size, s.Count, n) {
				return fmt.Errorf("%s: %d sparse values from byte %d do not fit in bufferView %d (%d bytes)", label, s.Count, s.Values.ByteOffset, s.Values.BufferView, n)
			}
		}
	}
	for i, im := range d.Images {
		if im.BufferView != nil {
			if _, err := view(fmt.Sprintf("image %d", i), *im.BufferView); err != nil {
				return err
			}
		}
	}
	return nil
}

// rotationUnitTol is how far from 1 a node rotation's length may be: the
// Khronos validator's unitLengthThresholdVec4 (0.00769, slightly more
// than the rounding of a quaternion quantized to 8 bits). Within it the
// rotation is normalised; beyond it the file is refused.
const rotationUnitTol = 0.00769

// matrixShearRel is the relative shear (transform.Fit.Residual) above
// which a node's matrix counts as not a TRS: 1e-6, about ten times the
// residual that float32 rounding of a TRS matrix leaves. Below it the
// matrix is a TRS written with rounding and reads without a note.
const matrixShearRel = 1e-6

// validatorTRSTol is the Khronos validator's tolerance for a node matrix
// (isTrsDecomposable): decomposed and rebuilt, it must be within 5e-5
// (the largest column sum of absolute differences).
const validatorTRSTol = 0.00005

// checkNodes checks what every node holds beyond its children: the sizes
// of its matrix and TRS arrays, a matrix beside TRS properties, a matrix
// that is not affine or not a TRS, a rotation that is not a unit
// quaternion, and the indices of its mesh, skin, camera, light and
// instancing accessors.
func (r *reader) checkNodes() error {
	d := &r.doc
	r.inst = make([]*instancing, len(d.Nodes))
	r.fitted = map[int]float64{}
	for i, n := range d.Nodes {
		raw := r.raw.Nodes[i]
		for _, f := range []struct {
			name string
			v    []float64
			n    int
		}{{"matrix", raw.Matrix, 16}, {"translation", raw.Translation, 3}, {"rotation", raw.Rotation, 4}, {"scale", raw.Scale, 3}} {
			if f.v != nil && len(f.v) != f.n {
				return fmt.Errorf("%s: %s has %d numbers; glTF gives it %d", r.nodeLabel(i), f.name, len(f.v), f.n)
			}
		}
		if raw.Matrix != nil {
			if raw.Translation != nil || raw.Rotation != nil || raw.Scale != nil {
				return fmt.Errorf("%s has both a matrix and translation, rotation or scale; glTF allows one or the other", r.nodeLabel(i))
			}
			if err := r.checkMatrix(i, mgl64.Mat4(n.Matrix)); err != nil {
				return err
			}
		}
		if raw.Rotation != nil {
			q := n.Rotation
			l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
			if !(math.Abs(l-1) <= rotationUnitTol) {
				return fmt.Errorf("%s: rotation (x, y, z, w) = (%g, %g, %g, %g) has length %.6g; glTF requires a unit quaternion", r.nodeLabel(i), q[0], q[1], q[2], q[3], l)
			}
		}
		if n.Mesh != nil && (*n.Mesh < 0 || *n.Mesh >= len(d.Meshes)) {
			return fmt.Errorf("%s: mesh = %d is not a mesh (the file has %d)", r.nodeLabel(i), *n.Mesh, len(d.Meshes))
		}
		if n.Weights != nil {
			targets := -1
			if n.Mesh != nil {
				targets = r.targetCount(*n.Mesh)
			}
			if targets != len(n.Weights) {
				return fmt.Errorf("%s: %d weights, but %s; glTF requires one weight per morph target of the node's mesh", r.nodeLabel(i), len(n.Weights), map[bool]string{true: "it has no mesh", false: fmt.Sprintf("its mesh has %d morph targets", targets)}[targets < 0])
			}
		}
		if n.Skin != nil && (*n.Skin < 0 || *n.Skin >= len(d.Skins)) {
			return fmt.Errorf("%s: skin = %d is not a skin (the file has %d)", r.nodeLabel(i), *n.Skin, len(d.Skins))
		}
		if n.Camera != nil && (*n.Camera < 0 || *n.Camera >= len(d.Cameras)) {
			return fmt.Errorf("%s: camera = %d is not a camera (the file has %d)", r.nodeLabel(i), *n.Camera, len(d.Cameras))
		}
		if n.Skin != nil && n.Mesh != nil && !skinnedMesh(d.Meshes[*n.Mesh]) {
			return fmt.Errorf("%s has skin %d, but its mesh %d has no JOINTS_0 and WEIGHTS_0 (glTF requires them for a skinned mesh)", r.nodeLabel(i), *n.Skin, *n.Mesh)
		}
		in, err := r.instancingOf(i)
		if err != nil {
			return err
		}
		r.inst[i] = in
	}
	for si, s := range d.Skins {
		if s.InverseBindMatrices != nil {
			ai := *s.InverseBindMatrices
			if ai < 0 || ai >= len(d.Accessors) {
				return fmt.Errorf("skin %d: inverseBindMatrices = %d is not an accessor (the file has %d)", si, ai, len(d.Accessors))
			}
			if a := d.Accessors[ai]; a.Type != gltf.AccessorMat4 || a.ComponentType != gltf.ComponentFloat || a.Count < len(s.Joints) {
				return fmt.Errorf("skin %d: inverseBindMatrices (accessor %d) must be %d or more float MAT4, not %d %s of componentType %d", si, ai, len(s.Joints), a.Count, a.Type, componentCode(a.ComponentType))
			}
		}
		if len(s.Joints) == 0 {
			return fmt.Errorf("skin %d has no joints; glTF requires at least one", si)
		}
		for k, j := range s.Joints {
			if j < 0 || j >= len(d.Nodes) {
				return fmt.Errorf("skin %d: joints[%d] = %d is not a node (the file has %d)", si, k, j, len(d.Nodes))
			}
		}
	}
	return nil
}

// componentCode returns the glTF enumeration value of a component type.
func componentCode(c gltf.ComponentType) int {
	return map[gltf.ComponentType]int{gltf.ComponentByte: ctByte, gltf.ComponentUbyte: ctUbyte, gltf.ComponentShort: ctShort,
		gltf.ComponentUshort: ctUshort, gltf.ComponentUint: ctUint, gltf.ComponentFloat: ctFloat}[c]
}

// checkMatrix refuses node i's matrix when glTF does not allow it: a
// bottom row other than exactly (0, 0, 0, 1), a zero determinant (no TRS
// holds it; an all-zero matrix included; write a zero scale as TRS), or
// a shear beyond float32 rounding (matrixShearRel) that the Khronos
// validator also rejects (validatorTRSTol). A shear beyond rounding that
// the validator tolerates (a small matrix) is read, and noted.
func (r *reader) checkMatrix(i int, m mgl64.Mat4) error {
	if m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1 {
		return fmt.Errorf("%s: matrix is not affine: its bottom row is (%g, %g, %g, %g), glTF requires exactly (0, 0, 0, 1)", r.nodeLabel(i), m[3], m[7], m[11], m[15])
	}
	if m.Det() == 0 {
		return fmt.Errorf("%s: matrix has a zero determinant, so no translation, rotation and scale make it (glTF requires that); give a zero scale as \"scale\" instead", r.nodeLabel(i))
	}
	f, _ := transform.PolarFit(transform.Linear(m))
	if !(f.Residual <= matrixShearRel) {
		if !validatorTRS(m) {
			return fmt.Errorf("%s: matrix is not a TRS: %.3g%% of it is shear, which no translation, rotation and scale hold (glTF requires a matrix that decomposes into them; the Khronos validator reports NODE_MATRIX_NON_TRS)", r.nodeLabel(i), 100*f.Residual)
		}
		r.fitted[i] = f.Residual
	}
	return nil
}

// validatorTRS reports whether the Khronos glTF validator accepts m as a
// TRS (its isTrsDecomposable, with vector_math's Matrix4.decompose): the
// scale is the column lengths (the first negated when the determinant
// is negative), the rotation the quaternion of the columns divided by
// them, and the TRS rebuilt from those must be within validatorTRSTol of
// m in the largest column sum of absolute differences.
func validatorTRS(m mgl64.Mat4) bool {
	sx := math.Sqrt(m[0]*m[0] + m[1]*m[1] + m[2]*m[2])
	sy := math.Sqrt(m[4]*m[4] + m[5]*m[5] + m[6]*m[6])
	sz := math.Sqrt(m[8]*m[8] + m[9]*m[9] + m[10]*m[10])
	if m.Det() < 0 {
		sx = -sx
	}
	// r is the rotation part, column-major: r[3*col+row].
	r := [9]float64{m[0] / sx, m[1] / sx, m[2] / sx, m[4] / sy, m[5] / sy, m[6] / sy, m[8] / sz, m[9] / sz, m[10] / sz}
	idx := func(row, col int) int { return col*3 + row }
	var q [4]float64 // x, y, z, w
	if tr := r[0] + r[4] + r[8]; tr > 0 {
		s := math.Sqrt(tr + 1)
		q[3] = s * 0.5
		s = 0.5 / s
		q[0] = (r[5] - r[7]) * s
		q[1] = (r[6] - r[2]) * s
		q[2] = (r[1] - r[3]) * s
	} else {
		i := 0
		if r[0] < r[4] {
			i = 1
			if r[4] < r[8] {
				i = 2
			}
		} else if r[0] < r[8] {
			i = 2
		}
		j, k := (i+1)%3, (i+2)%3
		s := math.Sqrt(r[idx(i, i)] - r[idx(j, j)] - r[idx(k, k)] + 1)
		q[i] = s * 0.5
		s = 0.5 / s
		q[3] = (r[idx(k, j)] - r[idx(j, k)]) * s
		q[j] = (r[idx(j, i)] + r[idx(i, j)]) * s
		q[k] = (r[idx(k, i)] + r[idx(i, k)]) * s
	}
	x, y, z, w := q[0], q[1], q[2], q[3]
	x2, y2, z2 := x+x, y+y, z+z
	xx, xy, xz := x*x2, x*y2, x*z2
	yy, yz, zz := y*y2, y*z2, z*z2
	wx, wy, wz := w*x2, w*y2, w*z2
	b := [16]float64{
		(1 - (yy + zz)) * sx, (xy + wz) * sx, (xz - wy) * sx, 0,
		(xy - wz) * sy, (1 - (xx + zz)) * sy, (yz + wx) * sy, 0,
		(xz + wy) * sz, (yz - wx) * sz, (1 - (xx + yy)) * sz, 0,
		m[12], m[13], m[14], 1,
	}
	norm := 0.0
	for c := range 4 {
		sum := 0.0
		for k := range 4 {
			sum += math.Abs(m[4*c+k] - b[4*c+k])
		}
		norm = max(norm, sum)
	}
	return norm < validatorTRSTol
}

// checkPrimitives checks every mesh primitive's accessors without
// reading their data: each exists and has the type and component types
// its attribute allows (POSITION, NORMAL, TANGENT, JOINTS_n, WEIGHTS_n,
// indices, morph targets), and every attribute has the same count (the
// spec requires it). Data (index ranges, finite values) is checked when
// a mesh is read.
func (r *reader) checkPrimitives() error {
	d := &r.doc
	type use struct {
		typ     gltf.AccessorType
		allowed kinds
	}
	uses := func(name string, target bool) (use, bool) {
		switch {
		case name == gltf.POSITION && target, name == gltf.NORMAL && target, name == gltf.TANGENT && target:
			return use{gltf.AccessorVec3, r.targetKinds()}, true
		case name == gltf.POSITION:
			return use{gltf.AccessorVec3, r.positionKinds()}, true
		case name == gltf.NORMAL:
			return use{gltf.AccessorVec3, r.directionKinds()}, true
		case name == gltf.TANGENT:
			return use{gltf.AccessorVec4, r.directionKinds()}, true
		case strings.HasPrefix(name, "JOINTS_") && !target:
			return use{gltf.AccessorVec4, kJoints}, true
		case strings.HasPrefix(name, "WEIGHTS_") && !target:
			return use{gltf.AccessorVec4, kWeights}, true
		}
		return use{}, false
	}
	check := func(where, name string, ai int, target bool) (int, error) {
		if ai < 0 || ai >= len(d.Accessors) {
			return 0, fmt.Errorf("%s %s: accessor %d does not exist (the file has %d accessors)", where, name, ai, len(d.Accessors))
		}
		a := d.Accessors[ai]
		if u, ok := uses(name, target); ok {
			if err := r.checkUse(a, fmt.Sprintf("accessor %d (%s %s)", ai, where, name), u.typ, u.allowed); err != nil {
				return 0, err
			}
		}
		return a.Count, nil
	}
	for mi, m := range d.Meshes {
		targets := len(m.Primitives[0].Targets)
		for pi, p := range m.Primitives {
			if len(p.Targets) != targets {
				return fmt.Errorf("mesh %d %q: primitive %d has %d morph targets, primitive 0 has %d; glTF requires every primitive to have the same", mi, m.Name, pi, len(p.Targets), targets)
			}
		}
		if m.Weights != nil && len(m.Weights) != targets {
			return fmt.Errorf("mesh %d %q: %d weights for %d morph targets; glTF requires one per target", mi, m.Name, len(m.Weights), targets)
		}
		for pi, p := range m.Primitives {
			where := fmt.Sprintf("mesh %d %q primitive %d", mi, m.Name, pi)
			count := -1
			for _, name := range sortedKeys(p.Attributes) {
				n, err := check(where, name, p.Attributes[name], false)
				if err != nil {
					return err
				}
				if count >= 0 && n != count {
					return fmt.Errorf("%s: its attributes have different counts (%s has %d, another %d); glTF requires one", where, name, n, count)
				}
				count = n
			}
			if p.Indices != nil {
				ai := *p.Indices
				if ai < 0 || ai >= len(d.Accessors) {
					return fmt.Errorf("%s indices: accessor %d does not exist (the file has %d accessors)", where, ai, len(d.Accessors))
				}
				if a := d.Accessors[ai]; a.Type != gltf.AccessorScalar || kindOf(a.ComponentType, a.Normalized)&kIndices == 0 {
					return fmt.Errorf("accessor %d (%s indices): %s of componentType %d; glTF requires SCALAR unsigned byte, short or int, not normalized", ai, where, a.Type, componentCode(a.ComponentType))
				}
			}
			for ti, t := range p.Targets {
				for _, name := range sortedKeys(t) {
					n, err := check(fmt.Sprintf("%s target %d", where, ti), name, t[name], true)
					if err != nil {
						return err
					}
					if count >= 0 && n != count {
						return fmt.Errorf("%s target %d: %s has %d elements, the primitive's attributes %d; glTF requires one count", where, ti, name, n, count)
					}
				}
			}
		}
	}
	return nil
}

// sortedKeys returns a primitive's attribute names in order, so errors
// are the same from run to run.
func sortedKeys(m gltf.PrimitiveAttributes) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// skinnedMesh reports whether some primitive of m has JOINTS_0, as a
// mesh bound to a skin must.
func skinnedMesh(m *gltf.Mesh) bool {
	for _, p := range m.Primitives {
		if _, ok := p.Attributes["JOINTS_0"]; ok {
			return true
		}
	}
	return false
}
