package gltfio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/transform"
)

// Baked is a shear-free copy of a glTF file made by Bake.
type Baked struct {
	// GLB is the copy as one binary glTF 2.0 file (every buffer in its
	// BIN chunk).
	GLB []byte
	// Nodes is the number of the original's nodes: the copy has them
	// first, in the same order and with the same names, followed by the
	// nodes the bake adds: instances made nodes (see Expanded) and Frames
	// nodes that carry a camera or a light (see Bake).
	Nodes int
	// Frames counts the nodes appended to carry a camera or a
	// KHR_lights_punctual light whose node had a scale, mirror or shear
	// in its world: each is a child of that node, rotation only, so the
	// camera or light keeps its world position, direction (-Z) and up
	// (+Y made perpendicular to the direction).
	Frames int
	// Reshaped counts the nodes whose world linear part was not a pure
	// rotation (they had a scale, a mirror or a shear, of their own or
	// inherited): their scale became 1 and the rest moved into the mesh.
	Reshaped int
	// Meshes counts the baked meshes written (one per mesh and distinct
	// M); Copies counts those added as new meshes because nodes sharing
	// one mesh need different forms (a mesh is copied only then, the
	// unbaked form of a skinned or rotation-only node counting as one).
	Meshes, Copies int
	// Mirrored counts the rewritten meshes whose linear part mirrors
	// (negative determinant): their triangles' winding and their
	// tangents' w were flipped.
	Mirrored int
	// Original is the file as Read reads it, untouched by the bake:
	// what the copy is checked against.
	Original *File
	// Skinned lists the glTF indices of the nodes whose skinned mesh was
	// left as it is (it follows the joints, not the node).
	Skinned []int
	// InstancesRewritten counts the EXT_mesh_gpu_instancing instances
	// whose transforms were rewritten to carry their node's stretch;
	// Expanded maps an instance (glTF node, instance number) that became
	// a node of its own to that node's index in the copy.
	InstancesRewritten int
	Expanded           map[[2]int]int
	// Notes say what the copy leaves out or keeps unbaked (animations,
	// skinned meshes, ...), one sentence each.
	Notes []string
	// Anim is what the animated bake (BakeAnim) did and measured; nil
	// for Bake.
	Anim *AnimBake
}

// Bake returns a copy of the glTF file data (name and fsys as for Read)
// that every engine draws the same way: every node's transform becomes
// rotation and translation with scale 1, keeping its world position and
// rotation under matrix accumulation (world = parentWorld * local, local
// = its matrix or T*R*S, column vectors), and the rest of its world
// linear part L moves into its mesh. The world rotation is the polar
// rotation Q of L (transform.PolarFit) and the mesh's linear part is
// M = Q^T L, so the copy's world vertices Q M v = L v are exactly what a
// matrix-accumulating engine (Unity, Godot, three.js) shows for the
// original: positions by M, normals by M's inverse transpose (its signed
// cofactor matrix, so a singular M still has one) renormalised, tangents
// by M with w kept, morph target deltas alike. Where det M < 0 (a
// mirror) triangle winding and tangent w flip. Vertex order, node order
// and names are kept; a mesh shared by nodes whose M differ is copied
// once per distinct M (M itself to float32 precision, see formBits).
// Skinned meshes keep their vertices (the joints' inverse bind matrices
// absorb their M, so skinning is unchanged), animations are dropped (the
// copy is the rest pose; BakeAnim keeps them); Notes says so. A camera or light on a node
// whose M is not a uniform scale moves to a new child node whose
// rotation keeps its world frame under matrix accumulation (direction
// L(0,0,-1), up L(0,1,0) made perpendicular to it; see frames).
// Optional compression extensions (KHR_draco_mesh_compression,
// EXT_meshopt_compression, KHR_meshopt_compression) are dropped with the
// compressed data they point at: the copy holds the uncompressed data
// the bake read. Rotations are written unit length with every component
// in [-1, 1] (gltfRotation). Unreferenced accessors and buffer views are
// left out; every buffer goes into the GLB's BIN chunk.
//
// The file must be one Read accepts. A node whose world matrix overflows
// float64 is an error; a zero or singular world is baked (its mesh
// collapses as the matrix engine shows it; a normal it collapses to zero
// keeps its direction, counted in Notes).
func Bake(name string, data []byte, fsys fs.FS) (*Baked, error) {
	orig, err := Read(name, data, fsys)
	if err != nil {
		return nil, err
	}
	// The bake edits a copy of the document (editable), so Original stays
	// as read for the check, which builds its scenes later; the two share
	// what the bake never edits (buffers, the checked raw view) and the
	// meshes read, so nothing is parsed or read twice.
	r := *orig.r
	r.doc = editable(&orig.r.doc)
	b, err := r.bake()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	b.Original = orig
	return b, nil
}

