package gltfio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"skewlab/audit"
	"skewlab/internal/gltfgen"
	"skewlab/internal/gltfref"
)

// armFile returns the stretchy arm (gltfgen.StretchyArm), JSON with its
// buffer embedded.
func armFile(t testing.TB) []byte {
	t.Helper()
	return gltfgen.StretchyArm()[0].Data
}

// mustBakeAnim bakes data with -anim at fps.
func mustBakeAnim(t testing.TB, name string, data []byte, fps float64) *Baked {
	t.Helper()
	b, err := BakeAnim(name, data, nil, fps)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// scenesAt plays scene 0 of the original at time tm of clip c and the
// copy at the same time of the clip's copy, by the reference reader.
func scenesAt(t testing.TB, orig, cp *gltfref.File, c AnimClip, tm float64) (o, k *gltfref.Scene) {
	t.Helper()
	o, err := orig.SceneAt(0, c.Index, tm)
	if err != nil {
		t.Fatal(err)
	}
	k, err = cp.SceneAt(0, c.Copy, tm)
	if err != nil {
		t.Fatal(err)
	}
	return o, k
}

// refOf reads data with the tests' independent reader.
func refOf(t testing.TB, data []byte) *gltfref.File {
	t.Helper()
	f, err := gltfref.Parse(data, "")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// armLostShear is the stretchy arm's lost shear by hand. Fore's world
// under accumulate-matrices is Root's turn times D Rz(θ), D = diag(a, s,
// a) Upper's scale (s = 1 + t, a = 1 - (1 - 1/√2) t on [0, 1] s, mirrored
// on [1, 2]) and θ = 100 t degrees the bend. D Rz(θ) = Rz(θ) (Rz(θ)^T D
// Rz(θ)), and the bracket is symmetric positive definite, so the polar
// rotation is Rz(θ) itself and the stretch is Rz(-θ) D Rz(θ), whose
// off-diagonal xy entry is h = (s - a) sin θ cos θ: what the TRS key
// (rotation Rz(θ), scale its diagonal) loses. A point p of the joint's
// frame (its inverse bind matrix times the bind vertex) moves by h |(x,
// y)|. Fore's farthest vertex is ring 18 (y = 0.8 past the elbow, weight
// 1 on Fore, radius 0.16 - 0.03 * 1.8 = 0.106): h * |(0.106, 0.8)|; the
// rings blended into the hand move less (their two joints' terms
// partly cancel: the combined point is (x, y - 1 - w_hand)). Hand's own
// vertices lie up to 0.3 past the wrist with radius 0.05 at the
// fingertip ring: h * |(0.05, 0.3)|. The largest h over t is found on a
// grid of 10^5 points of [0, 1] s.
func armLostShear() (fore, hand float64) {
	h := 0.0
	for i := 0; i <= 100000; i++ {
		t := float64(i) / 100000
		s, a := 1+t, 1-(1-1/math.Sqrt2)*t
		th := 100 * t * math.Pi / 180
		h = max(h, math.Abs((s-a)*math.Sin(th)*math.Cos(th)))
	}
	return h * math.Hypot(0.106, 0.8), h * math.Hypot(0.05, 0.3)
}

// refSize is the diagonal of the bounding box of every point of scene 0
// of f (gltfref's world vertices under matrix accumulation) at the rest
// pose and at the given times of each animation.
func refSize(t *testing.T, f *gltfref.File, times [][]float64) float64 {
	lo := gltfref.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := gltfref.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	add := func(s *gltfref.Scene) {
		for _, pts := range s.Points {
			for _, p := range pts {
				for c := range 3 {
					lo[c], hi[c] = min(lo[c], p[c]), max(hi[c], p[c])
				}
			}
		}
	}
	s, err := f.Scene(0)
	if err != nil {
		t.Fatal(err)
	}
	add(s)
	for a, ts := range times {
		for _, tm := range ts {
			s, err := f.SceneAt(0, a, tm)
			if err != nil {
				t.Fatal(err)
			}
			add(s)
		}
	}
	return hi.Sub(lo).Len()
}

// The stretchy arm: its forearm bends under a stretched upper arm, so
// Fore and Hand are flattened (children of Root, the rigid root above
// them) while Root (moved by "shrug") and Upper (its own stretch) keep
// their keys and Arm (the skinned mesh node, never moved) bakes
// statically. The measured error of each flattened node is the lost
// shear derived by hand (armLostShear) within 10%: Fore about 8.6% of
// the size (0.272 units), Hand about 3.3%; Fore is the worst. The size
// is gltfref's bounding box over the same samples.
func TestBakeAnimStretchyArm(t *testing.T) {
	data := armFile(t)
	b := mustBakeAnim(t, "stretchy-arm.gltf", data, 30)
	a := b.Anim
	if !slices.Equal(a.Static, []int{4}) || !slices.Equal(a.Kept, []int{0, 1}) || !slices.Equal(a.Flattened, []int{2, 3}) {
		t.Fatalf("static %v kept %v flattened %v; want [4] [0 1] [2 3]", a.Static, a.Kept, a.Flattened)
	}
	if a.Parent[2] != 0 || a.Parent[3] != 0 {
		t.Errorf("new parents %v, want Root (0) for both", a.Parent)
	}
	ref := refOf(t, data)
	size := refSize(t, ref, [][]float64{a.Clips[0].Samples, a.Clips[1].Samples})
	if math.Abs(size-a.Size) > 1e-9*size {
		t.Errorf("size %.12g, gltfref's box over the same times %.12g", a.Size, size)
	}
	fore, hand := armLostShear()
	if len(a.Errors) < 2 || a.Errors[0].Name != "Fore" || a.Errors[1].Name != "Hand" {
		t.Fatalf("errors %+v, want Fore then Hand", a.Errors)
	}
	for _, c := range []struct {
		e    NodeError
		want float64
	}{{a.Errors[0], fore}, {a.Errors[1], hand}} {
		if math.Abs(c.e.Distance-c.want) > 0.1*c.want {
			t.Errorf("%s: measured %.5g units, the lost shear by hand %.5g: more than 10%% apart", c.e.Name, c.e.Distance, c.want)
		}
		if c.e.Anim != 0 || c.e.What != "skinned vertex" {
			t.Errorf("%s: worst in animation %d (%s), want 0 \"stretch\" (skinned vertex)", c.e.Name, c.e.Anim, c.e.What)
		}
	}
	if a.Worst != a.Errors[0].Fraction || math.Abs(a.Worst-fore/size) > 0.1*fore/size {
		t.Errorf("worst %.5g, want Fore's %.5g near %.5g", a.Worst, a.Errors[0].Fraction, fore/size)
	}
	t.Logf("Fore %.5g units (%.4g%%), by hand %.5g; Hand %.5g (%.4g%%), by hand %.5g; size %.5g",
		a.Errors[0].Distance, 100*a.Errors[0].Fraction, fore, a.Errors[1].Distance, 100*a.Errors[1].Fraction, hand, a.Size)
}

// The copy of the stretchy arm, read by gltfref (a reader written from
// the specification, with its own slerp and skinning), skins to the
// original's vertices under matrix accumulation within the stated error
// at every sample time and half way between, in both animations; and
// the stated error is reached (the largest gap is at least 0.99 of it),
// so it is what an engine shows, not a bound far above it. Fore and Hand
// are Root's children in the copy, and the copy's "shrug" moves Root
// alone.
func TestBakeAnimArmPlaysWithinStated(t *testing.T) {
	data := armFile(t)
	b := mustBakeAnim(t, "stretchy-arm.gltf", data, 30)
	a := b.Anim
	orig, cp := refOf(t, data), refOf(t, b.GLB)
	if cp.Parent(2) != 0 || cp.Parent(3) != 0 || cp.Parent(1) != 0 {
		t.Errorf("copy's parents of Upper, Fore, Hand: %d, %d, %d; want 0, 0, 0", cp.Parent(1), cp.Parent(2), cp.Parent(3))
	}
	worst := 0.0
	for _, c := range a.Clips {
		for _, tm := range c.CheckTimes() {
			o, k := scenesAt(t, orig, cp, c, tm)
			op, kp := o.Points[4], k.Points[4]
			if len(op) != 386 || len(kp) != 386 {
				t.Fatalf("%d and %d skinned vertices, want 386", len(op), len(kp))
			}
			for v := range op {
				worst = max(worst, op[v].Sub(kp[v]).Len()/a.Size)
			}
		}
	}
	// float32 keys and inverse bind matrices: 1e-7 of the size at most.
	if worst > a.Worst+1e-7 || worst < 0.99*a.Worst {
		t.Errorf("gltfref's largest gap %.6g of the size; stated %.6g", worst, a.Worst)
	}
	p, err := cp.PoseAt(1, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	for n := range p.Translation {
		if n != 0 {
			t.Errorf("the copy's shrug translates node %d", n)
		}
	}
}

// The copy keeps what it need not change: Root's and Upper's channels
// give the original's values at every time (gltfref's PoseAt on both
// files, key times and between), and the flattened nodes' keys are
// LINEAR, on the clip's samples, with unit rotations.
func TestBakeAnimKeepsKeptKeys(t *testing.T) {
	data := armFile(t)
	b := mustBakeAnim(t, "stretchy-arm.gltf", data, 30)
	orig, cp := refOf(t, data), refOf(t, b.GLB)
	for a := range 2 {
		for _, tm := range []float64{0, 0.1, 0.25, 0.3, 0.5, 0.77, 1, 1.5, 2} {
			op, _ := orig.PoseAt(a, tm)
			kp, _ := cp.PoseAt(a, tm)
			for _, n := range []int{0, 1} {
				if op.Translation[n] != kp.Translation[n] || op.Rotation[n] != kp.Rotation[n] || op.Scale[n] != kp.Scale[n] {
					t.Errorf("animation %d at %g s: node %d posed %v %v %v, the original %v %v %v", a, tm, n,
						kp.Translation[n], kp.Rotation[n], kp.Scale[n], op.Translation[n], op.Rotation[n], op.Scale[n])
				}
			}
		}
	}
	var doc struct {
		Animations []struct {
			Channels []struct {
				Sampler int
				Target  struct {
					Node int
					Path string
				}
			}
			Samplers []struct {
				Input         int
				Interpolation string
			}
		}
	}
	js, _, err := splitGLB(b.GLB)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, c := range doc.Animations[0].Channels {
		if c.Target.Node != 2 && c.Target.Node != 3 {
			continue
		}
		seen++
		s := doc.Animations[0].Samplers[c.Sampler]
		if s.Interpolation != "LINEAR" && s.Interpolation != "" {
			t.Errorf("node %d %s: %s, want LINEAR", c.Target.Node, c.Target.Path, s.Interpolation)
		}
		times, err := cp.Accessor(s.Input)
		if err != nil {
			t.Fatal(err)
		}
		if len(times) != len(b.Anim.Clips[0].Samples) {
			t.Errorf("node %d %s: %d keys, want the %d samples", c.Target.Node, c.Target.Path, len(times), len(b.Anim.Clips[0].Samples))
		}
	}
	if seen != 6 {
		t.Errorf("%d channels on Fore and Hand in \"stretch\", want 6 (translation, rotation, scale each)", seen)
	}
	for _, tm := range []float64{0.3, 1.01} {
		p, _ := cp.PoseAt(0, tm)
		for _, n := range []int{2, 3} {
			q := p.Rotation[n]
			if l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); math.Abs(l-1) > 1e-6 {
				t.Errorf("node %d at %g s: rotation length %g", n, tm, l)
			}
		}
	}
}

// The sample times are audit -anim's (audit.SampleTimes), rounded to
// float32 as the copy stores them, and the rate limits are audit's.
func TestBakeAnimSampleTimesAreAudits(t *testing.T) {
	if DefaultAnimFPS != audit.DefaultFPS || MaxAnimFPS != audit.MaxFPS || MaxAnimSamples != audit.MaxSamples {
		t.Errorf("rates %d %d %d, audit's %d %d %d", DefaultAnimFPS, MaxAnimFPS, MaxAnimSamples, audit.DefaultFPS, audit.MaxFPS, audit.MaxSamples)
	}
	data := armFile(t)
	f, err := Read("stretchy-arm.gltf", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := f.Build(0)
	if err != nil {
		t.Fatal(err)
	}
	for _, fps := range []float64{7, 30} {
		b := mustBakeAnim(t, "stretchy-arm.gltf", data, fps)
		for k, an := range s.Scene.Animations {
			want, err := audit.SampleTimes(nil, an, fps)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				want[i] = float64(float32(want[i]))
			}
			want = slices.Compact(want)
			if got := b.Anim.Clips[k].Samples; !slices.Equal(got, want) {
				t.Errorf("fps %g animation %d: samples %v, audit's rounded %v", fps, k, got, want)
			}
		}
	}
}

// A rig without non-uniform scale (public samples: RiggedSimple, whose
// scales are 1 to float32 rounding, and SimpleSkin): nothing is
// flattened, nothing is measured, and the copy plays as the original at
// every sample and half way, gltfref on both files, within 1e-9 of the
// size.
func TestBakeAnimPublicRigsFlattenNothing(t *testing.T) {
	for _, name := range []string{"RiggedSimple", "SimpleSkin"} {
		path := "../testdata/public/" + name + "/" + name + ".gltf"
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		b := mustBakeAnim(t, path, data, 30)
		a := b.Anim
		if len(a.Flattened) != 0 || len(a.Errors) != 0 || a.Worst != 0 {
			t.Errorf("%s: flattened %v, errors %+v", name, a.Flattened, a.Errors)
		}
		orig, cp := refOf(t, data), refOf(t, b.GLB)
		worst, n := 0.0, 0
		for _, c := range a.Clips {
			for _, tm := range c.CheckTimes() {
				o, k := scenesAt(t, orig, cp, c, tm)
				for node, op := range o.Points {
					kp := k.Points[node]
					if len(kp) != len(op) {
						t.Fatalf("%s node %d: %d points, the original %d", name, node, len(kp), len(op))
					}
					for v := range op {
						worst = max(worst, op[v].Sub(kp[v]).Len()/a.Size)
						n++
					}
				}
			}
		}
		if worst > 1e-9 || n == 0 {
			t.Errorf("%s: the copy plays %.3g of the size from the original (%d vertices compared)", name, worst, n)
		}
	}
}

// A morph-weights-only animation (SimpleMorph) is kept as it is: the
// copy's weights are the original's at every time, nothing is resampled.
func TestBakeAnimKeepsMorphWeights(t *testing.T) {
	path := "../testdata/public/SimpleMorph/SimpleMorph.gltf"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b := mustBakeAnim(t, path, data, 30)
	if b.Anim.Keys != 0 || len(b.Anim.Flattened) != 0 || b.Anim.Clips[0].Copy != 0 {
		t.Fatalf("keys %d, flattened %v, clip %+v", b.Anim.Keys, b.Anim.Flattened, b.Anim.Clips[0])
	}
	orig, cp := refOf(t, data), refOf(t, b.GLB)
	for _, tm := range []float64{0, 0.5, 1.25, 2, 3.9, 4} {
		op, _ := orig.PoseAt(0, tm)
		kp, _ := cp.PoseAt(0, tm)
		if len(op.Weights) == 0 || fmt.Sprint(op.Weights) != fmt.Sprint(kp.Weights) {
			t.Errorf("at %g s weights %v, the original %v", tm, kp.Weights, op.Weights)
		}
	}
}

// A file without animation is ErrNoAnimation; a rate out of range is an
// error.
func TestBakeAnimRefuses(t *testing.T) {
	files := fixtureFiles(t, "rig.gltf")
	if _, err := BakeAnim(files[0].Name, files[0].Data, mapFS(map[string][]byte{"rig.bin": files[1].Data}), 30); !errors.Is(err, ErrNoAnimation) {
		t.Errorf("rig.gltf: %v, want ErrNoAnimation", err)
	}
	for _, fps := range []float64{0, -1, 1001, math.NaN()} {
		if _, err := BakeAnim("stretchy-arm.gltf", armFile(t), nil, fps); err == nil {
			t.Errorf("fps %g: no error", fps)
		}
	}
}

// mirrorFile is a parent P mirrored and stretched along x, its scale
// (-1, 1, 1) at 0 s to (-2, 1, 1) at 1 s (LINEAR), over a child C at (0,
// 1, 0) turned 90 degrees about z, drawing a triangle.
func mirrorFile() []byte {
	var bin bytes.Buffer
	f32 := func(vs ...float32) {
		for _, v := range vs {
			_ = writeLE(&bin, v)
		}
	}
	f32(0, 0, 0, 1, 0, 0, 0, 1, 0) // triangle, 36 bytes
	f32(0, 1)                      // times, 8 bytes
	f32(-1, 1, 1, -2, 1, 1)        // scales, 24 bytes
	h := math.Sqrt2 / 2
	js := fmt.Sprintf(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
"nodes":[{"name":"P","scale":[-1,1,1],"children":[1]},{"name":"C","translation":[0,1,0],"rotation":[0,0,%.17g,%.17g],"mesh":0}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
"animations":[{"channels":[{"sampler":0,"target":{"node":0,"path":"scale"}}],"samplers":[{"input":1,"output":2}]}],
"buffers":[{"byteLength":%d,"uri":"data:application/octet-stream;base64,%s"}],
"bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":8},{"buffer":0,"byteOffset":44,"byteLength":24}],
"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},{"bufferView":1,"componentType":5126,"count":2,"type":"SCALAR","min":[0],"max":[1]},{"bufferView":2,"componentType":5126,"count":2,"type":"VEC3"}]}`,
		h, h, bin.Len(), b64(bin.Bytes()))
	return []byte(js)
}

// A mirrored parent: C's world is diag(sx, 1, 1) Rz(90°) = Rz(90°)
// diag(1, sx, 1) with sx = -(1 + t), so C is flattened (a root) and its
// keys, by hand: the polar rotation of the mirror is Rz(90°) H_y (H a
// half turn), the least-stretched axis is x (all three stretches are 1
// at 0 s; the first wins), so the rotation is Rz(90°) H_y H_x = Rz(-90°)
// and the scale (-1, 1 + t, 1), one negative axis, translation (0, 1,
// 0): exact, LINEAR in t. gltfref reads those keys from the copy at 0.5
// s, and the measured error is float32 rounding only.
func TestBakeAnimMirror(t *testing.T) {
	data := mirrorFile()
	b := mustBakeAnim(t, "mirror.gltf", data, 30)
	a := b.Anim
	if !slices.Equal(a.Flattened, []int{1}) || a.Parent[1] != -1 {
		t.Fatalf("flattened %v parents %v; want [1] to a root", a.Flattened, a.Parent)
	}
	if a.Worst > 1e-6 {
		t.Errorf("error %.3g of the size, want float32 rounding only", a.Worst)
	}
	cp := refOf(t, b.GLB)
	p, err := cp.PoseAt(0, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b []float64) bool {
		for i := range a {
			if math.Abs(a[i]-b[i]) > 1e-6 {
				return false
			}
		}
		return true
	}
	h := math.Sqrt2 / 2
	s, q, tr := p.Scale[1], p.Rotation[1], p.Translation[1]
	if !near(s[:], []float64{-1, 1.5, 1}) || !near(tr[:], []float64{0, 1, 0}) ||
		!(near(q[:], []float64{0, 0, -h, h}) || near(q[:], []float64{0, 0, h, -h})) {
		t.Errorf("C at 0.5 s: translation %v rotation %v scale %v; want (0, 1, 0), Rz(-90°) (0, 0, -0.7071, 0.7071), (-1, 1.5, 1)", tr, q, s)
	}
	sc, err := cp.Scene(0)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Nodes) != 2 {
		t.Errorf("the copy's scene holds nodes %v, want P and C", sc.Nodes)
	}
}

