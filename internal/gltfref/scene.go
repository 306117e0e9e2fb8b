package gltfref

import (
	"fmt"
	"math"
	"sort"
)

// Frame is where a light or camera is in the world: the glTF node that
// carries it, the light's index in KHR_lights_punctual's "lights" (or
// the camera's in "cameras"), its world position (the node's world
// matrix applied to the origin), its direction (the world matrix's
// linear part times (0, 0, -1), normalized: where it points, per the
// glTF spec and KHR_lights_punctual) and its up vector (the linear part
// times (0, 1, 0), made perpendicular to the direction, normalized).
// Direction and Up are the zero vector when the linear part flattens
// them.
type Frame struct {
	Node, Index         int
	Position, Direction Vec3
	Up                  Vec3
}

// Scene is what one glTF scene means under matrix accumulation.
type Scene struct {
	// Index is the scene's index in the file's "scenes" (-1: the file
	// has none, and the scene is every root node).
	Index int
	// Nodes lists every node of the scene, parents before children,
	// roots in the scene's order, children in their "children" order.
	Nodes []int
	// World holds every scene node's world matrix, by glTF node index:
	// the product of the local matrices from the root down (a local
	// matrix is the node's "matrix", or T*R*S of its translation,
	// rotation (normalized) and scale).
	World map[int]Mat4
	// Points holds, for every scene node that has a mesh, the world
	// positions of its mesh's vertices as drawn at rest: every element of
	// every primitive's POSITION accessor (indexed or not, used or not),
	// primitive after primitive, with the morph targets' POSITION
	// displacements added at the default weights (the node's "weights",
	// else the mesh's, else 0). For a node with EXT_mesh_gpu_instancing
	// they are repeated for each instance k, instance after instance,
	// placed by World[node] * TRS_k. For a skinned node (one with "skin")
	// each vertex is sum_j w_j * World[joint_j] * IBM_j * v over the
	// vertex's JOINTS_n/WEIGHTS_n pairs (n = 0, 1; weights as stored,
	// not renormalized; identity IBMs when the skin has none), and the
	// node's own transform is ignored, as the spec says.
	Points map[int][]Vec3
	// Instances holds, for every scene node with EXT_mesh_gpu_instancing,
	// each instance's world matrix World[node] * T_k*R_k*S_k (the
	// extension's TRANSLATION, ROTATION and SCALE accessors; absent
	// ones are 0, the identity rotation and 1).
	Instances map[int][]Mat4
	// Skinned marks the scene nodes whose Points were skinned.
	Skinned map[int]bool
	// Lights and Cameras list the scene nodes carrying a
	// KHR_lights_punctual light or a camera, in Nodes order.
	Lights, Cameras []Frame
	// Size is the diagonal of the bounding box of every point in Points;
	// when there is none, of every scene node's world origin; 1 when
	// that is 0 too (so that fractions of Size stay finite).
	Size float64
}

// Scene evaluates scene i of the file; i = -1 evaluates every root node
// as one scene, as for a file without "scenes". A node listed twice, an
// out-of-range index and unreadable accessors are errors.
func (f *File) Scene(i int) (*Scene, error) { return f.scene(i, nil) }

