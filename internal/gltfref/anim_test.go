package gltfref

import (
	"fmt"
	"math"
	"testing"

	"skewlab/internal/gltfgen"
)

// keysFile parses gltfgen.AnimatedKeys and returns it with its node
// indices by name.
func keysFile(t *testing.T) (*File, map[string]int) {
	t.Helper()
	f, err := Parse(gltfgen.AnimatedKeys(), "")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]int{}
	for i := range f.NodeCount() {
		names[f.NodeName(i)] = i
	}
	return f, names
}

// Every hand-derived value of keys.gltf (gltfgen.AnimatedKeysChecks:
// LINEAR, spherical, STEP and CUBICSPLINE, normalized outputs, before
// the first and after the last key) is what PoseAt gives: within 1e-6
// (float32 keys), a rotation from normalized shorts within 1e-5,
// rotations compared up to sign and unit within 1e-12.
func TestPoseAtKeys(t *testing.T) {
	f, names := keysFile(t)
	if f.AnimationCount() != 1 || f.AnimationName(0) != "keys" {
		t.Fatalf("%d animations, the first %q; want 1, keys", f.AnimationCount(), f.AnimationName(0))
	}
	for _, c := range gltfgen.AnimatedKeysChecks() {
		p, err := f.PoseAt(0, c.T)
		if err != nil {
			t.Fatal(err)
		}
		n := names[c.Node]
		var got []float64
		switch c.Path {
		case "translation":
			v := p.Translation[n]
			got = v[:]
		case "scale":
			v := p.Scale[n]
			got = v[:]
		case "rotation":
			q := p.Rotation[n]
			got = q[:]
		case "weights":
			got = p.Weights[n]
		}
		if err := c.Check(got); err != nil {
			t.Error(err)
		}
	}
}

