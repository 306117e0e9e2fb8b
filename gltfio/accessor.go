package gltfio

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// access is one accessor's elements ready to read: element k's
// components start at data[k*stride] (stride 0: every element is the
// same all-zero one, an accessor without a bufferView).
type access struct {
	data   []byte
	stride int
	count  int
	comp   gltf.ComponentType
	csize  int // comp's byte size (the library's ByteSize is a map lookup)
	comps  int
	norm   bool
}

// float returns component c of element k as the number it means: a
// float as it is, a normalized integer mapped to [0, 1] or [-1, 1] as
// the spec says (signed ones clamped at -1), an integer as its value.
func (a *access) float(k, c int) float64 {
	o := k*a.stride + c*a.csize
	le := binary.LittleEndian
	switch a.comp {
	case gltf.ComponentFloat:
		return float64(math.Float32frombits(le.Uint32(a.data[o:])))
	case gltf.ComponentByte:
		v := float64(int8(a.data[o]))
		if a.norm {
			return max(v/127, -1)
		}
		return v
	case gltf.ComponentUbyte:
		v := float64(a.data[o])
		if a.norm {
			return v / 255
		}
		return v
	case gltf.ComponentShort:
		v := float64(int16(le.Uint16(a.data[o:])))
		if a.norm {
			return max(v/32767, -1)
		}
		return v
	case gltf.ComponentUshort:
		v := float64(le.Uint16(a.data[o:]))
		if a.norm {
			return v / 65535
		}
		return v
	default:
		return float64(le.Uint32(a.data[o:]))
	}
}

// uint returns component c of element k of an unsigned integer accessor.
func (a *access) uint(k, c int) uint32 {
	o := k*a.stride + c*a.csize
	switch a.comp {
	case gltf.ComponentUbyte:
		return uint32(a.data[o])
	case gltf.ComponentUshort:
		return uint32(binary.LittleEndian.Uint16(a.data[o:]))
	default:
		return binary.LittleEndian.Uint32(a.data[o:])
	}
}

// kinds are the component types (and normalizations) an accessor may
// have where it is used.
type kinds uint16

const (
	kFloat kinds = 1 << iota
	kByte
	kByteNorm
	kUbyte
	kUbyteNorm
	kShort
	kShortNorm
	kUshort
	kUshortNorm
	kUint
)

func kindOf(c gltf.ComponentType, norm bool) kinds {
	var k kinds
	switch c {
	case gltf.ComponentFloat:
		return kFloat
	case gltf.ComponentUint:
		return kUint
	case gltf.ComponentByte:
		k = kByte
	case gltf.ComponentUbyte:
		k = kUbyte
	case gltf.ComponentShort:
		k = kShort
	default:
		k = kUshort
	}
	if norm {
		k <<= 1 // each integer kind's normalized form is the next bit
	}
	return k
}

// The kinds glTF 2.0 allows for each use (spec 3.7.2.1), and what
// KHR_mesh_quantization adds when the file uses it.
const (
	kIndices     = kUbyte | kUshort | kUint
	kJoints      = kUbyte | kUshort
	kWeights     = kFloat | kUbyteNorm | kUshortNorm
	kQuantPos    = kByte | kByteNorm | kUbyte | kUbyteNorm | kShort | kShortNorm | kUshort | kUshortNorm
	kQuantDir    = kByteNorm | kShortNorm
	kQuantTarget = kByte | kByteNorm | kShort | kShortNorm
	kRotation    = kFloat | kByteNorm | kShortNorm
)

// positionKinds etc. return the kinds allowed for a use in this file
// (more with KHR_mesh_quantization, r.quant).
func (r *reader) positionKinds() kinds {
	if r.quant {
		return kFloat | kQuantPos
	}
	return kFloat
}

func (r *reader) directionKinds() kinds {
	if r.quant {
		return kFloat | kQuantDir
	}
	return kFloat
}

func (r *reader) targetKinds() kinds {
	if r.quant {
		return kFloat | kQuantTarget
	}
	return kFloat
}

// take adds n elements to the elements read from the file and refuses
// the file past MaxElements: things that name one accessor again and
// again must not turn a small file into gigabytes.
func (r *reader) take(n int, where string) error {
	if n < 0 || int64(n) > MaxElements-r.elements {
		return fmt.Errorf("%s: more than %d accessor elements read from the file in all (vertices, indices, instances, skins and morph targets, counted each time they are used); skewlab reads at most that many", where, MaxElements)
	}
	r.elements += int64(n)
	return nil
}