// scene is Scene with pose p (nil: the file's own values) in place of
// the animated nodes' values.
func (f *File) scene(i int, p *Pose) (*Scene, error) {
	d := &f.doc
	var roots []int
	switch {
	case i == -1:
		for n := range d.Nodes {
			if f.parent[n] == -1 {
				roots = append(roots, n)
			}
		}
	case i >= 0 && i < len(d.Scenes):
		roots = d.Scenes[i].Nodes
	default:
		return nil, fmt.Errorf("scene %d out of range (%d scenes)", i, len(d.Scenes))
	}
	s := &Scene{Index: i, World: map[int]Mat4{}, Points: map[int][]Vec3{}, Instances: map[int][]Mat4{}, Skinned: map[int]bool{}}
	var visit func(n int, parent Mat4) error
	visit = func(n int, parent Mat4) error {
		if n < 0 || n >= len(d.Nodes) {
			return fmt.Errorf("node %d out of range", n)
		}
		if _, seen := s.World[n]; seen {
			return fmt.Errorf("node %d is listed twice in scene %d", n, i)
		}
		w := parent.Mul(f.local(n, p))
		s.World[n] = w
		s.Nodes = append(s.Nodes, n)
		for _, c := range d.Nodes[n].Children {
			if err := visit(c, w); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range roots {
		if r >= 0 && r < len(d.Nodes) && f.parent[r] != -1 {
			return nil, fmt.Errorf("scene %d lists node %d, which has a parent", i, r)
		}
		if err := visit(r, Identity()); err != nil {
			return nil, err
		}
	}
	for _, n := range s.Nodes {
		if err := f.fillNode(s, n, p); err != nil {
			return nil, fmt.Errorf("node %d: %w", n, err)
		}
	}
	s.Size = sizeOf(s)
	return s, nil
}

// local returns node n's local matrix: its "matrix" (column-major), or
// T*R*S with glTF's defaults for absent parts, each part replaced by
// pose p's where p animates it (p may be nil).
func (f *File) local(n int, p *Pose) Mat4 {
	nd := &f.doc.Nodes[n]
	t, q, sc := Vec3{}, [4]float64{0, 0, 0, 1}, Vec3{1, 1, 1}
	if nd.Translation != nil {
		t = Vec3(*nd.Translation)
	}
	if nd.Rotation != nil {
		q = *nd.Rotation
	}
	if nd.Scale != nil {
		sc = Vec3(*nd.Scale)
	}
	posed := false
	if p != nil {
		if v, ok := p.Translation[n]; ok {
			t, posed = v, true
		}
		if v, ok := p.Rotation[n]; ok {
			q, posed = v, true
		}
		if v, ok := p.Scale[n]; ok {
			sc, posed = v, true
		}
	}
	if nd.Matrix != nil && !posed {
		return FromColumnMajor(nd.Matrix[:])
	}
	return TRS(t, q, sc)
}

// worldOf returns node n's world matrix from the whole file's hierarchy
// (for joints outside the evaluated scene), posed by p (may be nil).
func (f *File) worldOf(n int, p *Pose) Mat4 {
	m := f.local(n, p)
	for q := f.parent[n]; q != -1; q = f.parent[q] {
		m = f.local(q, p).Mul(m)
	}
	return m
}

// frame returns the Frame of node n with world matrix w.
func frame(n, index int, w Mat4) Frame {
	dir := w.Dir(Vec3{0, 0, -1}).Unit()
	up := w.Dir(Vec3{0, 1, 0})
	up = up.Sub(dir.Scale(up.Dot(dir))).Unit()
	return Frame{Node: n, Index: index, Position: w.Point(Vec3{}), Direction: dir, Up: up}
}

// fillNode adds node n's points, instances, light and camera to s, its
// morph weights and its skin's joints posed by p (may be nil).
func (f *File) fillNode(s *Scene, n int, pose *Pose) error {
	d := &f.doc
	nd := &d.Nodes[n]
	w := s.World[n]
	if nd.Extensions.Light != nil && nd.Extensions.Light.Light != nil {
		li := *nd.Extensions.Light.Light
		if d.Extensions.Lights == nil || li < 0 || li >= len(d.Extensions.Lights.Lights) {
			return fmt.Errorf("light %d out of range", li)
		}
		s.Lights = append(s.Lights, frame(n, li, w))
	}
	if nd.Camera != nil {
		if *nd.Camera < 0 || *nd.Camera >= len(d.Cameras) {
			return fmt.Errorf("camera %d out of range", *nd.Camera)
		}
		s.Cameras = append(s.Cameras, frame(n, *nd.Camera, w))
	}
	if ext := nd.Extensions.Instancing; ext != nil {
		inst, err := f.instances(ext.Attributes)
		if err != nil {
			return fmt.Errorf("EXT_mesh_gpu_instancing: %w", err)
		}
		for k := range inst {
			inst[k] = w.Mul(inst[k])
		}
		s.Instances[n] = inst
	}
	if nd.Mesh == nil {
		return nil
	}
	if *nd.Mesh < 0 || *nd.Mesh >= len(d.Meshes) {
		return fmt.Errorf("mesh %d out of range", *nd.Mesh)
	}
	mesh := &d.Meshes[*nd.Mesh]
	weights := nd.Weights
	if weights == nil {
		weights = mesh.Weights
	}
	if pose != nil && pose.Weights[n] != nil {
		weights = pose.Weights[n]
	}
	var pts []Vec3
	var blend []Mat4 // per vertex, for a skinned node
	for pi, p := range mesh.Primitives {
		pos, ok := p.Attributes["POSITION"]
		if !ok {
			continue
		}
		v, err := f.vec3s(pos, fmt.Sprintf("primitive %d POSITION", pi))
		if err != nil {
			return err
		}
		for t, target := range p.Targets {
			ti, ok := target["POSITION"]
			if !ok || t >= len(weights) || weights[t] == 0 {
				continue
			}
			dv, err := f.vec3s(ti, fmt.Sprintf("primitive %d target %d POSITION", pi, t))
			if err != nil {
				return err
			}
			if len(dv) != len(v) {
				return fmt.Errorf("primitive %d target %d: %d displacements for %d vertices", pi, t, len(dv), len(v))
			}
			for k := range v {
				for c := 0; c < 3; c++ {
					v[k][c] += weights[t] * dv[k][c]
				}
			}
		}
		if nd.Skin != nil {
			b, err := f.skinBlend(*nd.Skin, p, len(v), pi, pose)
			if err != nil {
				return err
			}
			blend = append(blend, b...)
		}
		pts = append(pts, v...)
	}
	switch {
	case nd.Skin != nil:
		out := make([]Vec3, len(pts))
		for k, p := range pts {
			out[k] = blend[k].Point(p)
		}
		s.Points[n] = out
		s.Skinned[n] = true
	case nd.Extensions.Instancing != nil:
		var out []Vec3
		for _, m := range s.Instances[n] {
			for _, p := range pts {
				out = append(out, m.Point(p))
			}
		}
		s.Points[n] = out
	default:
		out := make([]Vec3, len(pts))
		for k, p := range pts {
			out[k] = w.Point(p)
		}
		s.Points[n] = out
	}
	return nil
}

// skinBlend returns, for each of a primitive's count vertices, the skin
// matrix sum_j w_j * World[joint_j] * IBM_j over its JOINTS_n/WEIGHTS_n
// (n = 0, 1) attributes, the joints posed by pose (may be nil).
func (f *File) skinBlend(si int, p primitive, count, pi int, pose *Pose) ([]Mat4, error) {
	d := &f.doc
	if si < 0 || si >= len(d.Skins) {
		return nil, fmt.Errorf("skin %d out of range", si)
	}
	sk := &d.Skins[si]
	var ibms [][]float64
	if sk.InverseBindMatrices != nil {
		var err error
		ibms, err = f.Accessor(*sk.InverseBindMatrices)
		if err != nil {
			return nil, fmt.Errorf("skin %d inverseBindMatrices: %w", si, err)
		}
		if len(ibms) != len(sk.Joints) {
			return nil, fmt.Errorf("skin %d: %d inverse bind matrices for %d joints", si, len(ibms), len(sk.Joints))
		}
	}
	joint := make([]Mat4, len(sk.Joints))
	for j, jn := range sk.Joints {
		if jn < 0 || jn >= len(d.Nodes) {
			return nil, fmt.Errorf("skin %d joint %d out of range", si, jn)
		}
		ibm := Identity()
		if ibms != nil {
			if len(ibms[j]) != 16 {
				return nil, fmt.Errorf("skin %d: inverseBindMatrices is not MAT4", si)
			}
			ibm = FromColumnMajor(ibms[j])
		}
		joint[j] = f.worldOf(jn, pose).Mul(ibm)
	}
	out := make([]Mat4, count)
	found := false
	for set := 0; set < 2; set++ {
		ji, ok1 := p.Attributes[fmt.Sprintf("JOINTS_%d", set)]
		wi, ok2 := p.Attributes[fmt.Sprintf("WEIGHTS_%d", set)]
		if !ok1 && !ok2 {
			continue
		}
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("primitive %d: JOINTS_%d and WEIGHTS_%d must come together", pi, set, set)
		}
		found = true
		js, err := f.Accessor(ji)
		if err != nil {
			return nil, fmt.Errorf("primitive %d JOINTS_%d: %w", pi, set, err)
		}
		ws, err := f.Accessor(wi)
		if err != nil {
			return nil, fmt.Errorf("primitive %d WEIGHTS_%d: %w", pi, set, err)
		}
		if len(js) != count || len(ws) != count {
			return nil, fmt.Errorf("primitive %d: %d joints and %d weights for %d vertices", pi, len(js), len(ws), count)
		}
		for k := 0; k < count; k++ {
			if len(js[k]) != 4 || len(ws[k]) != 4 {
				return nil, fmt.Errorf("primitive %d: JOINTS_%d/WEIGHTS_%d are not VEC4", pi, set, set)
			}
			for c := 0; c < 4; c++ {
				wt := ws[k][c]
				if wt == 0 {
					continue
				}
				j := int(js[k][c])
				if j < 0 || j >= len(joint) {
					return nil, fmt.Errorf("primitive %d vertex %d: joint %d out of range", pi, k, j)
				}
				out[k] = out[k].Add(joint[j].Scaled(wt))
			}
		}
	}
	if !found {
		return nil, fmt.Errorf("primitive %d of a skinned mesh has no JOINTS_0/WEIGHTS_0", pi)
	}
	return out, nil
}

// instances returns each instance's T*R*S from EXT_mesh_gpu_instancing's
// attributes (relative to the node).
func (f *File) instances(attrs map[string]int) ([]Mat4, error) {
	count := -1
	get := func(name string) ([][]float64, error) {
		i, ok := attrs[name]
		if !ok {
			return nil, nil
		}
		els, err := f.Accessor(i)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if count >= 0 && len(els) != count {
			return nil, fmt.Errorf("%s has %d elements, another attribute %d", name, len(els), count)
		}
		count = len(els)
		return els, nil
	}
	ts, err := get("TRANSLATION")
	if err != nil {
		return nil, err
	}
	rs, err := get("ROTATION")
	if err != nil {
		return nil, err
	}
	ss, err := get("SCALE")
	if err != nil {
		return nil, err
	}
	if count < 0 {
		return nil, fmt.Errorf("none of TRANSLATION, ROTATION, SCALE")
	}
	out := make([]Mat4, count)
	for k := range out {
		t, q, s := Vec3{}, [4]float64{0, 0, 0, 1}, Vec3{1, 1, 1}
		if ts != nil {
			if len(ts[k]) != 3 {
				return nil, fmt.Errorf("TRANSLATION is not VEC3")
			}
			t = Vec3{ts[k][0], ts[k][1], ts[k][2]}
		}
		if rs != nil {
			if len(rs[k]) != 4 {
				return nil, fmt.Errorf("ROTATION is not VEC4")
			}
			q = [4]float64{rs[k][0], rs[k][1], rs[k][2], rs[k][3]}
		}
		if ss != nil {
			if len(ss[k]) != 3 {
				return nil, fmt.Errorf("SCALE is not VEC3")
			}
			s = Vec3{ss[k][0], ss[k][1], ss[k][2]}
		}
		out[k] = TRS(t, q, s)
	}
	return out, nil
}

// sizeOf returns Scene.Size for s.
func sizeOf(s *Scene) float64 {
	lo := Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	add := func(p Vec3) {
		for c := 0; c < 3; c++ {
			lo[c] = math.Min(lo[c], p[c])
			hi[c] = math.Max(hi[c], p[c])
		}
	}
	keys := make([]int, 0, len(s.Points))
	for n := range s.Points {
		keys = append(keys, n)
	}
	sort.Ints(keys)
	found := false
	for _, n := range keys {
		for _, p := range s.Points[n] {
			add(p)
			found = true
		}
	}
	if !found {
		for _, n := range s.Nodes {
			add(s.World[n].Point(Vec3{}))
			found = true
		}
	}
	if !found {
		return 1
	}
	d := hi.Sub(lo).Len()
	if !(d > 0) || math.IsInf(d, 0) {
		return 1
	}
	return d
}
