package gltfio

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/scene"
	"skewlab/transform"
)

// nodeNames returns the skewlab name of every node: its glTF name when
// that is printable and unique in the file; otherwise its printable part
// followed by "#index" ("#index" alone for a missing name).
func (r *reader) nodeNames() []string {
	count := map[string]int{}
	for _, nd := range r.doc.Nodes {
		count[nd.Name]++
	}
	names := make([]string, len(r.doc.Nodes))
	taken := map[string]bool{}
	for i, nd := range r.doc.Nodes {
		if nd.Name != "" && count[nd.Name] == 1 && scene.CheckName(nd.Name) == nil {
			names[i] = nd.Name
			taken[nd.Name] = true
		}
	}
	for i, nd := range r.doc.Nodes {
		if names[i] != "" {
			continue
		}
		base := strings.Map(func(c rune) rune {
			if c == utf8.RuneError || !unicode.IsPrint(c) {
				return -1
			}
			return c
		}, strings.ToValidUTF8(nd.Name, ""))
		name := fmt.Sprintf("%s#%d", base, i)
		for taken[name] {
			name += fmt.Sprintf("#%d", i)
		}
		names[i] = name
		taken[name] = true
	}
	return names
}

// notes lists what the file holds that the scenes leave out, and the
// nodes renamed.
func (r *reader) notes() []string {
	d := &r.doc
	var parts []string
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, "1 "+one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(len(d.Cameras), "camera", "cameras")
	add(r.lightCount(), "light", "lights")
	var out []string
	if len(parts) > 0 {
		out = append(out, "ignored: "+strings.Join(parts, ", ")+"; skewlab does not draw cameras and lights")
	}
	var renamed []string
	for i, nd := range d.Nodes {
		if r.names[i] != nd.Name {
			renamed = append(renamed, r.names[i])
		}
	}
	if len(renamed) > 0 {
		if len(renamed) > 5 {
			renamed = append(renamed[:5], fmt.Sprintf("and %d more", len(renamed)-5))
		}
		out = append(out, "nodes with a missing, duplicate or unprintable name are named name#index: "+strings.Join(renamed, ", "))
	}
	if len(r.fitted) > 0 {
		worst, first := 0, true
		for i, res := range r.fitted {
			if first || res > r.fitted[worst] || res == r.fitted[worst] && i < worst {
				worst, first = i, false
			}
		}
		out = append(out, fmt.Sprintf("%d node(s) have a matrix with a shear beyond float32 rounding (over %g of it), small enough in size for the Khronos validator to pass (worst %q, %.3g%% shear): matrix-based rules draw the matrix, TRS-based modes its polar fit", len(r.fitted), matrixShearRel, r.names[worst], 100*r.fitted[worst]))
	}
	instanced, instances := 0, 0
	for _, in := range r.inst {
		if in != nil {
			instanced++
			instances += in.count
		}
	}
	if instanced > 0 {
		out = append(out, fmt.Sprintf("%d node(s) draw their mesh %d times in all by EXT_mesh_gpu_instancing: each instance is a child node named NODE[k]", instanced, instances))
	}
	return out
}

// lightCount returns how many KHR_lights_punctual lights the file
// defines.
func (r *reader) lightCount() int {
	raw, ok := r.doc.Extensions[extLights].(json.RawMessage)
	if !ok {
		return 0
	}
	var l struct {
		Lights []json.RawMessage `json:"lights"`
	}
	if json.Unmarshal(raw, &l) != nil {
		return 0
	}
	return len(l.Lights)
}

// instancing is a node's EXT_mesh_gpu_instancing: count instances, each
// T*R*S relative to the node (accessor indices, -1 where absent: the
// default translation, rotation or scale).
type instancing struct {
	count                        int
	translation, rotation, scale int
	// trs caches the instances once read (they count against MaxElements
	// once).
	trs []transform.TRS
}

