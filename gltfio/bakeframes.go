package gltfio

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/transform"
)

// frameUpTol is how short (relative to the up vector's own length) the
// part of l(0,1,0) perpendicular to the direction may be before the bake
// takes the up as undefined (l singular, the up along the direction):
// well above rounding, so an up the bake keeps is well conditioned.
const frameUpTol = 1e-9

// frames keeps the world frame of every camera and KHR_lights_punctual
// light. glTF aims a camera or light along its node's -Z with its +Y up,
// both under the node's world matrix: on a node with world linear part L
// the direction is L(0,0,-1) normalised and the up L(0,1,0) made
// perpendicular to it (Gram-Schmidt) and normalised. The baked node has
// only the polar rotation Q of L, which aims elsewhere once L is more
// than a rotation and a uniform scale (M = Q^T L not c*I, c > 0). Such a
// camera or light moves to a new node appended to the document (so the
// original indices stay) as the node's last child: translation 0, scale
// 1, rotation Q^T F, where F is the rotation with -Z the direction and +Y
// the up, so its world frame is Q Q^T F = F exactly. Cameras with any
// scale, spot lights under a non-uniform one and cameras or lights whose
// node flattens -Z to zero are counted in Notes. world holds the nodes'
// world matrices and nb their bakes, indexed by glTF node; order lists
// the original nodes (holders are appended after it).
func (b *baker) frames(order []int, nb []nodeBake, world []mgl64.Mat4) {
	d := &b.r.doc
	spots := spotLights(d)
	names := map[string]bool{}
	for _, n := range d.Nodes {
		names[n.Name] = true
	}
	first := len(d.Nodes)
	var cameras, lights, scaledCameras, skewedSpots, flat, noUp int
	for _, i := range order {
		n := d.Nodes[i]
		light, hasLight := nodeLight(n)
		if n.Camera == nil && !hasLight || nb[i].identity {
			continue
		}
		uniform := uniformScale(nb[i].m)
		if n.Camera != nil {
			scaledCameras++
		}
		if hasLight && spots[light] && !uniform {
			skewedSpots++
		}
		if uniform {
			continue // Q's frame is L's: the node carries it as it is
		}
		q := transform.RotMat3(nb[i].q)
		f, upOK, ok := frameRotation(transform.Linear(world[i]), q.Col(1))
		if !ok {
			flat++
			continue
		}
		if !upOK {
			noUp++
		}
		rel, _ := transform.PolarFit(q.Transpose().Mul3(f))
		rot := gltfRotation(rel.Rotation)
		holder := func(kind string) *gltf.Node {
			base := n.Name
			if base == "" {
				base = fmt.Sprintf("node %d", i)
			}
			name := base + " " + kind
			for k := 2; names[name]; k++ {
				name = fmt.Sprintf("%s %s %d", base, kind, k)
			}
			names[name] = true
			h := &gltf.Node{Name: name, Rotation: rot, Scale: gltf.DefaultScale, Matrix: gltf.DefaultMatrix}
			d.Nodes = append(d.Nodes, h)
			n.Children = append(n.Children, len(d.Nodes)-1)
			return h
		}
		if n.Camera != nil {
			holder("camera").Camera = n.Camera
			n.Camera = nil
			cameras++
		}
		if hasLight {
			holder("light").Extensions = gltf.Extensions{extLights: n.Extensions[extLights]}
			ext := gltf.Extensions{}
			for k, v := range n.Extensions {
				if k != extLights {
					ext[k] = v
				}
			}
			n.Extensions = nil
			if len(ext) > 0 {
				n.Extensions = ext
			}
			lights++
		}
	}
	b.res.Frames = len(d.Nodes) - first
	if cameras+lights > 0 {
		b.note(fmt.Sprintf("%d camera(s) and %d light(s) sat on nodes with a non-uniform scale, mirror or shear in their world: each moved to a new child node (appended after the original nodes, named \"NODE camera\" or \"NODE light\") that keeps its world position, direction (-Z) and up (+Y made perpendicular to the direction)", cameras, lights))
	}
	if scaledCameras > 0 {
		b.note(fmt.Sprintf("%d camera(s) had a scale, mirror or shear in their world: the copy keeps each camera's frame and its projection as written; an engine that takes the view from the whole world matrix (three.js) also applies that scale to the view (a uniform one changes what near, far and an orthographic xmag/ymag cover; a non-uniform one or a shear squashes the picture), which a camera of scale 1 cannot carry", scaledCameras))
	}
	if skewedSpots > 0 {
		b.note(fmt.Sprintf("%d spot light(s) sat under a non-uniform scale or shear: the copy keeps their cone angles about the kept direction, as KHR_lights_punctual defines them (scale leaves a light's properties unaffected); an elliptical cone, as the node's shear would make it, cannot be written", skewedSpots))
	}
	if flat > 0 {
		b.note(fmt.Sprintf("%d camera(s) or light(s) sit on a node whose world flattens -Z to zero: they have no direction in the original; each keeps its node's baked rotation", flat))
	}
	if noUp > 0 {
		b.note(fmt.Sprintf("%d camera(s) or light(s) sit on a node whose world turns +Y onto the direction: their up is undefined in the original; each gets its node's baked up made perpendicular to the direction", noUp))
	}
}