// editable returns a copy of d that the bake may edit without touching
// d: every object it edits in place (nodes with their children and
// extensions, meshes with their primitives' attributes, targets and
// extensions, skins, buffer views, buffers, images) is copied, and every
// list it appends to or filters; what it only reads is shared.
func editable(d *gltf.Document) gltf.Document {
	c := *d
	c.ExtensionsUsed = slices.Clone(d.ExtensionsUsed)
	c.ExtensionsRequired = slices.Clone(d.ExtensionsRequired)
	c.Accessors = slices.Clone(d.Accessors)
	c.Nodes = make([]*gltf.Node, len(d.Nodes))
	for i, n := range d.Nodes {
		nc := *n
		nc.Children = slices.Clone(n.Children)
		nc.Extensions = maps.Clone(n.Extensions)
		c.Nodes[i] = &nc
	}
	c.Meshes = make([]*gltf.Mesh, len(d.Meshes))
	for i, m := range d.Meshes {
		mc := *m
		mc.Primitives = make([]*gltf.Primitive, len(m.Primitives))
		for k, p := range m.Primitives {
			pc := *p
			pc.Attributes = maps.Clone(p.Attributes)
			pc.Extensions = maps.Clone(p.Extensions)
			pc.Targets = make([]gltf.PrimitiveAttributes, len(p.Targets))
			for t, a := range p.Targets {
				pc.Targets[t] = maps.Clone(a)
			}
			mc.Primitives[k] = &pc
		}
		c.Meshes[i] = &mc
	}
	c.Skins = cloneAll(d.Skins)
	c.Scenes = cloneAll(d.Scenes)
	for _, s := range c.Scenes {
		s.Nodes = slices.Clone(s.Nodes)
	}
	c.BufferViews = cloneAll(d.BufferViews)
	c.Buffers = cloneAll(d.Buffers)
	c.Images = cloneAll(d.Images)
	return c
}

// cloneAll returns a list of copies of the objects of list.
func cloneAll[T any](list []*T) []*T {
	out := make([]*T, len(list))
	for i, v := range list {
		c := *v
		out[i] = &c
	}
	return out
}

// identityTol is how far (largest entry, absolute) a node's baked linear
// part M may be from the identity and still leave its mesh as it is; a
// pure rotation's M is the identity to about 1e-16.
const identityTol = 1e-12

// formBits is how finely two nodes' M must agree to share one baked
// mesh: every entry the same after rounding to 2^-formBits of M's
// magnitude (the power of two just above its largest entry), float32
// precision, the precision the mesh is stored in. M and 2M differ.
const formBits = 24

// nodeBake is one node's baked transform: world rotation q, world
// position t and the linear part m left for its mesh (world linear part
// = R(q) * m).
type nodeBake struct {
	q        mgl64.Quat
	t        mgl64.Vec3
	m        mgl64.Mat3
	identity bool
}

// baker holds the copy under construction: the reader's document is
// edited in place, and newViews holds the bytes of every buffer view
// the bake adds (keyed by view index).
type baker struct {
	r        *reader
	orig     []*gltf.Mesh // the file's meshes, before any is replaced
	newViews map[int][]byte
	res      *Baked
	// flat counts normals a singular M collapsed (kept as they were).
	flat int
	// dropViews holds the buffer views that only compressed data of a
	// dropped compression extension used (dropCompression); pack leaves
	// them out.
	dropViews map[int]bool
}

func (r *reader) bake() (*Baked, error) { return r.bakeWith(nil) }

