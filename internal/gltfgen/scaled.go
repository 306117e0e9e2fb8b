package gltfgen

import (
	"encoding/binary"
	"math"
)

// ScaledRig returns the rig of Rig with every length multiplied by k: each
// box vertex and each node translation times k, rotations and scales as
// they are, as one .gltf called name with its buffer embedded (a base64
// data URI). Under every accumulation rule its world vertices are the
// rig's times k (a rule's linear parts come from rotations and scales
// only, and its translations are sums of linear parts applied to
// translations), so it is the same model in another unit: k = 1000 is
// the rig in millimetres, 1e-3 in kilometres. The vertices are float32,
// so k must keep 0.5*k and 2.5*k within float32's range and precision;
// POSITION's min and max are recomputed from the scaled data.
func ScaledRig(name string, k float64) File {
	b := rig()
	for i := range b.doc.Nodes {
		for c := range b.doc.Nodes[i].Translation {
			b.doc.Nodes[i].Translation[c] *= k
		}
	}
	acc := &b.doc.Accessors[b.doc.Meshes[0].Primitives[0].Attributes["POSITION"]]
	view := b.doc.BufferViews[*acc.BufferView]
	var vs [][]float32
	for off := view.ByteOffset; off+12 <= view.ByteOffset+view.ByteLength; off += 12 {
		v := make([]float32, 3)
		for c := range 3 {
			at := off + 4*c
			f := float32(float64(math.Float32frombits(binary.LittleEndian.Uint32(b.bin[at:]))) * k)
			binary.LittleEndian.PutUint32(b.bin[at:], math.Float32bits(f))
			v[c] = f
		}
		vs = append(vs, v)
	}
	acc.Min, acc.Max = minMax(vs)
	return b.embedded(name)
}
