package gltfio

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/qmuntal/gltf"
)

// The compression extensions the bake drops when they are optional (a
// file that requires one is refused by the reader): Draco on primitives,
// meshopt (EXT_ and the Khronos KHR_ successor, the same JSON) on buffer
// views and buffers.
const (
	dracoExtension      = "KHR_draco_mesh_compression"
	extMeshoptExtension = "EXT_meshopt_compression"
	khrMeshoptExtension = "KHR_meshopt_compression"
)

// compressionExtensions lists them all: the reader refuses a file that
// requires one (skewlab does not decompress); the bake drops an optional
// one.
var compressionExtensions = []string{dracoExtension, extMeshoptExtension, khrMeshoptExtension}

// dropCompression removes the optional compression extensions from the
// copy (it runs after meshes, which sets b.orig): the Draco object of
// every primitive (the buffer view of
// compressed data it names goes into dropViews, which pack leaves out
// unless an accessor or image also uses it), the meshopt object of every
// buffer view (the view keeps its own buffer range: the uncompressed
// fallback, which is what the bake read; the buffer of compressed data
// it named is not copied, as pack writes only the views' bytes), the
// meshopt object of every buffer (pack writes new buffers anyway), and
// their names in extensionsUsed. The copy then holds the uncompressed
// data the bake read and baked, and nothing that points at compressed
// data of the original's. Notes says what was dropped.
func (b *baker) dropCompression() {
	d := &b.r.doc
	b.dropViews = map[int]bool{}
	prims, views := 0, 0
	// The file's primitives (b.orig, before baking) name the compressed
	// views and are counted; the copy's (baked ones share their
	// original's extension map) lose the extension.
	for _, m := range b.orig {
		for _, p := range m.Primitives {
			if p == nil {
				continue
			}
			v, ok := p.Extensions[dracoExtension]
			if !ok {
				continue
			}
			var ext struct {
				BufferView *int `json:"bufferView"`
			}
			if decodeExtension(v, &ext) && ext.BufferView != nil {
				b.dropViews[*ext.BufferView] = true
			}
			prims++
		}
	}
	for _, m := range d.Meshes {
		for _, p := range m.Primitives {
			if p != nil {
				p.Extensions = without(p.Extensions, dracoExtension)
			}
		}
	}
	for _, v := range d.BufferViews {
		if v == nil {
			continue
		}
		_, e := v.Extensions[extMeshoptExtension]
		_, k := v.Extensions[khrMeshoptExtension]
		if e || k {
			v.Extensions = without(v.Extensions, extMeshoptExtension, khrMeshoptExtension)
			views++
		}
	}
	for _, buf := range d.Buffers {
		if buf != nil {
			buf.Extensions = without(buf.Extensions, extMeshoptExtension, khrMeshoptExtension)
		}
	}
	used := len(d.ExtensionsUsed)
	d.ExtensionsUsed = slices.DeleteFunc(d.ExtensionsUsed, func(e string) bool { return slices.Contains(compressionExtensions, e) })
	d.ExtensionsRequired = slices.DeleteFunc(d.ExtensionsRequired, func(e string) bool { return slices.Contains(compressionExtensions, e) })
	if prims > 0 {
		b.note(fmt.Sprintf("%s (optional) dropped from %d primitive(s) with its compressed data: the copy holds the uncompressed accessors, which the bake read and baked", dracoExtension, prims))
	}
	if views > 0 {
		b.note(fmt.Sprintf("meshopt compression (optional) dropped from %d buffer view(s) with its compressed buffers: the copy holds the views' uncompressed fallback data, which the bake read and baked", views))
	}
	if prims == 0 && views == 0 && len(d.ExtensionsUsed) < used {
		b.note("a compression extension listed in extensionsUsed but used nowhere was dropped from the list")
	}
}

// without returns ext without the named extensions (a new map, or nil
// when none is left), leaving ext itself as it was: baked primitives
// share their original's map.
func without(ext gltf.Extensions, names ...string) gltf.Extensions {
	var out gltf.Extensions
	for k, v := range ext {
		if slices.Contains(names, k) {
			continue
		}
		if out == nil {
			out = gltf.Extensions{}
		}
		out[k] = v
	}
	return out
}

// decodeExtension decodes an extension object as the glTF library holds
// it (raw JSON for an extension it does not know, a Go value for one it
// does) into out, reporting success.
func decodeExtension(v any, out any) bool {
	raw, err := json.Marshal(v)
	return err == nil && json.Unmarshal(raw, out) == nil
}
