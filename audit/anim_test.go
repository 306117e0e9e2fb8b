package audit

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// turnScene is a box Parent at the origin over a box Child at Parent's
// origin, with two animations of LINEAR keys at t = 0 and 2 s:
//
//   - 0 "stretch and turn": Parent's scale (1, 1, 1) to (3, 1, 1), so
//     (1+t, 1, 1); Child's rotation the identity to 180° about z,
//     (w, x, y, z) = (0, 0, 0, 1), which slerp turns at a constant rate:
//     90t degrees about z at time t.
//   - 1 "hold": Child's rotation 45° about z at t = 0 and 1 s, Parent not
//     animated (scale 1).
func turnScene(t *testing.T) *scene.Scene {
	t.Helper()
	box := func(name string, parent int) scene.Node {
		return scene.Node{Name: name, Parent: parent, Shape: scene.ShapeBox, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}}
	}
	sc, err := scene.New([]scene.Node{box("Parent", -1), box("Child", 0)})
	if err != nil {
		t.Fatal(err)
	}
	// 45° about z: the quaternion (cos 22.5°, 0, 0, sin 22.5°).
	c225, s225 := math.Cos(math.Pi/8), math.Sin(math.Pi/8)
	sc.Animations = []*scene.Animation{
		{Name: "stretch and turn", Channels: []scene.Channel{
			{Node: 0, Path: scene.PathScale, Interp: scene.Linear, Times: []float64{0, 2}, Values: []float64{1, 1, 1, 3, 1, 1}, Width: 3},
			{Node: 1, Path: scene.PathRotation, Interp: scene.Linear, Times: []float64{0, 2}, Values: []float64{1, 0, 0, 0, 0, 0, 0, 1}, Width: 4},
		}},
		{Name: "hold", Channels: []scene.Channel{
			{Node: 1, Path: scene.PathRotation, Interp: scene.Linear, Times: []float64{0, 1}, Values: []float64{c225, 0, 0, s225, c225, 0, 0, s225}, Width: 4},
		}},
	}
	if err := sc.CheckAnimations(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// childApart is the hand-derived mesh disagreement of turnScene's Child
// between accumulate-matrices and accumulate-trs at time t of animation
// 0. With D = diag(s, 1, 1), s = 1+t, and R the turn by θ = 90t° about z,
// matrices give Child the linear part D R and TRS (world scale s_w =
// (s, 1, 1) along Child's own axes) R D. Their difference is
//
//	D R - R D = (1-s) sin θ [[0, 1, 0], [1, 0, 0], [0, 0, 0]],
//
// so the box corner (x, y, z) moves by |s-1| |sin θ| sqrt(x² + y²) =
// t |sin(πt/2)| sqrt(½). The origins coincide (Child sits at Parent's).
func childApart(t float64) float64 {
	return t * math.Abs(math.Sin(math.Pi*t/2)) * math.Sqrt(0.5)
}

// worstTime is where childApart is largest on [0, 2]: with u = πt/2 the
// derivative of t sin u vanishes where sin u + u cos u = 0, tan u = -u,
// whose root in (π/2, π) is found by bisection (about u = 2.0288,
// t = 1.2916).
func worstTime() float64 {
	lo, hi := math.Pi/2, math.Pi
	f := func(u float64) float64 { return math.Sin(u) + u*math.Cos(u) }
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 { // f(π/2) = 1 > 0, f(π) = -π < 0
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo * 2 / math.Pi
}

// The audit over time finds Child's worst sample where the hand
// derivation puts it: within one sample (1/30 s) of t* = 1.2916 s, the
// root of tan(πt/2) = -πt/2, with the disagreement the formula gives at
// the sample found, and that sample the best of the 30-per-second grid
// (keys at 0 and 2 s fall on it). The skew and the causes are those of
// that sample's pose; the nodes given are not modified.
func TestCheckAnimationsWorstTimeByHand(t *testing.T) {
	const tol = 1e-12
	sc := turnScene(t)
	before := sc.Clone()
	rules := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}
	var c Checker
	r, err := c.CheckAnimations(sc.Nodes, sc.Animations, []int{0}, rules, DefaultTolerance, DefaultFPS)
	if err != nil {
		t.Fatal(err)
	}
	// The grid: k/30 s for k = 0..60.
	bestT, best := 0.0, -1.0
	for k := 0; k <= 60; k++ {
		tk := float64(k) / 30
		if d := childApart(tk); d > best {
			bestT, best = tk, d
		}
	}
	ts := worstTime()
	if math.Abs(ts-1.2916) > 1e-4 || math.Abs(bestT-ts) > 1.0/30 {
		t.Fatalf("hand derivation: t* = %v, best grid time %v", ts, bestT)
	}
	if len(r.Clips) != 1 || r.Clips[0] != (Clip{Index: 0, Name: "stretch and turn", Start: 0, End: 2, Samples: 61}) || r.FPS != 30 || r.Samples() != 61 || !r.Animated() {
		t.Errorf("clips %+v, fps %v", r.Clips, r.FPS)
	}
	w := r.Nodes[0]
	if w.Name != "Child" || w.At.Animation != 0 || math.Abs(w.At.Time-ts) > 1.0/30 || math.Abs(w.At.Time-bestT) > tol {
		t.Fatalf("worst %s at %+v; want Child at %v (within 1/30 of %v)", w.Name, w.At, bestT, ts)
	}
	if !w.Mesh.OK || math.Abs(w.Mesh.Distance-childApart(w.At.Time)) > tol || math.Abs(w.Mesh.Distance-best) > tol || w.Position.Distance > tol {
		t.Errorf("Child: mesh %v, position %v; want %v (the formula at %v s) and 0", w.Mesh.Distance, w.Position.Distance, best, w.At.Time)
	}
	if math.Abs(w.Mesh.Distance-childApart(ts)) > 5e-3 {
		t.Errorf("Child: %v, far from the maximum %v", w.Mesh.Distance, childApart(ts))
	}
	if w.Agrees || r.Agrees() || r.Disagreeing != 1 {
		t.Errorf("Child agrees %v, report agrees %v, %d disagreeing; want 1 disagreeing", w.Agrees, r.Agrees(), r.Disagreeing)
	}
	// Skew of D R's first two columns (s cos θ, sin θ, 0) and
	// (-s sin θ, cos θ, 0) at the worst sample.
	s, th := 1+w.At.Time, math.Pi*w.At.Time/2
	c1, c2 := mgl64.Vec3{s * math.Cos(th), math.Sin(th), 0}, mgl64.Vec3{-s * math.Sin(th), math.Cos(th), 0}
	skew := 90 - math.Acos(c1.Dot(c2)/(c1.Len()*c2.Len()))*180/math.Pi
	if !w.SkewOK || math.Abs(w.SkewDeg-skew) > 1e-9 {
		t.Errorf("Child skew %v, want %v at the worst sample", w.SkewDeg, skew)
	}
	// The cause names Parent's scale as it is at that sample.
	var found bool
	for _, k := range w.Causes {
		if k.Kind == CauseScaleAboveTurn && k.AtName == "Parent" && math.Abs(k.Scale[0]-s) < 1e-12 && k.TurnedName == "Child" && k.Shears {
			found = true
		}
	}
	if !found {
		t.Errorf("no scale-above-turn cause with Parent's scale (%v, 1, 1): %+v", s, w.Causes)
	}
	if p := byName(t, r, "Parent"); p.Mesh.Distance > tol || p.Position.Distance > tol || !p.Agrees {
		t.Errorf("Parent: %+v", p)
	}
	// The size is the box of every sampled pose: Parent's box reaches
	// x = ±(1+t)/2, widest at t = 2 (±1.5); Child's corners under D R,
	// built here with mgl64 at every sample.
	lo, hi := mgl64.Vec3{-1.5, -0.5, -0.5}, mgl64.Vec3{1.5, 0.5, 0.5}
	for k := 0; k <= 60; k++ {
		tk := float64(k) / 30
		m := mgl64.Scale3D(1+tk, 1, 1).Mul4(mgl64.HomogRotate3DZ(math.Pi * tk / 2))
		for _, p := range corners() {
			q := m.Mul4x1(p.Vec4(1)).Vec3()
			for a := range 3 {
				lo[a], hi[a] = min(lo[a], q[a]), max(hi[a], q[a])
			}
		}
	}
	if size := hi.Sub(lo).Len(); !r.SizeOK || r.SizeFrom != SizeFromMesh || math.Abs(r.Size-size) > 1e-9 {
		t.Errorf("size %v (%v, %s), want %v over every sample", r.Size, r.SizeOK, r.SizeFrom, size)
	}
	for i := range sc.Nodes {
		if !sc.Nodes[i].Equal(&before.Nodes[i]) {
			t.Errorf("node %d modified: %+v, was %+v", i, sc.Nodes[i], before.Nodes[i])
		}
	}
}

// With both animations (-anim all), the worst is still animation 0's;
// sampling "hold" after it starts from the scene as stored (Parent at
// scale 1), so it adds no disagreement: were Parent left at (3, 1, 1)
// from the end of animation 0, Child at 45° would be sqrt(½)·2·sin 45° =
// 1 apart there, more than animation 0's worst. "hold" alone agrees
// everywhere, with the one key time 0, 1 and the 30-per-second grid
// from 0 to 1: 31 samples.
func TestCheckAnimationsAllStartsFromTheStoredPose(t *testing.T) {
	sc := turnScene(t)
	rules := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}
	var c Checker
	for _, which := range [][]int{{0, 1}, {1, 0}} {
		r, err := c.CheckAnimations(sc.Nodes, sc.Animations, which, rules, DefaultTolerance, DefaultFPS)
		if err != nil {
			t.Fatal(err)
		}
		w := r.Nodes[0]
		if w.Name != "Child" || w.At.Animation != 0 || math.Abs(w.Mesh.Distance-childApart(w.At.Time)) > 1e-12 || w.Mesh.Distance > childApart(worstTime()) {
			t.Errorf("%v: worst %s %+v mesh %v", which, w.Name, w.At, w.Mesh.Distance)
		}
		if len(r.Clips) != 2 || r.Clips[0].Index != which[0] || r.Samples() != 61+31 {
			t.Errorf("%v: clips %+v", which, r.Clips)
		}
	}
	r, err := c.CheckAnimations(sc.Nodes, sc.Animations, []int{1}, rules, DefaultTolerance, DefaultFPS)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Agrees() || r.Samples() != 31 {
		t.Errorf("hold alone: agrees %v, %d samples; want agreement over 31", r.Agrees(), r.Samples())
	}
	for _, n := range r.Nodes {
		if n.Mesh.Distance > 1e-12 || n.At.Animation != 1 || n.At.Time != 0 {
			t.Errorf("hold alone: %s %+v at %+v; want no disagreement, kept from the first sample", n.Name, n.Mesh, n.At)
		}
	}
}