// accessor returns accessor ai ready to read as typ with one of the
// kinds allowed, its elements counted against MaxElements: a view into
// its buffer, or, for a sparse accessor, a dense copy with the sparse
// values in place (sparse indices must be strictly increasing and below
// count, as the spec says). what names the use, for errors. checkViews
// has checked every offset, so reading never leaves the buffer.
func (r *reader) accessor(ai int, what string, typ gltf.AccessorType, allowed kinds) (*access, error) {
	d := &r.doc
	if ai < 0 || ai >= len(d.Accessors) {
		return nil, fmt.Errorf("%s: accessor %d does not exist (the file has %d accessors)", what, ai, len(d.Accessors))
	}
	a := d.Accessors[ai]
	label := fmt.Sprintf("accessor %d (%s)", ai, what)
	if err := r.checkUse(a, label, typ, allowed); err != nil {
		return nil, err
	}
	count := a.Count
	if err := r.take(count, label); err != nil {
		return nil, err
	}
	size := elementSize(a.ComponentType, a.Type)
	out := &access{count: count, comp: a.ComponentType, csize: a.ComponentType.ByteSize(), comps: typ.Components(), norm: a.Normalized}
	if a.BufferView != nil {
		bv := d.BufferViews[*a.BufferView]
		out.stride = size
		if bv.ByteStride != 0 {
			out.stride = bv.ByteStride
		}
		view := r.bufs[bv.Buffer][bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
		out.data = view[a.ByteOffset:]
	} else {
		out.data = make([]byte, size) // every element is this zero one
	}
	if a.Sparse == nil {
		return out, nil
	}
	s := a.Sparse
	if err := r.take(s.Count, label+" sparse"); err != nil {
		return nil, err
	}
	dense := make([]byte, count*size)
	if out.stride != 0 {
		for k := range count {
			copy(dense[k*size:(k+1)*size], out.data[k*out.stride:])
		}
	}
	iv := d.BufferViews[s.Indices.BufferView]
	isize := s.Indices.ComponentType.ByteSize()
	idx := &access{comp: s.Indices.ComponentType, csize: isize, comps: 1, stride: isize, count: s.Count}
	idx.data = r.bufs[iv.Buffer][iv.ByteOffset+s.Indices.ByteOffset : iv.ByteOffset+iv.ByteLength]
	vv := d.BufferViews[s.Values.BufferView]
	vals := r.bufs[vv.Buffer][vv.ByteOffset+s.Values.ByteOffset : vv.ByteOffset+vv.ByteLength]
	last := int64(-1)
	for k := range s.Count {
		at := int64(idx.uint(k, 0))
		if at <= last || at >= int64(count) {
			return nil, fmt.Errorf("%s: sparse index %d at entry %d is not above the one before (%d) and below the count %d; glTF requires strictly increasing indices", label, at, k, last, count)
		}
		last = at
		copy(dense[int(at)*size:int(at+1)*size], vals[k*size:])
	}
	out.data, out.stride = dense, size
	return out, nil
}

// checkUse refuses accessor a, named label in the error, where its use
// wants type typ and one of the kinds allowed.
func (r *reader) checkUse(a *gltf.Accessor, label string, typ gltf.AccessorType, allowed kinds) error {
	if a.Type != typ {
		return fmt.Errorf("%s: type %s, want %s", label, a.Type, typ)
	}
	if kindOf(a.ComponentType, a.Normalized)&allowed == 0 {
		norm := ""
		if a.Normalized {
			norm = " (normalized)"
		}
		return fmt.Errorf("%s: componentType %d%s is not one glTF 2.0 allows here%s", label, componentCode(a.ComponentType), norm, quantHint(allowed, r.quant))
	}
	return nil
}

// quantHint says that KHR_mesh_quantization would allow more types.
func quantHint(allowed kinds, quantized bool) string {
	if !quantized && allowed == kFloat {
		return " (only FLOAT, unless the file uses KHR_mesh_quantization)"
	}
	return ""
}

// vec3s reads a VEC3 accessor as points, refusing a value that is not
// finite.
func (r *reader) vec3s(ai int, what string, allowed kinds) ([]mgl64.Vec3, error) {
	a, err := r.accessor(ai, what, gltf.AccessorVec3, allowed)
	if err != nil {
		return nil, err
	}
	out := make([]mgl64.Vec3, a.count)
	for k := range out {
		for c := range 3 {
			v := a.float(k, c)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("accessor %d (%s): element %d is not a finite number", ai, what, k)
			}
			out[k][c] = v
		}
	}
	return out, nil
}

// floats reads an accessor of type typ as count × components float64s,
// refusing a value that is not finite.
func (r *reader) floats(ai int, what string, typ gltf.AccessorType, allowed kinds) ([]float64, error) {
	a, err := r.accessor(ai, what, typ, allowed)
	if err != nil {
		return nil, err
	}
	c := typ.Components()
	out := make([]float64, a.count*c)
	for k := range a.count {
		for j := range c {
			v := a.float(k, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("accessor %d (%s): element %d is not a finite number", ai, what, k)
			}
			out[k*c+j] = v
		}
	}
	return out, nil
}

// uints reads an unsigned integer accessor of type typ as count ×
// components values, each below limit; the error calls a value past it
// "<value> N at element K is past <limit>".
func (r *reader) uints(ai int, what string, typ gltf.AccessorType, allowed kinds, limit int64, value, limitWhat string) ([]uint32, error) {
	a, err := r.accessor(ai, what, typ, allowed)
	if err != nil {
		return nil, err
	}
	c := typ.Components()
	out := make([]uint32, a.count*c)
	for k := range a.count {
		for j := range c {
			v := a.uint(k, j)
			if int64(v) >= limit {
				return nil, fmt.Errorf("accessor %d (%s): %s %d at element %d is past %s", ai, what, value, v, k, fmt.Sprintf(limitWhat, limit))
			}
			out[k*c+j] = v
		}
	}
	return out, nil
}

// indices reads a primitive's index accessor, refusing an index at or
// past the primitive's vertex count.
func (r *reader) indices(ai, vertices int, where string) ([]uint32, error) {
	return r.uints(ai, where+" indices", gltf.AccessorScalar, kIndices, int64(vertices), "index", "the primitive's %d vertices")
}