// bakeWith bakes the document: every node as Bake says, or, with anim
// set, as BakeAnim says (static nodes as Bake, the others by the plan
// planAnim makes).
func (r *reader) bakeWith(anim *animOptions) (*Baked, error) {
	d := &r.doc
	parent, err := r.hierarchy()
	if err != nil {
		return nil, err
	}
	order := parentsFirst(d, parent)
	// Every mesh a node uses is read as the reader reads it (index
	// ranges, finite values, skin data), so the copy keeps nothing that
	// the reader would refuse; the bake then counts its own reads
	// against a budget of its own.
	for _, i := range order {
		if m := d.Nodes[i].Mesh; m != nil {
			if _, err := r.mesh(*m, i); err != nil {
				return nil, err
			}
		}
		if r.inst[i] != nil {
			if _, err := r.instanceTRS(i); err != nil {
				return nil, err
			}
		}
		if n := d.Nodes[i]; n.Skin != nil && n.Mesh != nil {
			if _, err := r.inverseBinds(*n.Skin); err != nil {
				return nil, err
			}
		}
	}
	r.elements = 0
	nb := make([]nodeBake, len(d.Nodes))
	world := make([]mgl64.Mat4, len(d.Nodes))
	b := &baker{r: r, newViews: map[int][]byte{}, res: &Baked{Nodes: len(d.Nodes)}}
	for _, i := range order {
		w := r.nodeMatrix(i)
		if p := parent[i]; p >= 0 {
			w = world[p].Mul4(w)
		}
		for _, v := range w {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%s: its world matrix overflows float64; it cannot be baked", r.nodeLabel(i))
			}
		}
		world[i] = w
		l := transform.Linear(w)
		f, _ := transform.PolarFit(l)
		q := transform.RotMat3(f.Rotation)
		m := q.Transpose().Mul3(l)
		nb[i] = nodeBake{q: f.Rotation, t: mgl64.Vec3{w[12], w[13], w[14]}, m: m, identity: nearIdentity(m)}
		if !nb[i].identity {
			b.res.Reshaped++
		}
	}
	var plan *animPlan
	if anim != nil {
		if plan, err = r.planAnim(anim, parent, order, nb, world); err != nil {
			return nil, err
		}
	}
	// Every node: rotation and translation relative to its parent's baked
	// world, scale 1 (with -anim, every static node; the others keep
	// their meshes, so the passes below see them as rotation only).
	for _, i := range order {
		if plan != nil && !plan.static[i] {
			nb[i].m, nb[i].identity = mgl64.Ident3(), true
			continue
		}
		n := d.Nodes[i]
		q, t := nb[i].q, nb[i].t
		if p := parent[i]; p >= 0 {
			pq := nb[p].q
			q = transform.Normalize(pq.Conjugate().Mul(q))
			t = transform.RotMat3(pq).Transpose().Mul3x1(t.Sub(nb[p].t))
		}
		if err := checkBakedTranslation(r.nodeLabel(i), t); err != nil {
			return nil, err
		}
		n.Matrix = gltf.DefaultMatrix
		n.Scale = gltf.DefaultScale
		n.Translation = [3]float64{t[0], t[1], t[2]}
		n.Rotation = gltfRotation(q)
	}
	original := order
	if order, nb, err = b.instances(order, nb, world); err != nil {
		return nil, err
	}
	b.frames(original, nb, world)
	if err := b.meshes(order, nb); err != nil {
		return nil, err
	}
	ibmM := func(j int) (mgl64.Mat3, bool) { return nb[j].m, nb[j].identity }
	if plan != nil {
		ibmM = func(j int) (mgl64.Mat3, bool) { return plan.restM[j], plan.restID[j] }
	}
	if err := b.skins(len(nb), ibmM); err != nil {
		return nil, err
	}
	b.dropCompression()
	if plan != nil {
		if err := plan.write(b); err != nil {
			return nil, err
		}
		b.res.Anim = plan.res
	} else if n := len(d.Animations); n > 0 {
		d.Animations = nil
		b.note(fmt.Sprintf("%d animation(s) dropped: the copy holds the rest pose (bake -anim keeps them)", n))
	}
	if b.flat > 0 {
		b.note(fmt.Sprintf("%d normal(s) of a mesh its node flattens to zero thickness kept their direction (the inverse transpose is zero there)", b.flat))
	}
	external := 0
	for _, im := range d.Images {
		if im != nil && im.URI != "" && !strings.HasPrefix(im.URI, "data:") {
			external++
		}
	}
	if external > 0 {
		b.note(fmt.Sprintf("%d image(s) are referenced by a file name relative to the original; keep them beside the copy", external))
	}
	if err := b.pack(); err != nil {
		return nil, err
	}
	return b.res, nil
}

func (b *baker) note(s string) { b.res.Notes = append(b.res.Notes, s) }