// instancingOf parses node i's EXT_mesh_gpu_instancing, nil without one.
// The accessors must exist, have the types the extension gives
// (TRANSLATION and SCALE VEC3, ROTATION VEC4) and one count, and the node
// must have a mesh that is not skinned.
func (r *reader) instancingOf(i int) (*instancing, error) {
	raw, ok := r.doc.Nodes[i].Extensions[extInstancing].(json.RawMessage)
	if !ok {
		return nil, nil
	}
	label := fmt.Sprintf("%s %s", r.nodeLabel(i), extInstancing)
	var e struct {
		Attributes map[string]int `json:"attributes"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return nil, fmt.Errorf("%s: not an object of attributes: %v", label, err)
	}
	in := &instancing{translation: -1, rotation: -1, scale: -1, count: -1}
	for name, ai := range e.Attributes {
		var typ gltf.AccessorType
		switch name {
		case "TRANSLATION":
			in.translation, typ = ai, gltf.AccessorVec3
		case "ROTATION":
			in.rotation, typ = ai, gltf.AccessorVec4
		case "SCALE":
			in.scale, typ = ai, gltf.AccessorVec3
		default:
			continue // custom attributes (_ID...) place nothing
		}
		if ai < 0 || ai >= len(r.doc.Accessors) {
			return nil, fmt.Errorf("%s: %s = %d is not an accessor (the file has %d)", label, name, ai, len(r.doc.Accessors))
		}
		a := r.doc.Accessors[ai]
		if a.Type != typ {
			return nil, fmt.Errorf("%s: %s (accessor %d) is %s, want %s", label, name, ai, a.Type, typ)
		}
		if in.count >= 0 && a.Count != in.count {
			return nil, fmt.Errorf("%s: its attributes have different counts (%d and %d); the extension requires one", label, in.count, a.Count)
		}
		in.count = a.Count
	}
	if in.count < 0 {
		return nil, fmt.Errorf("%s has none of TRANSLATION, ROTATION, SCALE; the extension requires at least one", label)
	}
	n := r.doc.Nodes[i]
	if n.Mesh == nil {
		return nil, fmt.Errorf("%s is on a node without a mesh; the extension instances a mesh", label)
	}
	if n.Skin != nil {
		return nil, fmt.Errorf("%s is on a skinned mesh node; skewlab does not read instanced skinned meshes", label)
	}
	return in, nil
}

// instanceTRS reads node i's instance transforms (once; cached).
func (r *reader) instanceTRS(i int) ([]transform.TRS, error) {
	in := r.inst[i]
	if in.trs != nil {
		return in.trs, nil
	}
	where := r.nodeLabel(i) + " " + extInstancing
	out := make([]transform.TRS, in.count)
	for k := range out {
		out[k] = transform.Identity()
	}
	vecKinds := kFloat
	if r.quant {
		vecKinds |= kByte | kByteNorm | kShort | kShortNorm
	}
	if in.translation >= 0 {
		v, err := r.vec3s(in.translation, where+" TRANSLATION", vecKinds)
		if err != nil {
			return nil, err
		}
		for k := range out {
			out[k].Position = v[k]
		}
	}
	if in.scale >= 0 {
		v, err := r.vec3s(in.scale, where+" SCALE", vecKinds)
		if err != nil {
			return nil, err
		}
		for k := range out {
			out[k].Scale = v[k]
		}
	}
	if in.rotation >= 0 {
		// Unsigned normalized rotations are read too (the extension lists
		// signed ones; public files such as Cesium's use unsigned, whose
		// components can only be non-negative, and the validator passes
		// them).
		q, err := r.floats(in.rotation, where+" ROTATION", gltf.AccessorVec4, kRotation|kUbyteNorm|kUshortNorm)
		if err != nil {
			return nil, err
		}
		for k := range out {
			x, y, z, w := q[4*k], q[4*k+1], q[4*k+2], q[4*k+3]
			if l := math.Sqrt(x*x + y*y + z*z + w*w); !(math.Abs(l-1) <= rotationUnitTol) {
				return nil, fmt.Errorf("%s ROTATION: instance %d's quaternion (x, y, z, w) = (%g, %g, %g, %g) has length %.6g; the extension requires unit quaternions", where, k, x, y, z, w, l)
			}
			out[k].Rotation = transform.Normalize(mgl64.Quat{W: w, V: mgl64.Vec3{x, y, z}})
		}
	}
	in.trs = out
	return out, nil
}

// palette colours the nodes that draw a mesh, in scene order: the
// piston's magenta and cyan first, then further distinct hues.
var palette = []scene.Color{scene.Magenta, scene.Cyan, {1, 0.8, 0}, {1, 0.45, 0.1}, {0.5, 0.6, 1}, {0.5, 1, 0.4}, {1, 0.55, 0.7}, {0.75, 0.75, 0.75}}

// build makes scene si of f: its subtrees parents first, iteratively (a
// chain of 10^5 nodes does not recurse), every node converted (with its
// morph weights: the node's, else its mesh's, else zeros), a node's
// instances right after it, then its skins resolved to scene indices
// and the file's animations mapped to its nodes.
func (r *reader) build(f *File, si int) (*Built, error) {
	d := &r.doc
	s := f.Scenes[si]
	if s.Nodes > MaxSceneNodes {
		return nil, fmt.Errorf("%s holds more than %d nodes (instances counted), the most skewlab builds", s.Label, MaxSceneNodes)
	}
	b := &Built{Label: s.Label}
	nodes := make([]scene.Node, 0, s.Nodes)
	b.Index = make([]int, 0, s.Nodes)
	b.Instance = make([]int, 0, s.Nodes)
	at := make(map[int]int, s.Nodes) // glTF node -> scene index
	type item struct{ node, parent int }
	stack := make([]item, 0, len(s.Roots))
	for k := len(s.Roots) - 1; k >= 0; k-- {
		stack = append(stack, item{s.Roots[k], -1})
	}
	type pending struct{ node, skin int }
	var skinned []pending
	inst := map[int][]int{} // glTF node -> its instances' scene indices
	colored := 0
	taken := map[string]bool{}
	for _, n := range r.names {
		taken[n] = true
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		g := it.node
		gn := d.Nodes[g]
		nd := scene.Node{Name: r.names[g], Parent: it.parent, Color: scene.Grey}
		r.transform(g, &nd)
		var mesh *scene.Mesh
		if gn.Mesh != nil {
			m, err := r.mesh(*gn.Mesh, g)
			if err != nil {
				return nil, err
			}
			mesh = m
		}
		me := len(nodes)
		at[g] = me
		var weights []float64 // the node's morph weights (nil without targets)
		if mesh != nil && len(mesh.Targets) > 0 {
			switch {
			case gn.Weights != nil:
				weights = gn.Weights
			case d.Meshes[*gn.Mesh].Weights != nil:
				weights = d.Meshes[*gn.Mesh].Weights
			default:
				weights = make([]float64, len(mesh.Targets))
			}
		}
		if mesh != nil && r.inst[g] == nil {
			nd.Mesh = mesh
			nd.Weights = weights
			nd.Color = palette[colored%len(palette)]
			colored++
			if gn.Skin != nil {
				skinned = append(skinned, pending{me, *gn.Skin})
			}
		}
		nodes = append(nodes, nd)
		b.Index = append(b.Index, g)
		b.Instance = append(b.Instance, -1)
		if r.inst[g] != nil {
			trs, err := r.instanceTRS(g)
			if err != nil {
				return nil, err
			}
			color := palette[colored%len(palette)]
			colored++
			for k, t := range trs {
				name := fmt.Sprintf("%s[%d]", r.names[g], k)
				for taken[name] {
					name += "#"
				}
				taken[name] = true
				inst[g] = append(inst[g], len(nodes))
				nodes = append(nodes, scene.Node{Name: name, Parent: me, Local: t, Mesh: mesh, Color: color, Weights: weights})
				b.Index = append(b.Index, g)
				b.Instance = append(b.Instance, k)
			}
		}
		for k := len(gn.Children) - 1; k >= 0; k-- {
			stack = append(stack, item{gn.Children[k], me})
		}
	}
	var notes []string
	for _, p := range skinned {
		sk, err := r.skin(p.skin, at, s.Label)
		if err != nil {
			return nil, err
		}
		nd := &nodes[p.node]
		if !nd.Mesh.Skinned() {
			return nil, fmt.Errorf("%s has skin %d, but its mesh has no JOINTS_0 and WEIGHTS_0 (glTF requires them for a skinned mesh)", r.nodeLabel(b.Index[p.node]), p.skin)
		}
		nd.Skin = sk
	}
	if note := weightNote(nodes); note != "" {
		notes = append(notes, note)
	}
	built, err := scene.New(nodes)
	if err != nil {
		return nil, err
	}
	anims, outside, nodeless := r.animations(at, inst)
	for k, a := range anims {
		if err := a.Check(built.Nodes); err != nil {
			return nil, fmt.Errorf("%s: %w", r.anims[k].label, err)
		}
	}
	built.Animations = anims
	if outside+nodeless > 0 {
		notes = append(notes, fmt.Sprintf("%d animation channel(s) left out of %s: %d on nodes outside it, %d naming no node (an extension's target, which skewlab does not read)", outside+nodeless, s.Label, outside, nodeless))
	}
	built.Notes = append(append([]string(nil), f.Notes...), notes...)
	b.Scene = built
	return b, nil
}

// weightNote returns a note naming the skinned meshes among nodes (each
// once, in node order) some of whose points' weights do not sum to 1
// within weightSumTol (scene.Mesh.WeightSum), or "" when there is none.
func weightNote(nodes []scene.Node) string {
	seen := map[*scene.Mesh]bool{}
	var off []string
	for i := range nodes {
		m := nodes[i].Mesh
		if nodes[i].Skin == nil || m == nil || seen[m] {
			continue
		}
		seen[m] = true
		if lo, hi := m.WeightSum(); lo < 1-weightSumTol || hi > 1+weightSumTol {
			off = append(off, fmt.Sprintf("%q (from %.4g to %.4g)", m.Name, lo, hi))
		}
	}
	if len(off) == 0 {
		return ""
	}
	return fmt.Sprintf("skinned mesh(es) whose points' weights do not sum to 1 within 2/255 (the rounding of four 8-bit weights): %s; they are skinned with the weights as written, as glTF's formula says", strings.Join(off, ", "))
}

// skin returns glTF skin si with its joints as scene indices (at maps a
// glTF node to its place in the scene): every joint must be in the scene
// (the spec requires it; Read has checked it).
func (r *reader) skin(si int, at map[int]int, label string) (*scene.Skin, error) {
	ibm, err := r.inverseBinds(si)
	if err != nil {
		return nil, err
	}
	s := r.doc.Skins[si]
	sk := &scene.Skin{Joints: make([]int, len(s.Joints)), InverseBind: ibm}
	for k, j := range s.Joints {
		idx, ok := at[j]
		if !ok {
			return nil, fmt.Errorf("skin %d: joint %s is not in %s; glTF requires a skin's joints in the scenes that use it", si, r.nodeLabel(j), label)
		}
		sk.Joints[k] = idx
	}
	return sk, nil
}

// inverseBinds returns skin si's inverse bind matrices (identities where
// the skin has none), read once and cached; each must be affine (bottom
// row exactly 0 0 0 1), as glTF's skinning formula needs.
func (r *reader) inverseBinds(si int) ([]mgl64.Mat4, error) {
	if ibm, ok := r.ibm[si]; ok {
		return ibm, nil
	}
	if r.ibm == nil {
		r.ibm = map[int][]mgl64.Mat4{}
	}
	s := r.doc.Skins[si]
	ibm := make([]mgl64.Mat4, len(s.Joints))
	if s.InverseBindMatrices != nil {
		v, err := r.floats(*s.InverseBindMatrices, fmt.Sprintf("skin %d inverseBindMatrices", si), gltf.AccessorMat4, kFloat)
		if err != nil {
			return nil, err
		}
		for k := range ibm {
			copy(ibm[k][:], v[16*k:16*k+16])
			if m := ibm[k]; m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1 {
				return nil, fmt.Errorf("skin %d: inverse bind matrix %d is not affine (bottom row (%g, %g, %g, %g), glTF requires (0, 0, 0, 1))", si, k, m[3], m[7], m[11], m[15])
			}
		}
	} else {
		for k := range ibm {
			ibm[k] = mgl64.Ident4()
		}
	}
	r.ibm[si] = ibm
	return ibm, nil
}

// transform sets nd.Local (and Shear) from glTF node i's matrix (checked
// by checkMatrix) or TRS.
func (r *reader) transform(i int, nd *scene.Node) {
	gn := r.doc.Nodes[i]
	if r.raw.Nodes[i].Matrix != nil {
		t, h, _ := transform.FitMatrix(mgl64.Mat4(gn.Matrix))
		nd.Local, nd.Shear = t, h
		return
	}
	// JSON numbers are finite; magnitudes are scene.New's to refuse,
	// naming the node; the rotation is a unit quaternion within
	// rotationUnitTol (checkNodes) and scene.New normalises it.
	nd.Local = nodeTRS(gn)
}

// nodeMatrix returns glTF node n's local matrix: its matrix when the
// file gives one, else T*R*S (column vectors). The reader's checkNodes
// has refused an invalid matrix.
func (r *reader) nodeMatrix(i int) mgl64.Mat4 {
	if r.raw.Nodes[i].Matrix != nil {
		return mgl64.Mat4(r.doc.Nodes[i].Matrix)
	}
	return nodeTRS(r.doc.Nodes[i]).Mat4()
}

// nodeTRS returns glTF node n's translation, rotation (converted from
// glTF's x, y, z, w and normalised) and scale, each the glTF default
// where absent (the library fills the defaults in). A scale written as
// all zeros is a zero scale.
func nodeTRS(n *gltf.Node) transform.TRS {
	t, q, s := n.Translation, n.Rotation, n.Scale
	return transform.TRS{
		Position: mgl64.Vec3{t[0], t[1], t[2]},
		Rotation: transform.Normalize(mgl64.Quat{W: q[3], V: mgl64.Vec3{q[0], q[1], q[2]}}),
		Scale:    mgl64.Vec3{s[0], s[1], s[2]},
	}
}
