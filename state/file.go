package state

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"skewlab/gltfio"
	"skewlab/scene"
)

// OpenFile reads a scene file: glTF 2.0 (.gltf, .glb, or any file
// starting with the GLB magic) through package gltfio, anything else as
// a skewlab scene file (scene.Load). choice picks a glTF file's scene:
// "" for the file's default scene, else a scene index counting from 0 or
// a scene's label (see ChooseScene); it must be "" for a skewlab scene
// file. It returns the scene (a copy the caller owns), the glTF file
// read (nil for a skewlab scene file) and the index of the chosen scene
// in it, for a view that offers the file's other scenes. Errors name the
// file.
func OpenFile(path, choice string) (sc *scene.Scene, f *gltfio.File, index int, err error) {
	if !gltfio.IsGLTF(path, sniff(path)) {
		if choice != "" {
			return nil, nil, 0, fmt.Errorf("%s: -gltf-scene applies to glTF files only", path)
		}
		sc, err = scene.Load(path)
		return sc, nil, 0, err
	}
	if f, err = gltfio.Load(path); err != nil {
		return nil, nil, 0, err
	}
	if index, err = ChooseScene(f, choice); err != nil {
		return nil, nil, 0, err
	}
	b, err := f.Build(index)
	if err != nil {
		return nil, nil, 0, err
	}
	return b.Scene, f, index, nil
}

// sniff returns the first four bytes of the file at path (fewer, or
// none, when it is shorter, cannot be read or is not a regular file:
// the reader then reports why). It stats the path before opening it, so
// a FIFO or a device is never opened (opening a FIFO blocks until a
// writer comes).
func sniff(path string) []byte {
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b := make([]byte, 4)
	n, _ := f.Read(b)
	return b[:n]
}

// ChooseScene returns the index in f.Scenes that choice names: "" the
// default scene, a number an index counting from 0, anything else a
// scene's label. The error lists the scenes.
func ChooseScene(f *gltfio.File, choice string) (int, error) {
	if choice == "" {
		return f.Default, nil
	}
	if i, err := strconv.Atoi(choice); err == nil && i >= 0 && i < len(f.Scenes) {
		return i, nil
	}
	for i, s := range f.Scenes {
		if s.Label == choice {
			return i, nil
		}
	}
	var list []string
	for i, s := range f.Scenes {
		list = append(list, fmt.Sprintf("%d %q", i, s.Label))
	}
	return 0, fmt.Errorf("%s: no scene %q (the file's scenes: %s)", f.Name, choice, strings.Join(list, ", "))
}