// checkBakedTranslation refuses a baked node whose translation, now its
// world offset from its parent at scale 1, leaves the range skewlab's
// scenes hold (transform.MaxMagnitude per coordinate): the copy could
// not be read back and checked.
func checkBakedTranslation(label string, t mgl64.Vec3) error {
	for _, v := range t {
		if !(math.Abs(v) <= transform.MaxMagnitude) {
			return fmt.Errorf("%s: its baked translation (%g, %g, %g), the offset from its parent once every scale is 1, is beyond skewlab's limit of %g per coordinate", label, t[0], t[1], t[2], transform.MaxMagnitude)
		}
	}
	return nil
}

func nearIdentity(m mgl64.Mat3) bool {
	id := mgl64.Ident3()
	for k := range m {
		if math.Abs(m[k]-id[k]) > identityTol {
			return false
		}
	}
	return true
}

// formKey is a mesh index and its M rounded to formBits of its own
// magnitude: nodes with the same key share a baked mesh. e is M's
// magnitude (the binary exponent of its largest entry, as math.Frexp
// gives it) and m its entries in units of 2^(e-formBits), so M and 2M
// (e one apart) have different keys while M and M plus rounding noise
// (1e-15 of it) have the same. A hash key keeps the grouping linear in
// the number of nodes.
type formKey struct {
	mesh int
	e    int
	m    [9]int64
}

// keyAt returns mesh's key for m rounded at exponent e.
func keyAt(mesh int, m mgl64.Mat3, e int) formKey {
	k := formKey{mesh: mesh, e: e}
	for i, v := range m {
		k.m[i] = int64(math.Round(math.Ldexp(v, formBits-e)))
	}
	return k
}

// keysOf returns the key of mesh under m and, when m's largest entry
// lies within 2^-formBits of a power of two (where rounding noise can
// move it to the other side and change e), the key of the same m at the
// exponent on that other side: a node looks up both, so a form is not
// split by noise at the boundary. An all-zero m has e = 0 and no alt.
func keysOf(mesh int, m mgl64.Mat3) (key, alt formKey, hasAlt bool) {
	scale := 0.0
	for _, v := range m {
		scale = max(scale, math.Abs(v))
	}
	if scale == 0 {
		return formKey{mesh: mesh}, formKey{}, false
	}
	frac, e := math.Frexp(scale) // scale = frac * 2^e, frac in [0.5, 1)
	key = keyAt(mesh, m, e)
	near := math.Ldexp(1, -formBits)
	switch {
	case frac < 0.5*(1+near):
		return key, keyAt(mesh, m, e-1), true
	case frac > 1-near:
		return key, keyAt(mesh, m, e+1), true
	}
	return key, formKey{}, false
}

// meshes gives every node with a mesh the baked form of it for its M:
// the original mesh where M is the identity or the node is skinned, one
// rewritten mesh per distinct M otherwise (the first rewrites the mesh
// in place unless some node still needs the original).
func (b *baker) meshes(order []int, nb []nodeBake) error {
	d := &b.r.doc
	type form struct {
		m     mgl64.Mat3
		nodes []int
	}
	b.orig = slices.Clone(d.Meshes)
	forms := make([][]form, len(d.Meshes))
	index := map[formKey]int{}          // form's place in forms[mesh]
	keep := make([]bool, len(d.Meshes)) // some node needs the mesh unbaked
	skinned := 0
	for _, i := range order {
		n := d.Nodes[i]
		if n.Mesh == nil {
			continue
		}
		mi := *n.Mesh
		if mi < 0 || mi >= len(d.Meshes) {
			return fmt.Errorf("%s: mesh = %d is not a mesh (the file has %d)", b.r.nodeLabel(i), mi, len(d.Meshes))
		}
		if n.Skin != nil {
			skinned++
			b.res.Skinned = append(b.res.Skinned, i)
			keep[mi] = true
			continue
		}
		if nb[i].identity {
			keep[mi] = true
			continue
		}
		key, alt, hasAlt := keysOf(mi, nb[i].m)
		k, ok := index[key]
		if !ok && hasAlt {
			k, ok = index[alt]
		}
		if ok {
			forms[mi][k].nodes = append(forms[mi][k].nodes, i)
			continue
		}
		index[key] = len(forms[mi])
		forms[mi] = append(forms[mi], form{m: nb[i].m, nodes: []int{i}})
	}
	if skinned > 0 {
		b.note(fmt.Sprintf("%d skinned mesh node(s) left unbaked: their vertices follow the joints, whose inverse bind matrices now absorb what the joints' scale held, so skinning is unchanged", skinned))
	}
	for mi, fs := range forms {
		for k, f := range fs {
			baked, err := b.mesh(mi, f.m)
			if err != nil {
				return err
			}
			target := mi
			if keep[mi] || k > 0 {
				target = len(d.Meshes)
				d.Meshes = append(d.Meshes, baked)
				b.res.Copies++
			} else {
				d.Meshes[mi] = baked
			}
			b.res.Meshes++
			if f.m.Det() < 0 {
				b.res.Mirrored++
			}
			for _, i := range f.nodes {
				t := target
				d.Nodes[i].Mesh = &t
			}
		}
	}
	return nil
}

