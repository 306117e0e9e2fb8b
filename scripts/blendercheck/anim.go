package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/gltfio"
	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// AnimTol is the largest distance allowed between a vertex Blender
// evaluates and skewlab's, relative to the diagonal of the bounding box
// of skewlab's vertices at that time. Blender reads the file's float32
// values and evaluates in float32 (unit roundoff 6e-8): the importer
// turns each joint's TRS into an edit bone and a pose (a few float32
// products), the pose chain is three or four float32 4x4 products, and
// the armature modifier blends two joints per vertex; a few dozen
// roundings of 6e-8 each, relative to the rig's size, stay below 1e-5.
// A wrong rule, a missed key or an axis mix-up moves vertices by a
// sizeable fraction of the rig.
const AnimTol = 1e-5

// keySnap is how close (seconds) a sampled time must be to a key time to
// count as that key: Blender's key frames are float32 numbers of frames,
// so a key time comes back with an error of about 1e-7 s.
const keySnap = 1e-6

// vertsDoc is the JSON checks/blender/anim.py writes.
type vertsDoc struct {
	Blender  string      `json:"blender"`
	File     string      `json:"file"`
	FPS      float64     `json:"fps"`
	KeyTimes []float64   `json:"keyTimes"`
	Frames   []vertFrame `json:"frames"`
}

type vertFrame struct {
	Time    float64      `json:"time"`
	Objects []vertObject `json:"objects"`
}

type vertObject struct {
	Name     string       `json:"name"`
	Vertices [][3]float64 `json:"vertices"`
}

func readVerts(path string) (*vertsDoc, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc vertsDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(doc.Frames) == 0 {
		return nil, fmt.Errorf("%s: no frames", path)
	}
	return &doc, nil
}

// frameKind says how a sampled time compares with Blender.
type frameKind string

const (
	// atKey: every channel is at a key or holds a value: glTF's and
	// Blender's interpolations agree exactly.
	atKey frameKind = "key"
	// between: some channel is between keys, but only channels that
	// Blender interpolates as glTF does (LINEAR translation and scale,
	// STEP, or two equal keys).
	between frameKind = "between"
	// nlerp: a LINEAR rotation is between two different keys. glTF
	// says slerp; Blender's importer makes one LINEAR f-curve per
	// quaternion component, which blends the components and normalizes
	// (nlerp). The check compares with skewlab's pose with those
	// rotations replaced by the nlerp, and reports the slerp's distance.
	nlerp frameKind = "nlerp"
	// skipped: a CUBICSPLINE channel is between two keys; Blender's
	// importer keeps the values and drops the tangents (Bezier with
	// automatic handles), so the curves differ by design.
	skipped frameKind = "skipped (cubic spline between keys)"
)

// animFrame is one sampled time's result.
type animFrame struct {
	Time float64   `json:"time"`
	Kind frameKind `json:"kind"`
	// Worst is the largest vertex distance relative to the size,
	// against skewlab's pose (for nlerp frames: with the nlerp
	// rotations); Slerp, for nlerp frames, the same against skewlab's
	// glTF (slerp) pose.
	Worst float64 `json:"worst"`
	Slerp float64 `json:"slerp"`
	Size  float64 `json:"size"`
}

type animReport struct {
	Blender  string      `json:"blender"`
	File     string      `json:"file"`
	Anim     string      `json:"anim"`
	Vertices int         `json:"vertices"`
	Frames   []animFrame `json:"frames"`
	Failures []string    `json:"failures"`
}

// loadAnimated reads path with gltfio and returns its default scene and
// its animation 0, the one Blender's glTF importer makes active (the
// others go to muted NLA tracks).
func loadAnimated(path string) (*scene.Scene, *scene.Animation, error) {
	f, err := gltfio.Load(path)
	if err != nil {
		return nil, nil, err
	}
	b, err := f.Build(f.Default)
	if err != nil {
		return nil, nil, err
	}
	if len(b.Scene.Animations) == 0 {
		return nil, nil, fmt.Errorf("%s: skewlab reads no animation from it", path)
	}
	return b.Scene, b.Scene.Animations[0], nil
}

