package gltfio

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"
	"skewlab/internal/gltfref"
	"skewlab/modes"
	"skewlab/scene"
)

// readBytes reads and builds the default scene of one in-memory file.
func readBytes(t testing.TB, name string, data []byte) (*File, *Built) {
	t.Helper()
	f, err := Read(name, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f, mustBuild(t, f, f.Default)
}

// Every hand-derived value of keys.gltf (gltfgen.AnimatedKeysChecks:
// LINEAR translation, rotation by slerp along the shorter arc, STEP,
// CUBICSPLINE translation and weights with their tangents scaled by the
// key interval, normalized UNSIGNED_BYTE weights and SHORT rotations,
// before the first and after the last key) is what the scene's
// animation writes into its nodes (Animation.Apply), within 1e-6 (the
// float32 keys; 1e-5 for the rotation from normalized shorts), rotations
// unit within 1e-12 and read from glTF's (x, y, z, w) into (w, x, y, z).
func TestAnimatedKeysReadBack(t *testing.T) {
	_, b := readBytes(t, "keys.gltf", gltfgen.AnimatedKeys())
	sc := b.Scene
	if len(sc.Animations) != 1 || sc.Animations[0].Name != "keys" || len(sc.Animations[0].Channels) != 7 {
		t.Fatalf("animations %+v, want keys with 7 channels", sc.Animations)
	}
	a := sc.Animations[0]
	if a.Start() != 0 || a.End() != 3 {
		t.Errorf("keys runs from %g to %g s, want 0 to 3", a.Start(), a.End())
	}
	for _, c := range gltfgen.AnimatedKeysChecks() {
		posed := sc.Clone()
		a.Apply(posed.Nodes, c.T)
		n := posed.Nodes[posed.Index(c.Node)]
		var got []float64
		switch c.Path {
		case "translation":
			got = n.Local.Position[:]
		case "scale":
			got = n.Local.Scale[:]
		case "weights":
			got = n.Weights
		case "rotation":
			q := n.Local.Rotation
			got = []float64{q.V[0], q.V[1], q.V[2], q.W}
		}
		if err := c.Check(got); err != nil {
			t.Error(err)
		}
	}
	// Nodes without a weights channel keep the default weights, zeros
	// (neither the node nor the mesh gives any), one per target.
	for _, n := range sc.Nodes {
		if !slices.Equal(n.Weights, []float64{0, 0}) || len(n.Mesh.Targets) != 2 {
			t.Errorf("%s: weights %v and %d targets at rest, want (0, 0) and 2", n.Name, n.Weights, len(n.Mesh.Targets))
		}
	}
	// The morph targets' deltas are read: target 0 moves every vertex by
	// (0, 0, 1), target 1 by (0, 1, 0).
	m := sc.Nodes[0].Mesh
	for k := range m.Points {
		if m.Targets[0][k] != (mgl64.Vec3{0, 0, 1}) || m.Targets[1][k] != (mgl64.Vec3{0, 1, 0}) {
			t.Errorf("point %d's deltas %v, %v; want (0, 0, 1), (0, 1, 0)", k, m.Targets[0][k], m.Targets[1][k])
		}
	}
}

// animatedFiles are the files whose animations TestAnimationsMatchReference
// compares: every fixture and public sample model that has animations,
// and keys.gltf.
func animatedFiles(t *testing.T) map[string][]byte {
	files := map[string][]byte{"keys.gltf": gltfgen.AnimatedKeys()}
	for _, fx := range gltfgen.Fixtures() {
		data := fx.Files(2)[0].Data
		if fx.Good && strings.Contains(string(data), `"animations"`) {
			files[fx.Name] = data
		}
	}
	for _, model := range []string{"RiggedSimple", "SimpleMorph", "SimpleSkin"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "public", model, model+".gltf"))
		if err != nil {
			t.Fatal(err)
		}
		files[model+".gltf"] = data
	}
	return files
}