// mesh returns glTF mesh mi baked by m: a new Mesh whose primitives have
// new POSITION, NORMAL and TANGENT accessors (and morph target deltas),
// and new indices where m mirrors.
func (b *baker) mesh(mi int, m mgl64.Mat3) (*gltf.Mesh, error) {
	src := b.orig[mi]
	out := *src
	out.Primitives = make([]*gltf.Primitive, len(src.Primitives))
	det := m.Det()
	// nrm maps a normal: M^-T = Cofactor(M)/det M, so sign(det) * Cofactor
	// has its direction, and stays defined when M is singular.
	nrm := transform.Cofactor(m)
	if det < 0 {
		nrm = nrm.Mul(-1)
	}
	for pi, p := range src.Primitives {
		if p == nil {
			return nil, fmt.Errorf("mesh %d: primitives[%d] is null", mi, pi)
		}
		where := fmt.Sprintf("mesh %d %q primitive %d", mi, src.Name, pi)
		np := *p
		np.Attributes = maps.Clone(p.Attributes)
		var nScale, tScale []float64 // per vertex, for morph deltas
		if a, ok := p.Attributes[gltf.POSITION]; ok {
			v, err := b.r.floats(a, where+" POSITION", gltf.AccessorVec3, b.r.positionKinds())
			if err != nil {
				return nil, err
			}
			mapVec3(v, m, false, nil)
			np.Attributes[gltf.POSITION] = b.addFloats(v, gltf.AccessorVec3, true)
		}
		if a, ok := p.Attributes[gltf.NORMAL]; ok {
			v, err := b.r.floats(a, where+" NORMAL", gltf.AccessorVec3, b.r.directionKinds())
			if err != nil {
				return nil, err
			}
			nScale = make([]float64, len(v)/3)
			b.flat += mapVec3(v, nrm, true, nScale)
			np.Attributes[gltf.NORMAL] = b.addFloats(v, gltf.AccessorVec3, false)
		}
		if a, ok := p.Attributes[gltf.TANGENT]; ok {
			v, err := b.r.floats(a, where+" TANGENT", gltf.AccessorVec4, b.r.directionKinds())
			if err != nil {
				return nil, err
			}
			tScale = make([]float64, len(v)/4)
			for k := 0; k+3 < len(v); k += 4 {
				x := m.Mul3x1(mgl64.Vec3{v[k], v[k+1], v[k+2]})
				if l := x.Len(); l > 0 && !math.IsInf(l, 0) {
					v[k], v[k+1], v[k+2] = x[0]/l, x[1]/l, x[2]/l
					tScale[k/4] = 1 / l
				}
				if det < 0 {
					v[k+3] = -v[k+3]
				}
			}
			np.Attributes[gltf.TANGENT] = b.addFloats(v, gltf.AccessorVec4, false)
		}
		if len(p.Targets) > 0 {
			np.Targets = make([]gltf.PrimitiveAttributes, len(p.Targets))
			for ti, t := range p.Targets {
				nt := maps.Clone(t)
				for attr, a := range t {
					var lin mgl64.Mat3
					var scale []float64
					switch attr {
					case gltf.POSITION:
						lin = m
					case gltf.NORMAL:
						lin, scale = nrm, nScale
					case gltf.TANGENT:
						lin, scale = m, tScale
					default:
						continue
					}
					v, err := b.r.floats(a, fmt.Sprintf("%s target %d %s", where, ti, attr), gltf.AccessorVec3, b.r.targetKinds())
					if err != nil {
						return nil, err
					}
					mapVec3(v, lin, false, nil)
					if scale != nil {
						// The base vector's normalisation factor, so base +
						// weight * delta keeps its direction after the
						// engine's own normalisation.
						for k := range min(len(scale), len(v)/3) {
							if scale[k] > 0 {
								v[3*k], v[3*k+1], v[3*k+2] = v[3*k]*scale[k], v[3*k+1]*scale[k], v[3*k+2]*scale[k]
							}
						}
					}
					nt[attr] = b.addFloats(v, gltf.AccessorVec3, attr == gltf.POSITION)
				}
				np.Targets[ti] = nt
			}
		}
		if det < 0 {
			if err := b.flipWinding(&np, where); err != nil {
				return nil, err
			}
		}
		out.Primitives[pi] = &np
	}
	return &out, nil
}