// A flattened joint whose rest world is sheared (the arm with Upper's
// stored scale (1/√2, 2, 1/√2) and Fore's stored bend 100°): its rest
// key cannot hold the shear, so its inverse bind matrix takes the rest
// correction, and the copy's rest pose skins to the original's vertices
// (gltfref, within float32 rounding: 1e-6 of the size), though Fore's
// own world in the copy differs from the original's by the lost shear
// (over 0.05 in some entry).
func TestBakeAnimRestCorrection(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(armFile(t), &doc); err != nil {
		t.Fatal(err)
	}
	nodes := doc["nodes"].([]any)
	nodes[1].(map[string]any)["scale"] = []float64{1 / math.Sqrt2, 2, 1 / math.Sqrt2}
	th := 100 * math.Pi / 180
	nodes[2].(map[string]any)["rotation"] = []float64{0, 0, math.Sin(th / 2), math.Cos(th / 2)}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	b := mustBakeAnim(t, "sheared-rest.gltf", data, 30)
	orig, cp := refOf(t, data), refOf(t, b.GLB)
	o, err := orig.Scene(0)
	if err != nil {
		t.Fatal(err)
	}
	k, err := cp.Scene(0)
	if err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for v := range o.Points[4] {
		worst = max(worst, o.Points[4][v].Sub(k.Points[4][v]).Len()/o.Size)
	}
	if worst > 1e-6 {
		t.Errorf("rest pose: the copy's skinned vertices are %.3g of the size from the original's", worst)
	}
	if d := gltfref.MaxAbsDiff(o.World[2], k.World[2]); d < 0.05 {
		t.Errorf("Fore's rest world in the copy is %.3g from the original's; the test needs a sheared rest", d)
	}
	for _, e := range b.Anim.Errors {
		if e.Anim < 0 && e.Fraction > 1e-6 {
			t.Errorf("%s: measured %.3g at the rest pose, want float32 rounding", e.Name, e.Fraction)
		}
	}
}