// classify says how the animation's channels stand at t, snapped to a
// key time within keySnap: the time to evaluate and its kind.
func classify(a *scene.Animation, t float64) (float64, frameKind) {
	for _, k := range a.KeyTimes() {
		if math.Abs(t-k) <= keySnap {
			t = k
		}
	}
	kind := atKey
	for i := range a.Channels {
		c := &a.Channels[i]
		k, inside := interval(c, t)
		if !inside {
			continue
		}
		w := c.Width
		switch {
		case c.Interp == scene.CubicSpline:
			return t, skipped
		case c.Interp == scene.Linear && c.Path == scene.PathRotation &&
			!slices.Equal(c.Values[k*w:(k+1)*w], c.Values[(k+1)*w:(k+2)*w]):
			kind = nlerp
		case kind == atKey:
			kind = between
		}
	}
	return t, kind
}

// interval returns k with Times[k] < t < Times[k+1], and whether t lies
// strictly inside the keys at all.
func interval(c *scene.Channel, t float64) (int, bool) {
	n := len(c.Times)
	if t <= c.Times[0] || t >= c.Times[n-1] || slices.Contains(c.Times, t) {
		return 0, false
	}
	k, _ := slices.BinarySearch(c.Times, t)
	return k - 1, true
}

// applyNlerp overwrites the rotations of a's LINEAR rotation channels
// that are between two keys at t with Blender's blend: the components of
// the two keys (the second negated when their dot product is negative)
// mixed linearly and normalized.
func applyNlerp(a *scene.Animation, nodes []scene.Node, t float64) {
	for i := range a.Channels {
		c := &a.Channels[i]
		if c.Path != scene.PathRotation || c.Interp != scene.Linear {
			continue
		}
		k, inside := interval(c, t)
		if !inside {
			continue
		}
		u := (t - c.Times[k]) / (c.Times[k+1] - c.Times[k])
		q0, q1 := c.Values[4*k:4*k+4], c.Values[4*k+4:4*k+8]
		sign := 1.0
		if q0[0]*q1[0]+q0[1]*q1[1]+q0[2]*q1[2]+q0[3]*q1[3] < 0 {
			sign = -1
		}
		var q [4]float64
		for j := range 4 {
			q[j] = (1-u)*q0[j] + u*sign*q1[j]
		}
		nodes[c.Node].Local.Rotation = transform.Normalize(mgl64.Quat{W: q[0], V: mgl64.Vec3{q[1], q[2], q[3]}})
	}
}

// posedVertices returns every mesh node's points in world space with the
// animation applied at t (and Blender's nlerp with nlerpRot), under
// accumulate-matrices, by node name.
func posedVertices(sc *scene.Scene, a *scene.Animation, t float64, nlerpRot bool) map[string][]mgl64.Vec3 {
	nodes := sc.Clone().Nodes
	a.Apply(nodes, t)
	if nlerpRot {
		applyNlerp(a, nodes, t)
	}
	world := make([]mgl64.Mat4, len(nodes))
	var ws modes.Workspace
	modes.AccumulateMatrices.World(nodes, &ws, world)
	var d scene.Deformer
	out := map[string][]mgl64.Vec3{}
	for i := range nodes {
		n := &nodes[i]
		if n.Mesh == nil {
			continue
		}
		pts := slices.Clone(d.Points(n, world))
		if n.Skin == nil || !n.Mesh.Skinned() {
			for k, p := range pts {
				pts[k] = world[i].Mul4x1(p.Vec4(1)).Vec3()
			}
		}
		out[n.Name] = pts
	}
	return out
}