// mapVec3 replaces each 3-vector of v by lin times it; with normalize it
// then makes it unit length, keeping a vector lin sends to zero (or to
// an infinite length) as it was, stores 1/length in scale (when not nil)
// and returns how many vectors were kept.
func mapVec3(v []float64, lin mgl64.Mat3, normalize bool, scale []float64) (kept int) {
	for k := 0; k+2 < len(v); k += 3 {
		x := lin.Mul3x1(mgl64.Vec3{v[k], v[k+1], v[k+2]})
		if normalize {
			l := x.Len()
			if l == 0 || math.IsInf(l, 0) || math.IsNaN(l) {
				kept++
				continue
			}
			x = x.Mul(1 / l)
			if scale != nil {
				scale[k/3] = 1 / l
			}
		}
		v[k], v[k+1], v[k+2] = x[0], x[1], x[2]
	}
	return kept
}

// flipWinding reverses the facing of a triangle primitive's triangles
// without moving a vertex: each triangle's last two corners swap
// (triangles), the strip gains a repeated first index so every triangle's
// parity flips (strip), the fan's rim reverses (fan). A primitive without
// indices gets them. Lines and points have no facing.
func (b *baker) flipWinding(p *gltf.Primitive, where string) error {
	if p.Mode != gltf.PrimitiveTriangles && p.Mode != gltf.PrimitiveTriangleStrip && p.Mode != gltf.PrimitiveTriangleFan {
		return nil
	}
	pos, ok := p.Attributes[gltf.POSITION]
	if !ok {
		return nil
	}
	count := b.r.doc.Accessors[pos].Count
	var idx []uint32
	if p.Indices != nil {
		var err error
		if idx, err = b.r.indices(*p.Indices, count, where); err != nil {
			return err
		}
	} else {
		idx = make([]uint32, count)
		for k := range idx {
			idx[k] = uint32(k)
		}
	}
	switch p.Mode {
	case gltf.PrimitiveTriangles:
		for k := 0; k+2 < len(idx); k += 3 {
			idx[k+1], idx[k+2] = idx[k+2], idx[k+1]
		}
	case gltf.PrimitiveTriangleStrip:
		if len(idx) > 0 {
			idx = slices.Insert(idx, 0, idx[0])
		}
	case gltf.PrimitiveTriangleFan:
		if len(idx) > 1 {
			slices.Reverse(idx[1:])
		}
	}
	a := b.addIndices(idx, count)
	p.Indices = &a
	return nil
}

// addView adds a buffer view holding data and returns its index.
func (b *baker) addView(data []byte, target gltf.Target) int {
	d := &b.r.doc
	d.BufferViews = append(d.BufferViews, &gltf.BufferView{ByteLength: len(data), Target: target})
	i := len(d.BufferViews) - 1
	b.newViews[i] = data
	return i
}

// addFloats adds a float32 accessor of type typ holding v (min and max
// with minMax, as POSITION needs) and returns its index.
func (b *baker) addFloats(v []float64, typ gltf.AccessorType, minMax bool) int {
	d := &b.r.doc
	c := typ.Components()
	data := make([]byte, 4*len(v))
	for k, x := range v {
		binary.LittleEndian.PutUint32(data[4*k:], math.Float32bits(float32(x)))
	}
	view := b.addView(data, gltf.TargetArrayBuffer)
	a := &gltf.Accessor{BufferView: &view, ComponentType: gltf.ComponentFloat, Count: len(v) / c, Type: typ}
	if minMax && len(v) >= c {
		a.Min, a.Max = make([]float64, c), make([]float64, c)
		for j := range c {
			a.Min[j], a.Max[j] = math.Inf(1), math.Inf(-1)
		}
		for k := 0; k+c <= len(v); k += c {
			for j := range c {
				x := float64(float32(v[k+j]))
				a.Min[j], a.Max[j] = min(a.Min[j], x), max(a.Max[j], x)
			}
		}
	}
	d.Accessors = append(d.Accessors, a)
	return len(d.Accessors) - 1
}

