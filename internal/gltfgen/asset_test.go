package gltfgen_test

import (
	"bytes"
	"testing"

	"skewlab/assets"
	"skewlab/internal/gltfgen"
)

// The stretchy-arm preset embedded in the binary (assets/stretchy-arm.gltf,
// committed) is byte for byte the fixture the generator writes, so the
// preset is the validator-checked file (make gltfcheck). After changing
// the fixture, write it again with
//
//	go run ./scripts/gengltf -o out/gltf && cp out/gltf/stretchy-arm.gltf assets/
func TestStretchyArmAssetIsTheFixture(t *testing.T) {
	want := gltfgen.StretchyArm()[0]
	got, err := assets.GLTFPreset("stretchy-arm")
	if err != nil {
		t.Fatal(err)
	}
	if want.Name != "stretchy-arm.gltf" || !bytes.Equal(got, want.Data) {
		t.Errorf("assets/stretchy-arm.gltf (%d bytes) differs from what gltfgen.StretchyArm writes (%s, %d bytes); run: go run ./scripts/gengltf -o out/gltf && cp out/gltf/stretchy-arm.gltf assets/", len(got), want.Name, len(want.Data))
	}
}