// swingFile is a static root S over a node C stretched (2, 1, 1) and
// turning about z from 0 to 180 degrees between keys at 0 and 1 s (one
// LINEAR, slerp, step), over a node G at (0, 1, 0) in C drawing one
// point at its origin.
func swingFile() []byte {
	var bin bytes.Buffer
	f32 := func(vs ...float32) {
		for _, v := range vs {
			_ = writeLE(&bin, v)
		}
	}
	f32(0, 0, 0)    // the point, 12 bytes
	f32(0, 1)       // times, 8 bytes
	f32(0, 0, 0, 1) // rotation at 0 s: none
	f32(0, 0, 1, 0) // at 1 s: 180 degrees about z
	js := fmt.Sprintf(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
"nodes":[{"name":"S","children":[1]},{"name":"C","scale":[2,1,1],"children":[2]},{"name":"G","translation":[0,1,0],"mesh":0}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0},"mode":0}]}],
"animations":[{"name":"swing","channels":[{"sampler":0,"target":{"node":1,"path":"rotation"}}],"samplers":[{"input":1,"output":2}]}],
"buffers":[{"byteLength":%d,"uri":"data:application/octet-stream;base64,%s"}],
"bufferViews":[{"buffer":0,"byteLength":12},{"buffer":0,"byteOffset":12,"byteLength":8},{"buffer":0,"byteOffset":20,"byteLength":32}],
"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"VEC3","min":[0,0,0],"max":[0,0,0]},{"bufferView":1,"componentType":5126,"count":2,"type":"SCALAR","min":[0],"max":[1]},{"bufferView":2,"componentType":5126,"count":2,"type":"VEC4"}]}`,
		bin.Len(), b64(bin.Bytes()))
	return []byte(js)
}