// addIndices adds an index accessor (unsigned short when every index
// fits below the primitive-restart value, else unsigned int).
func (b *baker) addIndices(idx []uint32, vertices int) int {
	d := &b.r.doc
	var data []byte
	comp := gltf.ComponentUint
	if vertices < 0xFFFF {
		comp = gltf.ComponentUshort
		data = make([]byte, 2*len(idx))
		for k, v := range idx {
			binary.LittleEndian.PutUint16(data[2*k:], uint16(v))
		}
		data = append(data, make([]byte, (4-len(data)%4)%4)...)
	} else {
		data = make([]byte, 4*len(idx))
		for k, v := range idx {
			binary.LittleEndian.PutUint32(data[4*k:], v)
		}
	}
	view := b.addView(data, gltf.TargetElementArrayBuffer)
	d.BufferViews[view].ByteLength = len(idx) * comp.ByteSize()
	d.Accessors = append(d.Accessors, &gltf.Accessor{BufferView: &view, ComponentType: comp, Count: len(idx), Type: gltf.AccessorScalar})
	return len(d.Accessors) - 1
}

// skins moves each joint's baked linear part into its inverse bind
// matrix: skinning uses world_j * IBM_j, and the original world_j is the
// baked one times M_j, so IBM'_j = M_j * IBM_j keeps it. mOf returns
// joint j's M_j and whether it is the identity; nodes is the number of
// nodes.
func (b *baker) skins(nodes int, mOf func(j int) (mgl64.Mat3, bool)) error {
	d := &b.r.doc
	for si, s := range d.Skins {
		if s == nil {
			return fmt.Errorf("skins[%d] is null", si)
		}
		all := true
		for _, j := range s.Joints {
			if j < 0 || j >= nodes {
				return fmt.Errorf("skin %d: joint %d is not a node (the file has %d)", si, j, nodes)
			}
			_, id := mOf(j)
			all = all && id
		}
		if all {
			continue
		}
		ibm := make([]float64, 16*len(s.Joints))
		if s.InverseBindMatrices != nil {
			v, err := b.r.floats(*s.InverseBindMatrices, fmt.Sprintf("skin %d inverseBindMatrices", si), gltf.AccessorMat4, kFloat)
			if err != nil {
				return err
			}
			if len(v) < len(ibm) {
				return fmt.Errorf("skin %d: %d inverse bind matrices for %d joints", si, len(v)/16, len(s.Joints))
			}
			copy(ibm, v)
		} else {
			for k := range s.Joints {
				ibm[16*k], ibm[16*k+5], ibm[16*k+10], ibm[16*k+15] = 1, 1, 1, 1
			}
		}
		for k, j := range s.Joints {
			m, _ := mOf(j)
			m4 := mgl64.Mat4{m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, 0, 0, 0, 1}
			var old mgl64.Mat4
			copy(old[:], ibm[16*k:16*k+16])
			nw := m4.Mul4(old)
			copy(ibm[16*k:], nw[:])
		}
		a := b.addFloats(ibm, gltf.AccessorMat4, false)
		d.BufferViews[*d.Accessors[a].BufferView].Target = 0 // not vertex data
		s.InverseBindMatrices = &a
	}
	return nil
}

