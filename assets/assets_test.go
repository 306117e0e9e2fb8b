package assets

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestPresetFiles: every listed preset reads back, and names that are no
// preset file (or try to leave the directory) are errors.
func TestPresetFiles(t *testing.T) {
	names := PresetNames()
	if !slices.Contains(names, "piston") || !slices.Contains(names, "skew") {
		t.Fatalf("PresetNames() = %v, want piston and skew among them", names)
	}
	for _, n := range names {
		b, err := Preset(n)
		if err != nil || !bytes.Contains(b, []byte(`"format": "skewlab-scene/1"`)) {
			t.Errorf("Preset(%q) = %d bytes, %v; want a scene file", n, len(b), err)
		}
	}
	for _, bad := range []string{"", "nope", "../web/index", "piston.json", "presets/piston"} {
		if _, err := Preset(bad); err == nil {
			t.Errorf("Preset(%q): no error", bad)
		}
	}
}

// TestGLTFPresetFiles: the glTF presets read back as glTF (their JSON
// says version 2.0), and names that are not one are errors.
func TestGLTFPresetFiles(t *testing.T) {
	names := GLTFPresetNames()
	if !slices.Contains(names, "stretchy-arm") {
		t.Fatalf("GLTFPresetNames() = %v, want stretchy-arm among them", names)
	}
	for _, n := range names {
		b, err := GLTFPreset(n)
		if err != nil || !bytes.Contains(b, []byte(`"version": "2.0"`)) {
			t.Errorf("GLTFPreset(%q) = %d bytes, %v; want a glTF file", n, len(b), err)
		}
	}
	for _, bad := range []string{"", "nope", "piston", "stretchy-arm.gltf", "../assets"} {
		if _, err := GLTFPreset(bad); err == nil {
			t.Errorf("GLTFPreset(%q): no error", bad)
		}
	}
}

// TestWebShell: the page carries the placeholders web.mk fills in and
// loads the files the build writes beside it.
func TestWebShell(t *testing.T) {
	for _, want := range []string{"@GZSIZE@", "@RAWSIZE@", "wasm_exec.js", "skewlab.wasm", "fallback.png"} {
		if !strings.Contains(WebShell, want) {
			t.Errorf("web/index.html lacks %q", want)
		}
	}
}

// TestFont: the embedded font is a TrueType file (its sfnt version tag).
func TestFont(t *testing.T) {
	if len(GoMono) < 1000 || !bytes.Equal(GoMono[:4], []byte{0, 1, 0, 0}) {
		t.Errorf("fonts/Go-Mono.ttf: %d bytes starting % x, want a TrueType font", len(GoMono), GoMono[:min(4, len(GoMono))])
	}
}