// vertErr returns the largest distance between Blender's and skewlab's
// vertices relative to the diagonal of skewlab's bounding box, and the
// diagonal.
func vertErr(objs []vertObject, want map[string][]mgl64.Vec3) (float64, float64, error) {
	lo := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	for _, pts := range want {
		for _, p := range pts {
			for c := range 3 {
				lo[c], hi[c] = min(lo[c], p[c]), max(hi[c], p[c])
			}
		}
	}
	size := hi.Sub(lo).Len()
	if !(size > 0) {
		return 0, 0, fmt.Errorf("skewlab's vertices have no extent")
	}
	if len(objs) != len(want) {
		return 0, 0, fmt.Errorf("%d mesh objects in Blender, %d mesh nodes in skewlab", len(objs), len(want))
	}
	worst := 0.0
	for _, o := range objs {
		pts, ok := want[o.Name]
		if !ok {
			return 0, 0, fmt.Errorf("mesh object %q in Blender is no mesh node in skewlab", o.Name)
		}
		if len(pts) != len(o.Vertices) {
			return 0, 0, fmt.Errorf("%s: Blender has %d vertices, skewlab %d", o.Name, len(o.Vertices), len(pts))
		}
		for k, v := range o.Vertices {
			d := mgl64.Vec3(v).Sub(pts[k]).Len() / size
			if math.IsNaN(d) {
				d = math.Inf(1) // a point skewlab cannot place is infinitely wrong
			}
			worst = max(worst, d)
		}
	}
	return worst, size, nil
}

// checkAnim compares Blender's frames of the file at path with skewlab.
func checkAnim(path string, vd *vertsDoc) (*animReport, error) {
	sc, a, err := loadAnimated(path)
	if err != nil {
		return nil, err
	}
	rep := &animReport{Blender: vd.Blender, File: filepath.Base(path), Anim: a.Name, Failures: []string{}}
	keys := 0
	for _, fr := range vd.Frames {
		t, kind := classify(a, fr.Time)
		res := animFrame{Time: t, Kind: kind}
		if kind == skipped {
			rep.Frames = append(rep.Frames, res)
			continue
		}
		worst, size, err := vertErr(fr.Objects, posedVertices(sc, a, t, kind == nlerp))
		if err != nil {
			return nil, fmt.Errorf("at t = %g s: %w", t, err)
		}
		res.Worst, res.Size = worst, size
		if kind == nlerp {
			res.Slerp, _, _ = vertErr(fr.Objects, posedVertices(sc, a, t, false))
		}
		if kind == atKey {
			keys++
		}
		if rep.Vertices == 0 {
			for _, o := range fr.Objects {
				rep.Vertices += len(o.Vertices)
			}
		}
		if !(worst <= AnimTol) {
			rep.Failures = append(rep.Failures, fmt.Sprintf("t = %g s (%s): a vertex is off by %.3g of the size %.3g (> %g)", t, kind, worst, size, AnimTol))
		}
		rep.Frames = append(rep.Frames, res)
	}
	if keys < 3 {
		rep.Failures = append(rep.Failures, fmt.Sprintf("only %d frames at key times were compared; want at least 3", keys))
	}
	return rep, nil
}

func printAnim(w io.Writer, rep *animReport) {
	fmt.Fprintf(w, "anim: Blender %s, %s, animation %q, %d vertices; tolerance %g of the size\n", rep.Blender, rep.File, rep.Anim, rep.Vertices, AnimTol)
	fmt.Fprintf(w, "%9s  %-36s %12s %14s\n", "time (s)", "kind", "worst", "slerp (glTF)")
	for _, f := range rep.Frames {
		switch f.Kind {
		case skipped:
			fmt.Fprintf(w, "%9.4f  %-36s %12s %14s\n", f.Time, f.Kind, "-", "-")
		case nlerp:
			fmt.Fprintf(w, "%9.4f  %-36s %12.2e %14.2e\n", f.Time, f.Kind, f.Worst, f.Slerp)
		default:
			fmt.Fprintf(w, "%9.4f  %-36s %12.2e %14s\n", f.Time, f.Kind, f.Worst, "")
		}
	}
	fmt.Fprintln(w, "worst: the largest vertex distance over the diagonal of the mesh's bounding box; nlerp frames compare with Blender's component-wise quaternion blend, and slerp gives the distance to glTF's own (skewlab's) pose there")
}

// writeFixture writes blendercheck's fixture into dir.
func writeFixture(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	p := filepath.Join(dir, FixtureName)
	return p, os.WriteFile(p, fixture(), 0o644)
}