// After the first sample, a sample allocates nothing.
func TestSampleAllocatesNothing(t *testing.T) {
	sc := turnScene(t)
	var c Checker
	keep := make([]Node, len(sc.Nodes))
	var z sizer
	c.posable(sc.Nodes)
	a := sc.Animations[0]
	a.Apply(c.pose, 0.3)
	c.sample(modes.All, Moment{Time: 0.3}, keep, true, &z)
	tm := 0.0
	allocs := testing.AllocsPerRun(100, func() {
		tm += 0.01
		c.restore(sc.Nodes)
		a.Apply(c.pose, tm)
		c.sample(modes.All, Moment{Time: tm}, keep, false, &z)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per sample, want 0", allocs)
	}
}

// SampleTimes: the grid Start + k/fps up to End, End itself and every
// key, sorted, each once.
func TestSampleTimes(t *testing.T) {
	a := &scene.Animation{Name: "a", Channels: []scene.Channel{
		{Node: 0, Path: scene.PathTranslation, Interp: scene.Step, Times: []float64{0.5, 0.8, 2.1}, Values: make([]float64, 9), Width: 3},
		{Node: 0, Path: scene.PathScale, Interp: scene.Linear, Times: []float64{1}, Values: []float64{1, 1, 1}, Width: 3},
	}}
	got, err := SampleTimes(nil, a, 2)
	want := []float64{0.5, 0.8, 1, 1.5, 2, 2.1}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("fps 2: %v, %v; want %v", got, err, want)
	}
	// Appends after what dst holds.
	got, _ = SampleTimes([]float64{-7}, a, 1)
	if want := []float64{-7, 0.5, 0.8, 1, 1.5, 2.1}; !slices.Equal(got, want) {
		t.Errorf("fps 1 after -7: %v, want %v", got, want)
	}
	one := &scene.Animation{Channels: []scene.Channel{{Node: 0, Path: scene.PathScale, Times: []float64{3}, Values: []float64{1, 1, 1}, Width: 3}}}
	if got, err := SampleTimes(nil, one, 30); err != nil || !slices.Equal(got, []float64{3}) {
		t.Errorf("one key: %v, %v", got, err)
	}
	if got, err := SampleTimes(nil, &scene.Animation{}, 30); err != nil || !slices.Equal(got, []float64{0}) {
		t.Errorf("no channel: %v, %v", got, err)
	}
	for _, fps := range []float64{0, -1, math.NaN(), math.Inf(1), MaxFPS + 1} {
		if _, err := SampleTimes(nil, a, fps); err == nil {
			t.Errorf("fps %v accepted", fps)
		}
	}
	long := &scene.Animation{Name: "long", Channels: []scene.Channel{{Node: 0, Path: scene.PathScale, Times: []float64{0, 1e5}, Values: make([]float64, 6), Width: 3}}}
	if _, err := SampleTimes(nil, long, 30); err == nil {
		t.Error("3e6 samples accepted")
	}
	if got, err := SampleTimes(nil, long, 1); err != nil || len(got) != 100001 {
		t.Errorf("1e5 s at 1 per second: %d samples, %v; want 100001", len(got), err)
	}
}