// uniformScale reports whether m is c times the identity for some c > 0
// (to identityTol relative to c): then Q's frame is L's.
func uniformScale(m mgl64.Mat3) bool {
	c := (m[0] + m[4] + m[8]) / 3
	if !(c > 0) {
		return false
	}
	id := mgl64.Ident3()
	for k := range m {
		if math.Abs(m[k]-c*id[k]) > identityTol*c {
			return false
		}
	}
	return true
}

// frameRotation returns the rotation F (columns right, up, back) whose
// -Z is l(0,0,-1) normalised and whose +Y is l(0,1,0) made perpendicular
// to it and normalised: the frame a camera or light has on a node whose
// world linear part is l (column vectors). ok is false when l(0,0,-1) is
// zero or not finite (no direction). upOK is false when l(0,1,0) has no
// part perpendicular to the direction (to frameUpTol of its length):
// then fallback (made perpendicular) is the up, or any perpendicular
// when that too lies along the direction.
func frameRotation(l mgl64.Mat3, fallback mgl64.Vec3) (f mgl64.Mat3, upOK, ok bool) {
	dir, ok := unitVec(l.Col(2).Mul(-1))
	if !ok {
		return f, false, false
	}
	up, upOK := perpendicular(l.Col(1), dir)
	if !upOK {
		var fine bool
		if up, fine = perpendicular(fallback, dir); !fine {
			// Any perpendicular: the axis least along dir, made perpendicular.
			axis := mgl64.Vec3{1, 0, 0}
			if math.Abs(dir[1]) < math.Abs(dir[0]) && math.Abs(dir[1]) <= math.Abs(dir[2]) {
				axis = mgl64.Vec3{0, 1, 0}
			} else if math.Abs(dir[2]) < math.Abs(dir[0]) {
				axis = mgl64.Vec3{0, 0, 1}
			}
			up, _ = perpendicular(axis, dir)
		}
	}
	back := dir.Mul(-1)
	return mgl64.Mat3FromCols(up.Cross(back), up, back), upOK, true
}

// perpendicular returns the part of v perpendicular to the unit vector
// dir, normalised, and whether it is at least frameUpTol of v's length.
func perpendicular(v, dir mgl64.Vec3) (mgl64.Vec3, bool) {
	u, ok := unitVec(v)
	if !ok {
		return mgl64.Vec3{}, false
	}
	p := u.Sub(dir.Mul(u.Dot(dir)))
	if p.Len() <= frameUpTol {
		return mgl64.Vec3{}, false
	}
	return p.Normalize(), true
}

// unitVec returns v normalised (scaled by its largest component first,
// so huge and tiny lengths neither overflow nor underflow) and false for
// a zero or non-finite v.
func unitVec(v mgl64.Vec3) (mgl64.Vec3, bool) {
	m := max(math.Abs(v[0]), math.Abs(v[1]), math.Abs(v[2]))
	if !(m > 0) || math.IsInf(m, 0) {
		return mgl64.Vec3{}, false
	}
	v = v.Mul(1 / m)
	return v.Mul(1 / v.Len()), true
}

// nodeLight returns the index of the KHR_lights_punctual light node n
// carries, and whether it carries one.
func nodeLight(n *gltf.Node) (int, bool) {
	v, ok := n.Extensions[extLights]
	if !ok {
		return 0, false
	}
	var ext struct {
		Light *int `json:"light"`
	}
	if !decodeExtension(v, &ext) || ext.Light == nil {
		return 0, false
	}
	return *ext.Light, true
}

// spotLights returns the indices of the file's KHR_lights_punctual
// lights of type "spot".
func spotLights(d *gltf.Document) map[int]bool {
	var ext struct {
		Lights []struct {
			Type string `json:"type"`
		} `json:"lights"`
	}
	out := map[int]bool{}
	if v, ok := d.Extensions[extLights]; ok && decodeExtension(v, &ext) {
		for i, l := range ext.Lights {
			if l.Type == "spot" {
				out[i] = true
			}
		}
	}
	return out
}