// Between samples: G is flattened (under C's stretch) to a child of S,
// and its world, Rz(θ) diag(2, 1, 1) at Rz(θ) (0, 1, 0), θ = 180 t
// degrees, is a TRS at every time (no shear to lose). Its keys' LINEAR
// translation cuts the circle's chords: half way between samples 1/fps
// apart the point is 1 - cos(π / (2 fps)) inside the unit circle (the
// chord's sagitta), and that is all the error there is: 0.07612 at 4
// samples per second, 0.01231 at 10, 0.001370 at 30, 8.567e-5 at 120 (a
// quarter each time the rate doubles). The size is the box of the point over the
// samples: x from -1 to 0, y from -1 to 1, √5 (every rate here samples
// θ = 90°).
func TestBakeAnimBetweenSamples(t *testing.T) {
	data := swingFile()
	for _, fps := range []float64{4, 10, 30, 120} {
		b := mustBakeAnim(t, "swing.gltf", data, fps)
		a := b.Anim
		if !slices.Equal(a.Flattened, []int{2}) || a.Parent[2] != 0 || !slices.Equal(a.Kept, []int{1}) {
			t.Fatalf("fps %g: flattened %v (parents %v), kept %v", fps, a.Flattened, a.Parent, a.Kept)
		}
		want := 1 - math.Cos(math.Pi/(2*fps))
		if len(a.Errors) == 0 || math.Abs(a.Errors[0].Distance-want) > 1e-6+1e-4*want || !a.Errors[0].Between {
			t.Errorf("fps %g: errors %+v, want G %.6g half way between samples", fps, a.Errors, want)
		}
		if math.Abs(a.Size-math.Sqrt(5)) > 1e-6 {
			t.Errorf("fps %g: size %g, want √5", fps, a.Size)
		}
		// One slerp from 0 to 1 s: the samples are k/fps for k = 0..fps
		// (the key times are on that grid), each a translation, a
		// rotation and a scale key of G: docs/bake.md's key counts.
		if want := 3 * (int(fps) + 1); a.Keys != want {
			t.Errorf("fps %g: %d keys, want %d", fps, a.Keys, want)
		}
		t.Logf("fps %g: %d bytes, %d keys, G %.4g units (%.4g%% of √5)", fps, len(b.GLB), a.Keys, a.Errors[0].Distance, 100*a.Errors[0].Fraction)
	}
}