// The writers say when: an audit over time's text has the animation's
// line, a "worst at" column and a "worst:" line naming the worst node
// and its time; its JSON carries time and animation per node, the
// animations sampled, fps, samples and worst. A static audit's output
// has none of them.
func TestWriteAnimated(t *testing.T) {
	sc := turnScene(t)
	rules := []modes.Mode{modes.AccumulateMatrices, modes.AccumulateTRS}
	var c Checker
	r, err := c.CheckAnimations(sc.Nodes, sc.Animations, []int{0}, rules, DefaultTolerance, DefaultFPS)
	if err != nil {
		t.Fatal(err)
	}
	worst := r.Nodes[0].At.Time // the grid's best, 39/30 s (TestCheckAnimationsWorstTimeByHand)
	if worst != 39.0/30 {
		t.Fatalf("worst at %v, want 1.3", worst)
	}
	f := &File{Name: "turn.gltf", GLTF: true, Scenes: []Scene{{Label: "scene 0", Report: r}}}
	var text strings.Builder
	if err := WriteText(&text, f); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		" units (the bounding box of the mesh vertices under accumulate-matrices, over every sample), tolerance ",
		"\nanimation 0 \"stretch and turn\": 0 to 2 s, 61 samples (every key time and 30 per second)\n",
		"  worst at\n",
		"  t = 1.3 s\n",
		"\nworst: Child at t = 1.3 s of animation 0 \"stretch and turn\", ",
		" (accumulate-matrices vs accumulate-trs)\n",
		", at t = 1.3 s, because of:\n",
		"the rules disagree while the animation plays; to write a copy every rule plays the same, with the error its resampled keys cost stated (docs/bake.md), run: skewlab bake turn.gltf -anim -o turn.baked.glb\n",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	if strings.Contains(text.String(), "run: skewlab bake turn.gltf -o") {
		t.Errorf("the text advises the static bake, which drops the animation:\n%s", text.String())
	}
	var js strings.Builder
	if err := WriteJSON(&js, f); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		BakeCommand *string `json:"bakeCommand"`
		Scenes      []struct {
			FPS        float64 `json:"fps"`
			Samples    int     `json:"samples"`
			Animations []Clip  `json:"animations"`
			Worst      struct {
				Node                 string   `json:"node"`
				Time                 float64  `json:"time"`
				Animation            int      `json:"animation"`
				AnimationName        string   `json:"animationName"`
				Disagreement         float64  `json:"disagreement"`
				DisagreementFraction float64  `json:"disagreementFraction"`
				Rules                []string `json:"rules"`
			} `json:"worst"`
			Nodes []struct {
				Name      string   `json:"name"`
				Time      *float64 `json:"time"`
				Animation *int     `json:"animation"`
			} `json:"nodes"`
		} `json:"scenes"`
	}
	if err := json.Unmarshal([]byte(js.String()), &doc); err != nil {
		t.Fatal(err)
	}
	s := doc.Scenes[0]
	w := s.Worst
	if s.FPS != 30 || s.Samples != 61 || len(s.Animations) != 1 || s.Animations[0].Name != "stretch and turn" || s.Animations[0].End != 2 || s.Animations[0].Samples != 61 {
		t.Errorf("scene: fps %v, samples %d, animations %+v", s.FPS, s.Samples, s.Animations)
	}
	if w.Node != "Child" || w.Time != 1.3 || w.Animation != 0 || w.AnimationName != "stretch and turn" || math.Abs(w.Disagreement-childApart(1.3)) > 1e-12 ||
		math.Abs(w.DisagreementFraction-childApart(1.3)/r.Size) > 1e-12 || !slices.Equal(w.Rules, []string{"accumulate-matrices", "accumulate-trs"}) {
		t.Errorf("worst %+v; want Child at 1.3 s, %v apart", w, childApart(1.3))
	}
	for _, n := range s.Nodes {
		if n.Time == nil || n.Animation == nil || *n.Animation != 0 || n.Name == "Child" && *n.Time != 1.3 {
			t.Errorf("node %s: time %v, animation %v", n.Name, n.Time, n.Animation)
		}
	}
	if doc.BakeCommand == nil || *doc.BakeCommand != "skewlab bake turn.gltf -anim -o turn.baked.glb" {
		t.Errorf("bakeCommand %v, want the animated bake's", doc.BakeCommand)
	}
	// Statically, none of it.
	st := Check(sc.Nodes, rules, DefaultTolerance)
	f.Scenes[0].Report = st
	text.Reset()
	js.Reset()
	if err := WriteText(&text, f); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, f); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"worst", "animation", "t = ", "sample"} {
		if strings.Contains(text.String(), bad) {
			t.Errorf("static text has %q:\n%s", bad, text.String())
		}
	}
	for _, bad := range []string{`"time"`, `"animation"`, `"animations"`, `"fps"`, `"samples"`, `"worst"`} {
		if strings.Contains(js.String(), bad) {
			t.Errorf("static JSON has %s", bad)
		}
	}
}