// SceneAt draws the pose: MorphLin's vertex (1, 0, 0) at 0.25 s has
// weights (0.25, 0.75), so it lies at (1, 0, 0) + 0.25 (0, 0, 1) +
// 0.75 (0, 1, 0) = (1, 0.75, 0.25); Lin's vertex (0, 1, 0) at 0.5 s is
// moved by (1, -0.5, 1.5) to (1, 0.5, 1.5) (its weights are (0, 0)).
func TestSceneAtMorphsAndMoves(t *testing.T) {
	f, names := keysFile(t)
	s, err := f.SceneAt(0, 0, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	if p := s.Points[names["MorphLin"]][1]; !near(p, Vec3{1, 0.75, 0.25}, 1e-6) {
		t.Errorf("MorphLin's vertex 1 at 0.25 s: %v, want (1, 0.75, 0.25)", p)
	}
	s, err = f.SceneAt(0, 0, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if p := s.Points[names["Lin"]][2]; !near(p, Vec3{1, 0.5, 1.5}, 1e-6) {
		t.Errorf("Lin's vertex 2 at 0.5 s: %v, want (1, 0.5, 1.5)", p)
	}
}

// A skin animated: joint 0 at the origin, joint 1 its child at (0, 1, 0)
// turned about z from 0 (at 0 s) to 90 degrees (at 1 s), LINEAR; the
// inverse bind matrix of joint 1 is the translation (0, -1, 0). Vertex 0
// (1, 1, 0) on joint 1 alone: joint-local (1, 0, 0), turned by theta and
// moved up by 1: (cos theta, 1 + sin theta, 0): at 0 s (1, 1, 0), at
// 0.5 s (45 degrees) (sqrt(1/2), 1 + sqrt(1/2), 0), at 1 s and after
// (0, 2, 0). Vertex 1 (1, 1, 0) half on each joint: the average of
// (1, 1, 0) and the above.
func TestSceneAtSkins(t *testing.T) {
	var b bin
	pos := b.f32(1, 1, 0, 1, 1, 0)
	joints := b.raw(1, 0, 0, 0, 0, 1, 0, 0)
	weights := b.f32(1, 0, 0, 0, 0.5, 0.5, 0, 0)
	ibm := b.f32(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
		1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1)
	times := b.f32(0, 1)
	s45 := math.Sqrt(0.5)
	turns := b.f32(0, 0, 0, 1, 0, 0, s45, s45)
	data := b.gltf(fmt.Sprintf(`
		"bufferViews":[{"buffer":0,"byteOffset":%d,"byteLength":24},{"buffer":0,"byteOffset":%d,"byteLength":8},
			{"buffer":0,"byteOffset":%d,"byteLength":32},{"buffer":0,"byteOffset":%d,"byteLength":128},
			{"buffer":0,"byteOffset":%d,"byteLength":8},{"buffer":0,"byteOffset":%d,"byteLength":32}],
		"accessors":[{"bufferView":0,"componentType":5126,"count":2,"type":"VEC3"},
			{"bufferView":1,"componentType":5121,"count":2,"type":"VEC4"},
			{"bufferView":2,"componentType":5126,"count":2,"type":"VEC4"},
			{"bufferView":3,"componentType":5126,"count":2,"type":"MAT4"},
			{"bufferView":4,"componentType":5126,"count":2,"type":"SCALAR","min":[0],"max":[1]},
			{"bufferView":5,"componentType":5126,"count":2,"type":"VEC4"}],
		"meshes":[{"primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2}}]}],
		"skins":[{"joints":[1,2],"inverseBindMatrices":3}],
		"nodes":[{"mesh":0,"skin":0},{"children":[2]},{"translation":[0,1,0]}],
		"animations":[{"channels":[{"sampler":0,"target":{"node":2,"path":"rotation"}}],
			"samplers":[{"input":4,"output":5}]}],
		"scenes":[{"nodes":[0,1]}]`, pos, joints, weights, ibm, times, turns))
	f, err := Parse(data, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		t    float64
		want Vec3
	}{{0, Vec3{1, 1, 0}}, {0.5, Vec3{s45, 1 + s45, 0}}, {1, Vec3{0, 2, 0}}, {2, Vec3{0, 2, 0}}} {
		s, err := f.SceneAt(0, 0, c.t)
		if err != nil {
			t.Fatal(err)
		}
		got := s.Points[0]
		if !near(got[0], c.want, 1e-6) {
			t.Errorf("at %g s vertex 0 %v, want %v", c.t, got[0], c.want)
		}
		half := Vec3{(1 + c.want[0]) / 2, (1 + c.want[1]) / 2, 0}
		if !near(got[1], half, 1e-6) {
			t.Errorf("at %g s vertex 1 %v, want %v", c.t, got[1], half)
		}
	}
	if _, err := f.SceneAt(0, 1, 0); err == nil {
		t.Error("animation 1 of 1: no error")
	}
}

// slerpPower against the formula it replaces: between unit quaternions
// a and b with a . b = cos Ω > 0, sin((1-u)Ω)/sin Ω a + sin(uΩ)/sin Ω b
// (the spec's slerp), at several u, for a turn of 160 degrees about a
// skew axis; and for b = -a (rotations equal) it returns a.
func TestSlerpPowerIsSlerp(t *testing.T) {
	a := unit([4]float64{0.1, -0.3, 0.2, 0.9})
	h := 80 * math.Pi / 180 // half of 160 degrees
	n := Vec3{2, -1, 3}.Unit()
	r := [4]float64{n[0] * math.Sin(h), n[1] * math.Sin(h), n[2] * math.Sin(h), math.Cos(h)}
	b := qmul(a, r)
	om := math.Acos(a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3])
	for _, u := range []float64{0, 0.1, 0.5, 0.77, 1} {
		got := slerpPower(a[:], b[:], u)
		ka, kb := math.Sin((1-u)*om)/math.Sin(om), math.Sin(u*om)/math.Sin(om)
		for i := range 4 {
			if w := ka*a[i] + kb*b[i]; math.Abs(got[i]-w) > 1e-12 {
				t.Errorf("u %g: %v, want component %d %g", u, got, i, w)
			}
		}
	}
	neg := [4]float64{-a[0], -a[1], -a[2], -a[3]}
	if got := slerpPower(a[:], neg[:], 0.5); got != a {
		t.Errorf("slerp to -a: %v, want a %v", got, a)
	}
}