// A STEP turn above a flattened node: swingFile with C turned 0, 90 and
// 180 degrees at 0, 0.5 and 1 s, held (STEP). G's world is constant
// between the jumps, so keys that jump where the turn does lose nothing:
// the copy has a sample one float32 step before 0.5 and 1 s, the
// measured error is float32 rounding (under 1e-6), and gltfref plays the
// copy at the jump's two sides as the original (G at (0, 1, 0) just
// before 0.5 s, at (-1, 0, 0) from 0.5 s on). Keys that ramped over the
// sample interval before each jump would be half a chord, √½ = 0.707,
// off half way through it.
func TestBakeAnimStepJumps(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(swingFile(), &doc); err != nil {
		t.Fatal(err)
	}
	// Three keys: rewrite the buffer with times 0, 0.5, 1 and the turns.
	var bin bytes.Buffer
	f32 := func(vs ...float32) {
		for _, v := range vs {
			_ = writeLE(&bin, v)
		}
	}
	h := float32(math.Sqrt2 / 2)
	f32(0, 0, 0)
	f32(0, 0.5, 1)
	f32(0, 0, 0, 1, 0, 0, h, h, 0, 0, 1, 0)
	doc["buffers"] = []any{map[string]any{"byteLength": bin.Len(), "uri": "data:application/octet-stream;base64," + b64(bin.Bytes())}}
	doc["bufferViews"] = []any{
		map[string]any{"buffer": 0, "byteLength": 12},
		map[string]any{"buffer": 0, "byteOffset": 12, "byteLength": 12},
		map[string]any{"buffer": 0, "byteOffset": 24, "byteLength": 48},
	}
	acc := doc["accessors"].([]any)
	acc[1].(map[string]any)["count"] = 3
	acc[2].(map[string]any)["count"] = 3
	anim := doc["animations"].([]any)[0].(map[string]any)
	anim["samplers"].([]any)[0].(map[string]any)["interpolation"] = "STEP"
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	b := mustBakeAnim(t, "step.gltf", data, 30)
	a := b.Anim
	before := float64(math.Nextafter32(0.5, 0))
	if !slices.Contains(a.Clips[0].Samples, before) || !slices.Contains(a.Clips[0].Samples, float64(math.Nextafter32(1, 0))) {
		t.Errorf("no sample just before the jumps at 0.5 and 1 s")
	}
	if a.Worst > 1e-6 {
		t.Errorf("measured %.3g of the size (errors %+v), want float32 rounding", a.Worst, a.Errors)
	}
	orig, cp := refOf(t, data), refOf(t, b.GLB)
	for _, tm := range []float64{0.25, before, 0.5, 0.75} {
		o, err := orig.SceneAt(0, 0, tm)
		if err != nil {
			t.Fatal(err)
		}
		k, err := cp.SceneAt(0, 0, tm)
		if err != nil {
			t.Fatal(err)
		}
		if d := o.Points[2][0].Sub(k.Points[2][0]).Len(); d > 1e-6 {
			t.Errorf("t = %.9g s: G at %v in the copy, %v in the original", tm, k.Points[2][0], o.Points[2][0])
		}
	}
}

