package gltfio

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/transform"
)

// instanceResidualTol is how far (polar fit residual, relative) a baked
// instance's linear part M·L·M⁻¹ may be from a TRS for the instance
// transforms to carry it; beyond, the instances become nodes. Float64
// rounding leaves about 1e-15.
const instanceResidualTol = 1e-9

// carryInstances returns the instance transforms that keep every
// instance where it was once the node's world linear part L = Q·M loses
// M to the mesh: instance k's T_k R_k S_k becomes M·(T_k R_k S_k)·M⁻¹
// (translation M·t_k, linear part M·L_k·M⁻¹), so that Q · instance' · M
// = Q·M · instance. ok is false when M is singular or some M·L_k·M⁻¹ is
// not a TRS (M's stretch does not commute with the instance's turn);
// the instances must then become nodes.
func carryInstances(m mgl64.Mat3, trs []transform.TRS) (out []transform.TRS, ok bool) {
	if m.Det() == 0 {
		return nil, false
	}
	inv := m.Inv()
	out = make([]transform.TRS, len(trs))
	for k, t := range trs {
		l := m.Mul3(transform.Linear(t.Mat4())).Mul3(inv)
		f, _ := transform.PolarFit(l)
		if !(f.Residual <= instanceResidualTol) {
			return nil, false
		}
		out[k] = transform.TRS{Position: m.Mul3x1(t.Position), Rotation: f.Rotation, Scale: f.Scale}
		for _, v := range append(out[k].Position[:], out[k].Scale[:]...) {
			if !(math.Abs(v) <= transform.MaxMagnitude) {
				return nil, false // beyond what a scene holds: make nodes (checked there)
			}
		}
	}
	return out, true
}

// instancingAttributes returns a node's EXT_mesh_gpu_instancing object
// (every key kept, for rewriting) and its attributes, or nil.
func instancingAttributes(n *gltf.Node) (obj map[string]json.RawMessage, attrs map[string]int) {
	raw, ok := n.Extensions[extInstancing].(json.RawMessage)
	if !ok {
		return nil, nil
	}
	if json.Unmarshal(raw, &obj) != nil || json.Unmarshal(obj["attributes"], &attrs) != nil {
		return nil, nil
	}
	return obj, attrs
}

// setInstancingAttributes writes attrs back into node n's extension
// object obj.
func setInstancingAttributes(n *gltf.Node, obj map[string]json.RawMessage, attrs map[string]int) {
	a, _ := json.Marshal(attrs)
	obj["attributes"] = a
	raw, _ := json.Marshal(obj)
	n.Extensions[extInstancing] = json.RawMessage(raw)
}

// instances bakes every node drawn by EXT_mesh_gpu_instancing. Its own
// world loses M to the mesh like any node's; where the instance
// transforms can carry M (carryInstances) they are rewritten and the
// node keeps its instancing; otherwise every instance becomes a child
// node of its own (named NODE[k], as the reader names instances) with
// the bake of its own world, the node loses its mesh and the extension,
// and res.Expanded records where each instance went. It returns order
// and nb extended by the new nodes.
func (b *baker) instances(order []int, nb []nodeBake, world []mgl64.Mat4) ([]int, []nodeBake, error) {
	d := &b.r.doc
	for _, i := range slices.Clone(order) {
		in := b.r.inst[i]
		if in == nil {
			continue
		}
		trs := in.trs // read by bake's first pass
		n := d.Nodes[i]
		if nb[i].identity {
			continue // the node keeps its world; the instances stay as they are
		}
		if carried, ok := carryInstances(nb[i].m, trs); ok {
			obj, attrs := instancingAttributes(n)
			if obj == nil {
				return nil, nil, fmt.Errorf("%s: cannot rewrite its %s", b.r.nodeLabel(i), extInstancing)
			}
			tv := make([]float64, 0, 3*len(carried))
			rv := make([]float64, 0, 4*len(carried))
			sv := make([]float64, 0, 3*len(carried))
			for _, t := range carried {
				q := gltfRotation(t.Rotation)
				tv = append(tv, t.Position[0], t.Position[1], t.Position[2])
				rv = append(rv, q[0], q[1], q[2], q[3])
				sv = append(sv, t.Scale[0], t.Scale[1], t.Scale[2])
			}
			for name, v := range map[string][]float64{"TRANSLATION": tv, "ROTATION": rv, "SCALE": sv} {
				typ := gltf.AccessorVec3
				if name == "ROTATION" {
					typ = gltf.AccessorVec4
				}
				a := b.addFloats(v, typ, false)
				d.BufferViews[*d.Accessors[a].BufferView].Target = 0 // not vertex data
				attrs[name] = a
			}
			setInstancingAttributes(n, obj, attrs)
			b.res.InstancesRewritten += len(carried)
			continue
		}
		// Expand: each instance a node under i, baked from its world.
		if b.res.Expanded == nil {
			b.res.Expanded = map[[2]int]int{}
		}
		for k, t := range trs {
			w := world[i].Mul4(t.Mat4())
			if !transform.Finite(w[:]...) {
				return nil, nil, fmt.Errorf("%s: instance %d's world matrix overflows float64; it cannot be baked", b.r.nodeLabel(i), k)
			}
			l := transform.Linear(w)
			f, _ := transform.PolarFit(l)
			m := transform.RotMat3(f.Rotation).Transpose().Mul3(l)
			kb := nodeBake{q: f.Rotation, t: mgl64.Vec3{w[12], w[13], w[14]}, m: m, identity: nearIdentity(m)}
			q := transform.Normalize(nb[i].q.Conjugate().Mul(kb.q))
			p := transform.RotMat3(nb[i].q).Transpose().Mul3x1(kb.t.Sub(nb[i].t))
			if err := checkBakedTranslation(fmt.Sprintf("%s instance %d", b.r.nodeLabel(i), k), p); err != nil {
				return nil, nil, err
			}
			mesh := *n.Mesh
			child := &gltf.Node{
				Name:        fmt.Sprintf("%s[%d]", b.r.names[i], k),
				Mesh:        &mesh,
				Matrix:      gltf.DefaultMatrix,
				Scale:       gltf.DefaultScale,
				Translation: [3]float64{p[0], p[1], p[2]},
				Rotation:    gltfRotation(q),
			}
			ci := len(d.Nodes)
			d.Nodes = append(d.Nodes, child)
			n.Children = append(n.Children, ci)
			nb = append(nb, kb)
			order = append(order, ci)
			b.res.Expanded[[2]int{i, k}] = ci
			if !kb.identity {
				b.res.Reshaped++
			}
		}
		n.Mesh = nil
		delete(n.Extensions, extInstancing)
		b.note(fmt.Sprintf("%s: its %d instances became child nodes: the instance transforms cannot carry its stretch (it does not commute with their turns)", b.r.nodeLabel(i), len(trs)))
	}
	// The extension stays listed only while a node still uses it.
	used := false
	for _, n := range d.Nodes {
		if _, ok := n.Extensions[extInstancing]; ok {
			used = true
		}
	}
	if !used {
		d.ExtensionsUsed = slices.DeleteFunc(d.ExtensionsUsed, func(e string) bool { return e == extInstancing })
		d.ExtensionsRequired = slices.DeleteFunc(d.ExtensionsRequired, func(e string) bool { return e == extInstancing })
	}
	return order, nb, nil
}
