// Package assets holds skewlab's data files, embedded in the binary
// (the go:embed directives below): the scene presets (presets/NAME.json, in the scene file format
// that -scene reads, and NAME.gltf, glTF presets such as the stretchy
// arm that internal/gltfgen writes), the web page shell (web/index.html) and the one font
// that the window and the PNG export both draw text with
// (fonts/Go-Mono.ttf, licence in fonts/LICENSE), and the guided tour
// (tour.json).
//
// The package imports nothing from skewlab: scene, render and the web
// build read these files, never the other way round. Add a file by putting
// it under this directory and naming it in an embed pattern below.
package assets

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

//go:embed presets/*.json
var presets embed.FS

// gltfPresets are the glTF presets (NAME.gltf, a glTF 2.0 file with its
// buffers embedded): scene cannot read glTF, so package state opens them
// through gltfio (state.NewPreset).
//
//go:embed *.gltf
var gltfPresets embed.FS

// WebShell is the web page (web/index.html) that loads skewlab.wasm. The
// web build (web.mk) copies it into dist/index.html with @GZSIZE@ and
// @RAWSIZE@ replaced by the sizes of skewlab.wasm.gz and skewlab.wasm in
// bytes.
//
//go:embed web/index.html
var WebShell string

// Tour is the guided tour (tour.json): its steps' titles, captions,
// states in the URL syntax and gestures; package tour parses and checks
// it.
//
//go:embed tour.json
var Tour []byte

// GoMono is the Go Mono TrueType font (Bigelow & Holmes, BSD-style licence
// in fonts/LICENSE): the labels in the window and in exported pictures.
// It is shared: callers must not modify it.
//
//go:embed fonts/Go-Mono.ttf
var GoMono []byte

// PresetNames lists the embedded scene presets (the presets/*.json file
// names without the extension) in lexical order.
func PresetNames() []string {
	entries, err := fs.ReadDir(presets, "presets")
	if err != nil { // cannot happen: the directory is embedded
		return nil
	}
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	return out
}

// Preset returns the scene file bytes of the named preset
// (presets/NAME.json), or an error when there is no such file. The bytes
// are not validated here; scene.NewPreset parses them with the scene
// file loader.
func Preset(name string) ([]byte, error) {
	if name == "" || strings.ContainsAny(name, `/\.`) {
		return nil, fmt.Errorf("assets: no preset %q", name)
	}
	b, err := presets.ReadFile(path.Join("presets", name+".json"))
	if err != nil {
		return nil, fmt.Errorf("assets: no preset %q", name)
	}
	return b, nil
}

// GLTFPresetNames lists the embedded glTF presets (the NAME.gltf file
// names without the extension) in lexical order.
func GLTFPresetNames() []string {
	entries, err := fs.ReadDir(gltfPresets, ".")
	if err != nil { // cannot happen: the files are embedded
		return nil
	}
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".gltf"))
	}
	return out
}

// GLTFPreset returns the bytes of the named glTF preset (NAME.gltf), or
// an error when there is no such file. They are not checked here; the
// glTF reader (package gltfio) checks them as any file.
func GLTFPreset(name string) ([]byte, error) {
	if name == "" || strings.ContainsAny(name, `/\.`) {
		return nil, fmt.Errorf("assets: no glTF preset %q", name)
	}
	b, err := gltfPresets.ReadFile(name + ".gltf")
	if err != nil {
		return nil, fmt.Errorf("assets: no glTF preset %q", name)
	}
	return b, nil
}