// pack leaves out accessors and buffer views nothing refers to (unless
// the file uses an extension, which might refer to them; the compressed
// views dropCompression dropped go in any case), then copies
// every remaining buffer view into one buffer, 4-byte aligned, which
// becomes the GLB's BIN chunk, and encodes the copy.
func (b *baker) pack() error {
	d := &b.r.doc
	keepAcc := make([]bool, len(d.Accessors))
	keepView := make([]bool, len(d.BufferViews))
	if len(d.ExtensionsUsed) > 0 {
		for i := range keepAcc {
			keepAcc[i] = true
		}
		for i := range keepView {
			keepView[i] = !b.dropViews[i] // a kept accessor or image may still claim it below
		}
	}
	use := func(i *int) {
		if i != nil && *i >= 0 && *i < len(keepAcc) {
			keepAcc[*i] = true
		}
	}
	for _, m := range d.Meshes {
		for _, p := range m.Primitives {
			if p == nil {
				continue
			}
			for _, a := range p.Attributes {
				use(&a)
			}
			use(p.Indices)
			for _, t := range p.Targets {
				for _, a := range t {
					use(&a)
				}
			}
		}
	}
	for _, s := range d.Skins {
		use(s.InverseBindMatrices)
	}
	for _, a := range d.Animations {
		for _, sm := range a.Samplers {
			use(&sm.Input)
			use(&sm.Output)
		}
	}
	for _, n := range d.Nodes {
		if _, attrs := instancingAttributes(n); attrs != nil {
			for _, a := range attrs {
				use(&a)
			}
		}
	}
	useView := func(i *int) {
		if i != nil && *i >= 0 && *i < len(keepView) {
			keepView[*i] = true
		}
	}
	for i, a := range d.Accessors {
		if !keepAcc[i] {
			continue
		}
		useView(a.BufferView)
		if a.Sparse != nil {
			useView(&a.Sparse.Indices.BufferView)
			useView(&a.Sparse.Values.BufferView)
		}
	}
	for _, im := range d.Images {
		if im != nil {
			useView(im.BufferView)
		}
	}
	accIndex := renumber(keepAcc)
	viewIndex := renumber(keepView)
	remap := func(i *int, index []int) *int {
		if i == nil || *i < 0 || *i >= len(index) {
			return i
		}
		v := index[*i]
		return &v
	}
	// The new buffer: kept views in order, each 4-byte aligned.
	var buf bytes.Buffer
	var views []*gltf.BufferView
	for i, v := range d.BufferViews {
		if !keepView[i] {
			continue
		}
		data, ok := b.newViews[i]
		if !ok {
			if v.Buffer < 0 || v.Buffer >= len(b.r.bufs) || v.ByteOffset < 0 || v.ByteLength < 0 || v.ByteOffset+v.ByteLength > len(b.r.bufs[v.Buffer]) {
				return fmt.Errorf("bufferView %d lies outside buffer %d", i, v.Buffer)
			}
			data = b.r.bufs[v.Buffer][v.ByteOffset : v.ByteOffset+v.ByteLength]
		}
		for buf.Len()%4 != 0 {
			buf.WriteByte(0)
		}
		nv := *v
		nv.Buffer, nv.ByteOffset, nv.ByteLength = 0, buf.Len(), min(v.ByteLength, len(data))
		buf.Write(data[:nv.ByteLength])
		views = append(views, &nv)
	}
	var accs []*gltf.Accessor
	for i, a := range d.Accessors {
		if !keepAcc[i] {
			continue
		}
		na := *a
		na.BufferView = remap(a.BufferView, viewIndex)
		if a.Sparse != nil {
			sp := *a.Sparse
			sp.Indices.BufferView = *remap(&sp.Indices.BufferView, viewIndex)
			sp.Values.BufferView = *remap(&sp.Values.BufferView, viewIndex)
			na.Sparse = &sp
		}
		accs = append(accs, &na)
	}
	for _, m := range d.Meshes {
		for _, p := range m.Primitives {
			if p == nil {
				continue
			}
			for k, a := range p.Attributes {
				p.Attributes[k] = *remap(&a, accIndex)
			}
			p.Indices = remap(p.Indices, accIndex)
			for _, t := range p.Targets {
				for k, a := range t {
					t[k] = *remap(&a, accIndex)
				}
			}
		}
	}
	for _, s := range d.Skins {
		s.InverseBindMatrices = remap(s.InverseBindMatrices, accIndex)
	}
	for _, a := range d.Animations {
		for _, sm := range a.Samplers {
			sm.Input = *remap(&sm.Input, accIndex)
			sm.Output = *remap(&sm.Output, accIndex)
		}
	}
	for _, n := range d.Nodes {
		if obj, attrs := instancingAttributes(n); attrs != nil {
			for k, a := range attrs {
				attrs[k] = *remap(&a, accIndex)
			}
			setInstancingAttributes(n, obj, attrs)
		}
	}
	for _, im := range d.Images {
		if im != nil {
			im.BufferView = remap(im.BufferView, viewIndex)
		}
	}
	d.Accessors, d.BufferViews = accs, views
	d.Buffers = nil
	if buf.Len() > 0 {
		d.Buffers = []*gltf.Buffer{{ByteLength: buf.Len(), Data: buf.Bytes()}}
	}
	gen := "skewlab bake"
	if d.Asset.Generator != "" {
		gen += " (from " + d.Asset.Generator + ")"
	}
	d.Asset.Generator = gen
	var out bytes.Buffer
	if err := gltf.NewEncoder(&out).Encode(d); err != nil {
		return fmt.Errorf("encoding the copy: %v", err)
	}
	b.res.GLB = out.Bytes()
	return nil
}

// renumber returns, for each kept entry, its index among the kept ones
// (-1 for the others).
func renumber(keep []bool) []int {
	index := make([]int, len(keep))
	n := 0
	for i, k := range keep {
		index[i] = -1
		if k {
			index[i] = n
			n++
		}
	}
	return index
}
