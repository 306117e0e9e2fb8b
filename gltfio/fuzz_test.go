package gltfio

import (
	"math"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"
	"skewlab/scene"
)

// FuzzRead feeds the reader every fixture (good and bad) and mutations
// of them: it must never panic, and whatever it accepts is a complete,
// valid set of scenes (scene.New checked each) with at least one node,
// whose animations pass Animation.Check and, applied at their start,
// middle and end, leave nodes that scene.New accepts (finite, unit
// rotations). CI runs it for a fixed number of inputs (scripts/fuzz.sh).
func FuzzRead(f *testing.F) {
	for _, file := range gltfgen.All(200) {
		f.Add(file.Name, file.Data)
	}
	addHostile(f)
	bin := gltfgen.Rig()[1]
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		fsys := fstest.MapFS{bin.Name: &fstest.MapFile{Data: bin.Data}}
		file, err := Read(name, data, fsys)
		if err != nil {
			if file != nil {
				t.Fatalf("error %v with a file", err)
			}
			return
		}
		if len(file.Scenes) == 0 || file.Default < 0 || file.Default >= len(file.Scenes) {
			t.Fatalf("%d scenes, default %d", len(file.Scenes), file.Default)
		}
		for si := range file.Scenes {
			s, err := file.Build(si)
			if err != nil {
				continue // a bad mesh only this scene reads
			}
			if len(s.Scene.Nodes) == 0 {
				t.Fatalf("scene %s has no nodes", s.Label)
			}
			for i, n := range s.Scene.Nodes {
				if n.Parent >= i {
					t.Fatalf("node %d's parent %d comes after it", i, n.Parent)
				}
				if m := n.Mesh; m != nil {
					for _, e := range m.Edges {
						if int(e[0]) >= len(m.Points) || int(e[1]) >= len(m.Points) || e[0] < 0 || e[1] < 0 {
							t.Fatalf("edge %v outside %d points", e, len(m.Points))
						}
					}
				}
			}
			for _, a := range s.Scene.Animations {
				if err := a.Check(s.Scene.Nodes); err != nil {
					t.Fatalf("an animation read fails its check: %v", err)
				}
				for _, at := range []float64{a.Start(), (a.Start() + a.End()) / 2, a.End()} {
					posed := s.Scene.Clone()
					a.Apply(posed.Nodes, at)
					if _, err := scene.New(posed.Nodes); err != nil {
						t.Fatalf("animation %q at %g s poses an invalid scene: %v", a.Name, at, err)
					}
				}
			}
		}
	})
}

// FuzzBake bakes every fixture and mutations of them: Bake must never
// panic, must refuse what Read refuses, and whatever it writes must read
// back as a file with the original's scenes, every scene that builds in
// the original building in the copy with the original's nodes
// (sameNodes), every node with scale 1 and no shear. CI runs it for a fixed number of inputs
// (scripts/fuzz.sh).
func FuzzBake(f *testing.F) {
	for _, file := range gltfgen.All(200) {
		f.Add(file.Name, file.Data)
	}
	addHostile(f)
	bin := gltfgen.Rig()[1]
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		fsys := fstest.MapFS{bin.Name: &fstest.MapFile{Data: bin.Data}}
		orig, rerr := Read(name, data, fsys)
		b, err := Bake(name, data, fsys)
		if rerr != nil {
			if err == nil {
				t.Fatalf("Read refuses (%v), Bake accepts", rerr)
			}
			return
		}
		if err != nil {
			return // a world that overflows, a bad accessor only the bake reads
		}
		for _, p := range copyScenes(t, orig, b.GLB) {
			o, s := p[0], p[1]
			if err := sameNodes(o, s, b.Nodes, b.Expanded); err != nil {
				t.Fatalf("scene %s: %v", s.Label, err)
			}
			for _, n := range s.Scene.Nodes {
				if n.Local.Scale != (mgl64.Vec3{1, 1, 1}) || n.Sheared() {
					t.Fatalf("%s: scale %v shear %v", n.Name, n.Local.Scale, n.Shear)
				}
			}
		}
	})
}