// A zero scale survives the copy: the arm with Upper's stored scale (0,
// 0, 0) (kept, with its own keys) and so Fore's and Hand's rest worlds
// zero. glTF writers leave a scale of [0, 0, 0] out, which reads back as
// 1; the copy writes (1e-30, 0, 0) instead and says so, and gltfref plays
// it at the rest pose and through "shrug" (which animates none of those
// scales, so the rest values hold) within 1e-9 of the size of the
// original: every skinned vertex collapsed onto Root's origin.
func TestBakeAnimZeroScale(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(armFile(t), &doc); err != nil {
		t.Fatal(err)
	}
	doc["nodes"].([]any)[1].(map[string]any)["scale"] = []float64{0, 0, 0}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	b := mustBakeAnim(t, "zero.gltf", data, 30)
	if !slices.ContainsFunc(b.Notes, func(n string) bool {
		return strings.HasPrefix(n, "3 node(s) with a scale of (0, 0, 0) written as (1e-30, 0, 0)")
	}) {
		t.Errorf("notes %q", b.Notes)
	}
	orig, cp := refOf(t, data), refOf(t, b.GLB)
	for _, tm := range []float64{-1, 0.25, 0.5, 1} {
		var o, k *gltfref.Scene
		var err1, err2 error
		if tm < 0 {
			o, err1 = orig.Scene(0)
			k, err2 = cp.Scene(0)
		} else {
			o, err1 = orig.SceneAt(0, 1, tm)
			k, err2 = cp.SceneAt(0, 1, tm)
		}
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		for v := range o.Points[4] {
			if d := o.Points[4][v].Sub(k.Points[4][v]).Len() / b.Anim.Size; d > 1e-9 {
				t.Fatalf("t = %g s: vertex %d %.3g of the size off", tm, v, d)
			}
		}
	}
}