// The reader and scene's animations against internal/gltfref, which
// reads and interpolates on its own (PoseAt: slerp as a power of the
// relative turn, CUBICSPLINE as a Bézier curve by de Casteljau): for
// every animation of every animated fixture, of keys.gltf and of the
// public models RiggedSimple, SimpleMorph and SimpleSkin (their README
// lists their animations), at every key time, halfway and a quarter
// between keys, before the first and after the last, every node's world
// matrix under accumulate-matrices (glTF's rule) and every mesh vertex as
// drawn (morphed by the posed weights, skinned by the posed joints:
// scene.Deformer) agree within 1e-9 of the model's size.
func TestAnimationsMatchReference(t *testing.T) {
	files := animatedFiles(t)
	if len(files) < 6 {
		t.Fatalf("%d animated files, want keys.gltf, scenes.gltf, stretchy-arm.gltf and three public models", len(files))
	}
	for name, data := range files {
		f, err := Read(name, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := gltfref.Parse(data, "")
		if err != nil {
			t.Fatal(err)
		}
		si := f.Default
		b := mustBuild(t, f, si)
		refScene := si
		if ref.SceneCount() == 0 {
			refScene = -1
		}
		if len(b.Scene.Animations) != ref.AnimationCount() || len(b.Scene.Animations) == 0 {
			t.Fatalf("%s: %d animations read, the reference has %d", name, len(b.Scene.Animations), ref.AnimationCount())
		}
		for ai, a := range b.Scene.Animations {
			keys := a.KeyTimes()
			times := []float64{keys[0] - 1, keys[len(keys)-1] + 1}
			for k, tk := range keys {
				times = append(times, tk)
				if k+1 < len(keys) {
					times = append(times, tk+(keys[k+1]-tk)/4, tk+(keys[k+1]-tk)/2)
				}
			}
			for _, at := range times {
				want, err := ref.SceneAt(refScene, ai, at)
				if err != nil {
					t.Fatal(err)
				}
				compareAt(t, name, at, b, a, want)
			}
		}
	}
}

// compareAt poses b's scene by a at time at and compares it with the
// reference's scene at that time (see TestAnimationsMatchReference).
func compareAt(t *testing.T, name string, at float64, b *Built, a *scene.Animation, want *gltfref.Scene) {
	t.Helper()
	tol := 1e-9 * want.Size
	posed := b.Scene.Clone()
	a.Apply(posed.Nodes, at)
	world := modes.AccumulateMatrices.Reference(posed.Nodes)
	var d scene.Deformer
	for i, n := range posed.Nodes {
		g := b.Index[i]
		wm := want.World[g]
		for r := range 4 {
			for c := range 4 {
				if math.Abs(world[i].At(r, c)-wm[r][c]) > tol {
					t.Fatalf("%s %q at %g s: node %s's world %v, the reference's %v", name, a.Name, at, n.Name, world[i], wm)
				}
			}
		}
		if n.Mesh == nil {
			continue
		}
		pts := d.Points(&posed.Nodes[i], world)
		wp := want.Points[g]
		if len(pts) != len(wp) {
			t.Fatalf("%s: node %s draws %d points, the reference %d", name, n.Name, len(pts), len(wp))
		}
		for k, p := range pts {
			if n.Skin == nil {
				p = mgl64.TransformCoordinate(p, world[i])
			}
			if q := (gltfref.Vec3{p[0], p[1], p[2]}); q.Sub(wp[k]).Len() > tol {
				t.Fatalf("%s %q at %g s: node %s's point %d at %v, the reference's %v", name, a.Name, at, n.Name, k, q, wp[k])
			}
		}
	}
}

// The stretchy arm's worst disagreement, as gltfgen.StretchyArm's comment
// derives it by hand, sampled every millisecond of "stretch" (2 s) under
// every rule: the joints' origins disagree most at Hand, 2 cos 50° =
// 1.285575 units (accumulate-trs or blender-aligned against
// uniform-inner-scale), at t = 1 s, and at Fore by s - u = 1 unit at
// t = 1 s; the fingertip's centre (its last vertex) is 1.3 (2 - 1/sqrt 2)
// sin 100° = 1.655220 units apart under accumulate-matrices and
// accumulate-trs at t = 1 s; and the skinned vertices' worst over all
// rules is at t = 1 s too, at least the fingertip's. Values within 1e-6
// (float32 keys), times within 1 ms. Under "shrug", which moves Root
// only, every rule agrees within 1e-9.
func TestStretchyArmWorstTime(t *testing.T) {
	f := mustRead(t, gltfgen.StretchyArm())
	sc := mustBuild(t, f, 0).Scene
	if len(sc.Animations) != 2 || sc.Animations[0].Name != "stretch" || sc.Animations[1].Name != "shrug" {
		t.Fatalf("animations %v, want stretch and shrug", sc.Animations)
	}
	arm := sc.Index("Arm")
	tip := len(sc.Nodes[arm].Mesh.Points) - 1
	type worst struct{ d, t float64 }
	run := func(a *scene.Animation, step float64) (origin map[string]worst, skin, tipMT worst) {
		origin = map[string]worst{}
		nodes := append([]scene.Node(nil), sc.Nodes...)
		var ws modes.Workspace
		world := make([][]mgl64.Mat4, len(modes.All))
		pts := make([][]mgl64.Vec3, len(modes.All))
		defs := make([]scene.Deformer, len(modes.All))
		for k := range world {
			world[k] = make([]mgl64.Mat4, len(nodes))
		}
		for i := 0; float64(i)*step <= a.End()+1e-9; i++ {
			at := float64(i) * step
			a.Apply(nodes, at)
			for k, m := range modes.All {
				m.World(nodes, &ws, world[k])
				pts[k] = defs[k].Points(&nodes[arm], world[k])
			}
			for p := range modes.All {
				for q := p + 1; q < len(modes.All); q++ {
					for n := range nodes {
						wp, wq := world[p][n], world[q][n]
						d := mgl64.Vec3{wp[12] - wq[12], wp[13] - wq[13], wp[14] - wq[14]}.Len()
						if d > origin[nodes[n].Name].d {
							origin[nodes[n].Name] = worst{d, at}
						}
					}
					for v := range pts[p] {
						if d := pts[p][v].Sub(pts[q][v]).Len(); d > skin.d {
							skin = worst{d, at}
						}
					}
				}
			}
			if d := pts[0][tip].Sub(pts[1][tip]).Len(); d > tipMT.d {
				tipMT = worst{d, at}
			}
		}
		return origin, skin, tipMT
	}
	origin, skin, tipMT := run(sc.Animations[0], 0.001)
	hand := 2 * math.Cos(50*math.Pi/180)
	tipWant := 1.3 * (2 - 1/math.Sqrt2) * math.Sin(100*math.Pi/180)
	for _, c := range []struct {
		what      string
		got       worst
		want, tol float64
	}{
		{"Hand's origin", origin["Hand"], hand, 1e-6},
		{"Fore's origin", origin["Fore"], 1, 1e-6},
		{"the fingertip under accumulate-matrices and accumulate-trs", tipMT, tipWant, 1e-6},
	} {
		if math.Abs(c.got.d-c.want) > c.tol || math.Abs(c.got.t-1) > 1e-3 {
			t.Errorf("%s: worst %.7f at %g s, want %.7f at 1 s", c.what, c.got.d, c.got.t, c.want)
		}
	}
	for name, w := range origin {
		if w.d > origin["Hand"].d {
			t.Errorf("%s's origin disagrees by %g at %g s, more than Hand's %g", name, w.d, w.t, origin["Hand"].d)
		}
	}
	if !(skin.d >= tipWant-1e-6) || math.Abs(skin.t-1) > 1e-3 {
		t.Errorf("the skinned vertices disagree most by %g at %g s; want at least the fingertip's %g, at 1 s", skin.d, skin.t, tipWant)
	}
	origin, skin, _ = run(sc.Animations[1], 0.01)
	for name, w := range origin {
		if w.d > 1e-9 {
			t.Errorf("shrug: %s's origin disagrees by %g at %g s", name, w.d, w.t)
		}
	}
	if skin.d > 1e-9 {
		t.Errorf("shrug: skinned vertices disagree by %g at %g s", skin.d, skin.t)
	}
}

// cubicPeak, the largest |p(u)| on [0, 1] of a Hermite segment, against
// sampling p(u) at 10^5 + 1 points from the spec's basis form: never
// below the samples' largest, and above it by no more than the slope
// bound over one sample step (|p'| <= 3(|c3|+|c2|+|c1|) times 10^-5);
// and two hand cases: from 0 to 0 with out-tangent 1 (p = u³-2u²+u,
// largest at u = 1/3: 4/27) and a straight line from -3 to 2 (3 at u = 0).
func TestCubicPeak(t *testing.T) {
	if got := cubicPeak(0, 1, 0, 0); math.Abs(got-4.0/27) > 1e-15 {
		t.Errorf("cubicPeak(0, 1, 0, 0) = %g, want 4/27", got)
	}
	if got := cubicPeak(-3, 5, 2, 5); got != 3 {
		t.Errorf("a line from -3 to 2: %g, want 3", got)
	}
	rnd := rand.New(rand.NewPCG(29, 1))
	const n = 100000
	for range 200 {
		p0, m0, p1, m1 := rnd.NormFloat64()*10, rnd.NormFloat64()*30, rnd.NormFloat64()*10, rnd.NormFloat64()*30
		best := 0.0
		for i := 0; i <= n; i++ {
			u := float64(i) / n
			u2, u3 := u*u, u*u*u
			p := (2*u3-3*u2+1)*p0 + (u3-2*u2+u)*m0 + (-2*u3+3*u2)*p1 + (u3-u2)*m1
			best = max(best, math.Abs(p))
		}
		got := cubicPeak(p0, m0, p1, m1)
		c3, c2 := 2*p0+m0-2*p1+m1, -3*p0-2*m0+3*p1-m1
		slack := 3 * (math.Abs(c3) + math.Abs(c2) + math.Abs(m0)) / n
		if got < best-1e-9 || got > best+slack {
			t.Fatalf("cubicPeak(%g, %g, %g, %g) = %g, the samples' largest %g", p0, m0, p1, m1, got, best)
		}
	}
}