// addHostile seeds a fuzz target with the hostile files (overflows,
// bombs, undefined enumerations) small enough to mutate quickly (the
// 3,000-scene file is left to TestHostileFilesRefused), and with
// keys.gltf, whose animation has a channel of every interpolation.
func addHostile(f *testing.F) {
	f.Add("keys.gltf", gltfgen.AnimatedKeys())
	for _, h := range gltfgen.HostileFiles() {
		if len(h.Data) < 64<<10 {
			f.Add(h.Name, h.Data)
		}
	}
}

// FuzzBakeAnim bakes animated files and mutations of them with -anim:
// BakeAnim must never panic, must refuse what Read refuses, and whatever
// it writes must read back, every scene that builds in the original
// building in the copy with the original's nodes first, with a finite
// positive size and no NaN error (a point that cannot be placed counts
// as infinitely far). Inputs whose animations span more than 300
// samples are skipped (each sample plays every vertex). CI runs it for a
// fixed number of inputs (scripts/fuzz.sh).
func FuzzBakeAnim(f *testing.F) {
	f.Add("stretchy-arm.gltf", gltfgen.StretchyArm()[0].Data)
	f.Add("mirror.gltf", mirrorFile())
	f.Add("swing.gltf", swingFile())
	addHostile(f)
	for _, file := range gltfgen.All(20) {
		if file.Name == "scenes.gltf" {
			f.Add(file.Name, file.Data)
		}
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		orig, rerr := Read(name, data, nil)
		if rerr == nil && animSpan(orig)*7 > 300 {
			// A mutated key time far out: up to 10^6 samples of every
			// vertex is legitimate, but minutes per input, not fuzzing.
			return
		}
		b, err := BakeAnim(name, data, nil, 7)
		if rerr != nil {
			if err == nil {
				t.Fatalf("Read refuses (%v), BakeAnim accepts", rerr)
			}
			return
		}
		if err != nil {
			return // no animation, an overflow, a key beyond the limit
		}
		a := b.Anim
		if !(a.Size > 0) || math.IsInf(a.Size, 0) || math.IsNaN(a.Worst) {
			t.Fatalf("size %g, worst %g", a.Size, a.Worst)
		}
		copyScenes(t, orig, b.GLB)
	})
}

// copyScenes reads a bake's copy (glb) back and returns, for every scene
// of the original that builds, the original's and the copy's built scene.
// It fails t when the copy does not read, holds another number of scenes,
// or does not build a scene the original builds. A scene the original
// does not build is skipped: skewlab bake refuses such a file.
func copyScenes(t *testing.T, orig *File, glb []byte) [][2]*Built {
	t.Helper()
	copyFile, err := Read("copy.glb", glb, nil)
	if err != nil {
		t.Fatalf("the copy does not read: %v", err)
	}
	if len(copyFile.Scenes) != len(orig.Scenes) {
		t.Fatalf("%d scenes, want %d", len(copyFile.Scenes), len(orig.Scenes))
	}
	var out [][2]*Built
	for si := range copyFile.Scenes {
		o, err := orig.Build(si)
		if err != nil {
			continue
		}
		s, err := copyFile.Build(si)
		if err != nil {
			t.Fatalf("the original's scene %d builds, the copy's does not: %v", si, err)
		}
		out = append(out, [2]*Built{o, s})
	}
	return out
}

// animSpan returns the longest span, in seconds, from the first to the
// last key time of one of f's animations.
func animSpan(f *File) float64 {
	span := 0.0
	for _, a := range f.r.anims {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, c := range a.channels {
			if len(c.times) > 0 {
				lo, hi = min(lo, c.times[0]), max(hi, c.times[len(c.times)-1])
			}
		}
		if hi >= lo {
			span = max(span, hi-lo)
		}
	}
	return span
}
