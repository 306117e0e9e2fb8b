package gltfio

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"

	"skewlab/scene"
	"skewlab/transform"
)

// The animated bake (skewlab bake -anim, BakeAnim) keeps a file's
// animations and writes a copy every rule plays the same. Its nodes fall
// in three classes:
//
//   - static: not animated (no translation, rotation or scale channel in
//     any animation) and no animated ancestor. Baked as Bake bakes every
//     node: rotation and translation with scale 1, the rest of the world
//     in the mesh, exact.
//   - kept: animated or under an animated node, but under no scale the
//     rules could pass on differently at any sampled time: the node keeps
//     its place in the hierarchy, its transform and its own keys, so it
//     plays exactly as before.
//   - flattened: under such a scale (a parent whose world under matrix
//     accumulation is not a rotation, within rigidTol, at the rest pose or
//     some sampled time; a static parent the static bake changes; a
//     flattened parent). It becomes a child of its nearest ancestor whose
//     world in the copy is a rotation at every sampled time (a static
//     node, or a kept one that stays rigid), or a root when it has none,
//     with resampled keys: its world TRS under matrix accumulation
//     relative to that ancestor (AnimBake).

// DefaultAnimFPS is BakeAnim's sampling rate when none is given: 30
// samples per second of animation besides every key time (audit -anim's
// default, audit.DefaultFPS).
const DefaultAnimFPS = 30

// MaxAnimFPS is the largest sampling rate BakeAnim takes, as audit -anim
// (audit.MaxFPS): a thousandth of a second between samples is finer than
// any frame an engine draws.
const MaxAnimFPS = 1000

// MaxAnimSamples is the most sample times BakeAnim takes over all
// animations, key times included (audit.MaxSamples): each sample is
// measured twice (at the sample and half way to the next) with every
// vertex skinned.
const MaxAnimSamples = 1_000_000

// rigidTol is how far a world linear part L may be from a rotation and
// still count as one (no scale for the rules to pass on differently):
// every entry of L^T L within rigidTol of the identity's. 2e-6 is about
// 16 float32 ulps of 1: the float32-rounded unit scales of real files
// (1 - 1.2e-7, RiggedSimple's) pass, a scale of 1.00001 does not. What
// such a rounding lets the rules differ by, about 1e-6 of a node's
// offset, is under the check's float32 allowance (bakeTolerance in
// cmd_bake.go, 1e-5 of the size).
const rigidTol = 2e-6

// ErrNoAnimation is BakeAnim's error for a file with no animation
// channel on a node to bake.
var ErrNoAnimation = errors.New("it has no animation to bake (bake without -anim writes its rest pose)")

// AnimBake is what BakeAnim adds to Baked (Baked.Anim): how the nodes
// were classed, the animations sampled, and the error the resampled keys
// carry, measured against the original under accumulate-matrices.
type AnimBake struct {
	// FPS is the sampling rate: samples per second of animation besides
	// every key time.
	FPS float64
	// Size is the model's size that every fraction here is of: the
	// diagonal of the bounding box of the world vertices under
	// accumulate-matrices (skinned, morphed, every instance) of every node
	// in a scene, at the rest pose and every sample time of every
	// animation (of the nodes' origins when no node draws a mesh; 1 when
	// that is 0), as audit -anim measures it.
	Size float64
	// Static, Kept and Flattened list the glTF indices of the original's
	// nodes in each class (see the package's notes above BakeAnim), in
	// node order.
	Static, Kept, Flattened []int
	// Parent maps each flattened node to its parent in the copy: the
	// nearest ancestor whose world in the copy is a rotation at every
	// sampled time, or -1 when it became a root (of every scene that held
	// it).
	Parent map[int]int
	// Clips are the original's animations, in file order.
	Clips []AnimClip
	// Errors lists every node whose copy moves a vertex or its origin
	// away from the original's under accumulate-matrices, worst first
	// (equal errors in node order): a flattened node's own mesh and
	// origin, and the skinned vertices of a skin with a flattened joint,
	// each vertex counted for the joint whose term moves it most.
	Errors []NodeError
	// Worst is the largest such displacement as a fraction of Size
	// (Errors[0].Fraction; 0 when Errors is empty).
	Worst float64
	// Keys counts the resampled keys written: one per sample time of
	// each translation, rotation and scale channel added.
	Keys int
	// Names are the skewlab names of the original's nodes, by glTF index
	// (as the reader names them).
	Names []string
}

// AnimClip is one animation of the original as the animated bake
// sampled it.
type AnimClip struct {
	// Index is the animation's index in the original, Copy its index in
	// the copy (-1 when the copy drops it: every channel named no node).
	Index, Copy int
	// Name is its name ("" when it has none).
	Name string
	// Start and End are its first and last key time in seconds.
	Start, End float64
	// Samples are the sample times in seconds, ascending: every key time
	// of its channels, Start + k/FPS up to End, and End, each rounded to
	// float32 (the copy's keys are at these times exactly).
	Samples []float64
	// Resampled counts the flattened nodes given keys in it: those
	// below whose new parent it animates something.
	Resampled int
}

// CheckTimes returns the times at which the bake measures and checks
// the clip: every sample time and the midpoint between each two
// consecutive ones, ascending; the midpoint of two samples one float32
// step apart (a STEP channel's jump, see BakeAnim) is left out: no
// float32 time, and so no key of the file, lies between them.
func (c AnimClip) CheckTimes() []float64 {
	out := make([]float64, 0, 2*len(c.Samples))
	for k, t := range c.Samples {
		if k > 0 && math.Nextafter32(float32(c.Samples[k-1]), float32(math.Inf(1))) != float32(t) {
			out = append(out, c.Samples[k-1]+(t-c.Samples[k-1])/2)
		}
		out = append(out, t)
	}
	return out
}

// NodeError is the largest displacement found for one node.
type NodeError struct {
	// Node is the glTF index of the node, Name its skewlab name.
	Node int
	Name string
	// Distance is the displacement in the model's units, Fraction the
	// same over AnimBake.Size.
	Distance, Fraction float64
	// Anim is the index of the animation (in the original) where it
	// occurs, -1 for the rest pose; Time the time in seconds; Between
	// reports a time half way between two samples.
	Anim    int
	Time    float64
	Between bool
	// What says what moved: "skinned vertex", "mesh vertex" or "origin".
	What string
}

// BakeAnim returns a copy of the glTF file data (name and fsys as for
// Read) whose animations every rule plays the same, with the error that
// costs measured (Baked.Anim). Nodes are classed as static, kept or
// flattened (see above); static ones bake as Bake bakes them, kept ones
// keep their transforms and keys, flattened ones get, at every sample
// time of every animation that moves them relative to their new parent
// P (AnimClip.Samples at fps samples per second), a key holding their
// world W under matrix accumulation relative to P's world in the copy,
// X = P'^-1 W, as a TRS:
//
//   - translation: X's translation (exact);
//   - rotation: the polar rotation R of X's linear part L (L = R S, S
//     symmetric: transform.Polar); where det L < 0 the rotation is R
//     times a half turn about one axis k, chosen once per node (the axis
//     of least stretch where it first mirrors, the first of equal ones),
//     so that it stays proper and axis k gets the negative scale;
//   - scale: the diagonal of R^T L.
//
// Keys are float32, LINEAR for translation and scale and LINEAR (slerp)
// for rotation, each rotation on the side of the previous one's
// hemisphere. A STEP channel between a flattened node and its new parent
// adds a sample one float32 step before each of its jumps
// (stepSamples), so the keys jump where it does. The node's own rest values are the same fit at the rest
// pose. What a TRS cannot hold, the off-diagonal part of R^T L, is lost:
// the copy's vertices move by it, and by what interpolating the keys
// differs from the original between samples. AnimBake.Errors measures
// both at every sample time and half way between samples. A skin keeps
// its vertices; each joint's inverse bind matrix becomes M_j IBM_j with
// M_j = W'_j^-1 W_j at the rest pose (the copy's rest world W'), so the
// rest pose skins to the same vertices (Bake's rule for static joints,
// the identity for kept ones). Channels of flattened nodes are replaced;
// morph weights channels, and every channel of a kept node, are kept as
// they are; a channel naming no node (an extension's target) is dropped
// with a note.
//
// Errors: fps outside (0, MaxAnimFPS]; a file whose animations have no
// channel on a node (ErrNoAnimation); more than MaxAnimSamples samples;
// a flattened node drawn by EXT_mesh_gpu_instancing (its instances would
// inherit its keys' scale); a key beyond transform.MaxMagnitude; every
// error of Bake.
func BakeAnim(name string, data []byte, fsys fs.FS, fps float64) (*Baked, error) {
	if !(fps > 0 && fps <= MaxAnimFPS) {
		return nil, fmt.Errorf("-fps %g: want samples per second of animation above 0 and at most %d (default %d)", fps, MaxAnimFPS, DefaultAnimFPS)
	}
	orig, err := Read(name, data, fsys)
	if err != nil {
		return nil, err
	}
	r := *orig.r
	r.doc = editable(&orig.r.doc)
	roots := make([][]int, len(orig.Scenes))
	for i, s := range orig.Scenes {
		roots[i] = s.Roots
	}
	b, err := r.bakeWith(&animOptions{fps: fps, sceneRoots: roots})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	b.Original = orig
	return b, nil
}

// animOptions are the animated bake's settings: the sampling rate and
// the roots of the file's scenes (File.Scenes), which say which nodes
// are drawn.
type animOptions struct {
	fps        float64
	sceneRoots [][]int
}

// animPlan is the animated bake worked out before the document is
// edited: the classes, the new parents, the keys and the joints' rest
// corrections. Slices are indexed by glTF node.
type animPlan struct {
	opt    *animOptions
	ev     *animEval
	static []bool
	flat   []bool
	// nonRigid marks nodes whose world under matrix accumulation is not a
	// rotation (rigidTol) at the rest pose or some time sampled.
	nonRigid  []bool
	newParent []int
	// staticW is a static node's world in the copy, [R | t].
	staticW []mgl64.Mat4
	// rest is a flattened node's rest TRS relative to its new parent.
	rest []transform.TRS
	// keys[a][g] are flattened node g's resampled channels in animation
	// a (nil when a moves nothing between it and its new parent).
	keys [][]*flatKeys
	// mirror is the axis a flattened node's keys give the negative scale
	// where its world mirrors (-1 until it first does).
	mirror []int
	clips  []AnimClip
	// checks[a] are clip a's CheckTimes.
	checks [][]float64
	// restM is each joint's rest correction M_j (see BakeAnim), restID
	// whether it is the identity.
	restM  []mgl64.Mat3
	restID []bool
	// zeroScales counts the flattened nodes whose rest scale was (0, 0,
	// 0), and the kept nodes whose scale was, written with x = zeroScale.
	zeroScales int
	res        *AnimBake
}

// flatKeys are a flattened node's resampled channels in one animation:
// translation, rotation (w, x, y, z) and scale keys at the clip's
// samples, float32 values as written.
type flatKeys struct {
	t, r, s scene.Channel
}

// at returns the keys' TRS at time t as a glTF player interpolates them.
func (k *flatKeys) at(t float64) transform.TRS {
	var v [4]float64
	var out transform.TRS
	k.t.Sample(t, v[:3])
	out.Position = mgl64.Vec3{v[0], v[1], v[2]}
	k.s.Sample(t, v[:3])
	out.Scale = mgl64.Vec3{v[0], v[1], v[2]}
	k.r.Sample(t, v[:])
	out.Rotation = mgl64.Quat{W: v[0], V: mgl64.Vec3{v[1], v[2], v[3]}}
	return out
}

// planAnim classes the nodes, resamples the flattened ones and measures
// the result. parent and order are the hierarchy (order parents first);
// nb and world are the static bake of every node at the rest pose.
func (r *reader) planAnim(opt *animOptions, parent, order []int, nb []nodeBake, world []mgl64.Mat4) (*animPlan, error) {
	n := len(r.doc.Nodes)
	ev, err := r.newAnimEval(parent, order)
	if err != nil {
		return nil, err
	}
	if !ev.animated() {
		return nil, ErrNoAnimation
	}
	p := &animPlan{opt: opt, ev: ev, static: make([]bool, n), flat: make([]bool, n), nonRigid: make([]bool, n),
		newParent: make([]int, n), staticW: make([]mgl64.Mat4, n), rest: make([]transform.TRS, n), mirror: make([]int, n),
		res: &AnimBake{FPS: opt.fps, Parent: map[int]int{}, Names: slices.Clone(r.names)}}
	// Sample times, per animation, within the budget.
	total := 0
	for a, fa := range r.anims {
		c := AnimClip{Index: a, Copy: -1, Name: r.doc.Animations[a].Name}
		chs := ev.channels[a]
		if len(chs) > 0 {
			ts, err := sampleTimes(chs, opt.fps, MaxAnimSamples-total)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", fa.label, err)
			}
			c.Samples = ts
			c.Start, c.End = ts[0], ts[len(ts)-1]
			total += len(ts)
		}
		p.clips = append(p.clips, c)
		p.checks = append(p.checks, c.CheckTimes())
	}
	// Classes. A node is static when no animation moves it or an
	// ancestor.
	for _, g := range order {
		p.static[g] = !ev.moved[g] && (parent[g] < 0 || p.static[parent[g]])
		if p.static[g] {
			p.staticW[g] = transform.RotMat3(nb[g].q).Mat4()
			p.staticW[g][12], p.staticW[g][13], p.staticW[g][14] = nb[g].t[0], nb[g].t[1], nb[g].t[2]
		}
		p.mirror[g] = -1
	}
	// Rigidity at the rest pose and at every time checked.
	mark := func() {
		for _, g := range order {
			if !p.nonRigid[g] && !rigid(transform.Linear(ev.world[g])) {
				p.nonRigid[g] = true
			}
		}
	}
	ev.pose(-1, 0)
	ev.worlds()
	mark()
	for a := range p.clips {
		for _, t := range p.checks[a] {
			ev.pose(a, t)
			ev.worlds()
			mark()
		}
	}
	for _, g := range order {
		q := parent[g]
		switch {
		case p.static[g] || q < 0:
		case p.static[q]:
			// The static bake leaves q rotation and translation only: its
			// children keep their meaning only where M was the identity.
			p.flat[g] = !nearRigidIdentity(nb[q].m)
		default:
			p.flat[g] = p.flat[q] || p.nonRigid[q]
		}
	}
	for _, g := range order {
		switch {
		case p.static[g]:
			p.res.Static = append(p.res.Static, g)
			continue
		case !p.flat[g]:
			p.res.Kept = append(p.res.Kept, g)
			continue
		}
		if r.inst[g] != nil {
			return nil, fmt.Errorf("%s draws its mesh by %s and must be flattened (it is under a scale the rules pass on differently while it plays); its instances would inherit its keys' scale, which the animated bake does not handle", r.nodeLabel(g), extInstancing)
		}
		np := parent[g]
		for np >= 0 && !p.static[np] && (p.flat[np] || p.nonRigid[np]) {
			np = parent[np]
		}
		p.newParent[g] = np
		p.res.Flattened = append(p.res.Flattened, g)
		p.res.Parent[g] = np
	}
	p.stepSamples()
	if err := p.resample(order); err != nil {
		return nil, err
	}
	p.restCorrections(order)
	if err := p.measure(order); err != nil {
		return nil, err
	}
	p.res.Clips = p.clips
	return p, nil
}

// rigid reports whether l is a proper rotation within rigidTol: every
// entry of l^T l within rigidTol of the identity's, and det l > 0 (a
// mirror makes the TRS rules compose differently too). A non-finite l is
// not.
func rigid(l mgl64.Mat3) bool {
	return nearRigidIdentity(l.Transpose().Mul3(l)) && l.Det() > 0
}

// nearRigidIdentity reports whether every entry of m is within rigidTol
// of the identity's.
func nearRigidIdentity(m mgl64.Mat3) bool {
	id := mgl64.Ident3()
	for k := range m {
		if !(math.Abs(m[k]-id[k]) <= rigidTol) {
			return false
		}
	}
	return true
}

// sampleTimes returns the sample times of an animation's channels at
// fps: every key time, Start + k/fps for k = 0, 1, ... up to End, and
// End, each rounded to float32, sorted and without repeats (audit's
// SampleTimes, rounded). It is an error when they would number more than
// budget.
func sampleTimes(chs []scene.Channel, fps float64, budget int) ([]float64, error) {
	start, end := math.Inf(1), math.Inf(-1)
	keys := 0
	for i := range chs {
		start = min(start, chs[i].Times[0])
		end = max(end, chs[i].Times[len(chs[i].Times)-1])
		keys += len(chs[i].Times)
	}
	steps := (end - start) * fps
	if !(steps+float64(keys)+1 <= float64(budget)) {
		return nil, fmt.Errorf("it runs %g s (from %g to %g): at %g samples per second that is more than the %d samples the bake takes; give a lower -fps", end-start, start, end, fps, MaxAnimSamples)
	}
	var ts []float64
	for k := 0; k <= int(steps); k++ {
		t := start + float64(k)/fps
		if t > end {
			break
		}
		ts = append(ts, t)
	}
	ts = append(ts, end)
	for i := range chs {
		ts = append(ts, chs[i].Times...)
	}
	for k, t := range ts {
		ts[k] = float64(float32(t))
	}
	slices.Sort(ts)
	return slices.Compact(ts), nil
}

// stepSamples adds, for every STEP channel that moves a node between a
// flattened node and its new parent, a sample just before each of its
// keys after the first: the float32 time below the key, where the
// channel still holds the value before the jump. The flattened node's
// LINEAR keys then jump within that one float32 step, as the STEP
// channel does, instead of ramping over the interval before it.
// CheckTimes leaves out the half way point of such a step: no float32
// time lies inside it.
func (p *animPlan) stepSamples() {
	inChain := map[int]bool{}
	for _, g := range p.res.Flattened {
		for k := g; k >= 0 && k != p.newParent[g]; k = p.ev.parent[k] {
			inChain[k] = true
		}
	}
	for a := range p.clips {
		ts := p.clips[a].Samples
		added := false
		for _, c := range p.ev.channels[a] {
			if c.Interp != scene.Step || c.Path == scene.PathWeights || !inChain[c.Node] {
				continue
			}
			for _, t := range c.Times[1:] {
				ts = append(ts, float64(math.Nextafter32(float32(t), float32(math.Inf(-1)))))
				added = true
			}
		}
		if added {
			slices.Sort(ts)
			p.clips[a].Samples = slices.Compact(ts)
			p.checks[a] = p.clips[a].CheckTimes()
		}
	}
}

// chainMoved reports whether animation a moves a node between flattened
// node g (included) and its new parent (excluded).
func (p *animPlan) chainMoved(a, g int) bool {
	for k := g; k >= 0 && k != p.newParent[g]; k = p.ev.parent[k] {
		if p.ev.movedBy[a][k] {
			return true
		}
	}
	return false
}

// fit returns the TRS key of a flattened node g whose world relative to
// its new parent is x: translation, the proper polar rotation (a half
// turn about g's mirror axis added where x mirrors) and the diagonal of
// R^T L.
func (p *animPlan) fit(g int, x mgl64.Mat4) transform.TRS {
	l := transform.Linear(x)
	f, _ := transform.PolarFit(l)
	out := transform.TRS{Position: mgl64.Vec3{x[12], x[13], x[14]}, Rotation: f.Rotation, Scale: f.Scale}
	if l.Det() < 0 {
		// PolarFit's Scale is -diag(S) here (L = -Q S); a half turn H_k
		// about axis k makes (Q H_k)^T L = -H_k S, whose diagonal is
		// diag(S) with axis k negative.
		k := p.mirror[g]
		if k < 0 {
			// The least stretched axis; equal stretches (to rounding,
			// 1e-9) go to the first, so that a plain mirror (-1, 1, 1)
			// keeps its x.
			k = 0
			for i := 1; i < 3; i++ {
				if -f.Scale[i] < -f.Scale[k]*(1-1e-9) {
					k = i
				}
			}
			p.mirror[g] = k
		}
		var axis mgl64.Vec3
		axis[k] = 1
		out.Rotation = transform.Normalize(f.Rotation.Mul(mgl64.Quat{V: axis}))
		for i := range 3 {
			if i != k {
				out.Scale[i] = -f.Scale[i]
			}
		}
	}
	return out
}

// resample sets every flattened node's rest values and, for every
// animation that moves something between it and its new parent, its
// keys at the clip's samples.
func (p *animPlan) resample(order []int) error {
	ev := p.ev
	cw := make([]mgl64.Mat4, len(ev.world))
	rel := func(g int) mgl64.Mat4 {
		if np := p.newParent[g]; np >= 0 {
			return cw[np].Inv().Mul4(ev.world[g])
		}
		return ev.world[g]
	}
	ev.pose(-1, 0)
	ev.worlds()
	p.copyWorlds(-1, 0, cw, false)
	for _, g := range p.res.Flattened {
		p.rest[g] = p.fit(g, rel(g))
		if p.rest[g].Scale == (mgl64.Vec3{}) {
			// glTF writers (qmuntal/gltf's too) leave a scale of [0, 0, 0]
			// out, which reads back as 1: write x as zeroScale instead.
			p.rest[g].Scale[0] = zeroScale
			p.zeroScales++
		}
		if err := checkKey(p.ev.r.nodeLabel(g), "rest values", p.rest[g]); err != nil {
			return err
		}
	}
	p.keys = make([][]*flatKeys, len(p.clips))
	for a := range p.clips {
		p.keys[a] = make([]*flatKeys, len(ev.world))
		var which []int
		for _, g := range p.res.Flattened {
			if p.chainMoved(a, g) {
				which = append(which, g)
			}
		}
		if len(which) == 0 {
			continue
		}
		ts := p.clips[a].Samples
		if p.res.Keys += 3 * len(ts) * len(which); p.res.Keys > MaxElements {
			return fmt.Errorf("the resampled keys would number more than %d; give a lower -fps", MaxElements)
		}
		p.clips[a].Resampled = len(which)
		for _, g := range which {
			k := &flatKeys{
				t: scene.Channel{Node: g, Path: scene.PathTranslation, Interp: scene.Linear, Times: ts, Width: 3, Values: make([]float64, 0, 3*len(ts))},
				r: scene.Channel{Node: g, Path: scene.PathRotation, Interp: scene.Linear, Times: ts, Width: 4, Values: make([]float64, 0, 4*len(ts))},
				s: scene.Channel{Node: g, Path: scene.PathScale, Interp: scene.Linear, Times: ts, Width: 3, Values: make([]float64, 0, 3*len(ts))},
			}
			p.keys[a][g] = k
		}
		for si, t := range ts {
			ev.pose(a, t)
			ev.worlds()
			p.copyWorlds(a, t, cw, false)
			for _, g := range which {
				key := p.fit(g, rel(g))
				if err := checkKey(p.ev.r.nodeLabel(g), "key", key); err != nil {
					return fmt.Errorf("%w (at %g s of %s)", err, t, p.ev.r.anims[a].label)
				}
				k := p.keys[a][g]
				q := key.Rotation
				if si > 0 {
					v := k.r.Values[len(k.r.Values)-4:]
					if v[0]*q.W+v[1]*q.V[0]+v[2]*q.V[1]+v[3]*q.V[2] < 0 {
						q = mgl64.Quat{W: -q.W, V: q.V.Mul(-1)}
					}
				}
				k.t.Values = append(k.t.Values, round32(key.Position[0]), round32(key.Position[1]), round32(key.Position[2]))
				k.r.Values = append(k.r.Values, round32(q.W), round32(q.V[0]), round32(q.V[1]), round32(q.V[2]))
				k.s.Values = append(k.s.Values, round32(key.Scale[0]), round32(key.Scale[1]), round32(key.Scale[2]))
			}
		}
	}
	return nil
}

// zeroScale is the x scale written for a node whose scale is (0, 0, 0)
// (a flattened node's rest scale, a kept node's own), which the glTF
// encoder would leave out (and a reader take as 1): small enough that
// the node's mesh still collapses to its origin (1e-30 of its size).
const zeroScale = 1e-30

// round32 rounds v to float32, as the copy stores it.
func round32(v float64) float64 { return float64(float32(v)) }

// checkKey refuses a key skewlab could not read back: a component that
// is not finite or beyond transform.MaxMagnitude.
func checkKey(label, what string, k transform.TRS) error {
	v := []float64{k.Position[0], k.Position[1], k.Position[2], k.Scale[0], k.Scale[1], k.Scale[2]}
	for _, x := range v {
		if !(math.Abs(x) <= transform.MaxMagnitude) {
			return fmt.Errorf("%s: its %s (translation (%g, %g, %g), scale (%g, %g, %g)) leave skewlab's limit of %g per component", label, what, v[0], v[1], v[2], v[3], v[4], v[5], transform.MaxMagnitude)
		}
	}
	return nil
}

// copyWorlds writes every node's world in the copy at time t of
// animation a (a < 0: the rest pose) into out, with the evaluator posed
// there: a static node's [R | t], a kept node's parent's times its own
// local, a flattened node's new parent's times its keys (its rest values
// where a does not move it). With flat false the flattened nodes are
// left out (their keys are being made).
func (p *animPlan) copyWorlds(a int, t float64, out []mgl64.Mat4, flat bool) {
	ev := p.ev
	for _, g := range ev.order {
		switch {
		case p.static[g]:
			out[g] = p.staticW[g]
		case p.flat[g]:
			if !flat {
				continue
			}
			trs := p.rest[g]
			if a >= 0 && p.keys[a][g] != nil {
				trs = p.keys[a][g].at(t)
			}
			w := trs.Mat4()
			if np := p.newParent[g]; np >= 0 {
				w = out[np].Mul4(w)
			}
			out[g] = w
		default:
			w := ev.localMat(g)
			if q := ev.parent[g]; q >= 0 {
				w = out[q].Mul4(w)
			}
			out[g] = w
		}
	}
}

// restCorrections sets every node's rest correction M = W'^-1 W (linear
// parts at the rest pose; W' the copy's world): Bake's M for a static
// node, the identity for a kept one, diag(1/s) R^T L for a flattened one
// (L its world, R and s its rest rotation and scale; the identity when a
// component of s is 0, noted).
func (p *animPlan) restCorrections(order []int) {
	n := len(p.ev.world)
	p.restM = make([]mgl64.Mat3, n)
	p.restID = make([]bool, n)
	p.ev.pose(-1, 0)
	p.ev.worlds()
	cw := make([]mgl64.Mat4, n)
	p.copyWorlds(-1, 0, cw, true)
	for _, g := range order {
		p.restM[g], p.restID[g] = mgl64.Ident3(), true
		if p.static[g] {
			p.restM[g] = p.staticW[g].Mat3().Transpose().Mul3(transform.Linear(p.ev.world[g]))
			p.restID[g] = nearIdentity(p.restM[g])
			continue
		}
		if !p.flat[g] {
			continue
		}
		s := p.rest[g].Scale
		if s[0] == 0 || s[1] == 0 || s[2] == 0 {
			continue
		}
		inv := mgl64.Diag3(mgl64.Vec3{1 / s[0], 1 / s[1], 1 / s[2]}).Mul3(transform.RotMat3(p.rest[g].Rotation).Transpose())
		if np := p.newParent[g]; np >= 0 {
			inv = inv.Mul3(cw[np].Mat3().Transpose())
		}
		p.restM[g] = inv.Mul3(transform.Linear(p.ev.world[g]))
		p.restID[g] = nearIdentity(p.restM[g])
	}
}

// write edits the document: the flattened nodes' rest values and
// parents (removed from their old parent's children, appended to their
// new parent's or to the roots of every scene that held them), and the
// animations (every channel of a flattened node's translation, rotation
// or scale replaced by its resampled ones; channels naming no node
// dropped; samplers nothing uses any more left out).
func (p *animPlan) write(b *baker) error {
	r := b.r
	d := &r.doc
	ev := p.ev
	for _, g := range p.res.Flattened {
		n := d.Nodes[g]
		rest := p.rest[g]
		n.Matrix = gltf.DefaultMatrix
		n.Translation = [3]float64{rest.Position[0], rest.Position[1], rest.Position[2]}
		n.Rotation = gltfRotation(rest.Rotation)
		n.Scale = [3]float64{rest.Scale[0], rest.Scale[1], rest.Scale[2]}
		if old := ev.parent[g]; old >= 0 {
			d.Nodes[old].Children = slices.DeleteFunc(d.Nodes[old].Children, func(c int) bool { return c == g })
		}
		if np := p.newParent[g]; np >= 0 {
			d.Nodes[np].Children = append(d.Nodes[np].Children, g)
			continue
		}
		root := g
		for ev.parent[root] >= 0 {
			root = ev.parent[root]
		}
		for _, s := range d.Scenes {
			if slices.Contains(s.Nodes, root) {
				s.Nodes = append(s.Nodes, g)
			}
		}
	}
	var anims []*gltf.Animation
	nodeless := 0
	for a, src := range d.Animations {
		na := &gltf.Animation{Name: src.Name, Extras: src.Extras, Extensions: src.Extensions}
		samplers := map[int]int{}
		for ci, c := range src.Channels {
			fc := r.anims[a].channels[ci]
			if fc.node < 0 {
				nodeless++
				continue
			}
			if fc.path != scene.PathWeights && p.flat[fc.node] {
				continue
			}
			si, ok := samplers[c.Sampler]
			if !ok {
				s := *src.Samplers[c.Sampler]
				si = len(na.Samplers)
				na.Samplers = append(na.Samplers, &s)
				samplers[c.Sampler] = si
			}
			nc := *c
			nc.Sampler = si
			na.Channels = append(na.Channels, &nc)
		}
		if p.clips[a].Resampled > 0 {
			input := b.addFloats(p.clips[a].Samples, gltf.AccessorScalar, true)
			d.BufferViews[*d.Accessors[input].BufferView].Target = 0
			for _, g := range p.res.Flattened {
				k := p.keys[a][g]
				if k == nil {
					continue
				}
				// glTF stores rotations (x, y, z, w).
				rv := make([]float64, len(k.r.Values))
				for e := 0; e < len(rv); e += 4 {
					rv[e], rv[e+1], rv[e+2], rv[e+3] = k.r.Values[e+1], k.r.Values[e+2], k.r.Values[e+3], k.r.Values[e]
				}
				for _, ch := range []struct {
					path gltf.TRSProperty
					v    []float64
					typ  gltf.AccessorType
				}{{gltf.TRSTranslation, k.t.Values, gltf.AccessorVec3}, {gltf.TRSRotation, rv, gltf.AccessorVec4}, {gltf.TRSScale, k.s.Values, gltf.AccessorVec3}} {
					out := b.addFloats(ch.v, ch.typ, false)
					d.BufferViews[*d.Accessors[out].BufferView].Target = 0
					node := g
					na.Samplers = append(na.Samplers, &gltf.AnimationSampler{Input: input, Interpolation: gltf.InterpolationLinear, Output: out})
					na.Channels = append(na.Channels, &gltf.AnimationChannel{Sampler: len(na.Samplers) - 1, Target: gltf.AnimationChannelTarget{Node: &node, Path: ch.path}})
				}
			}
		}
		if len(na.Channels) == 0 {
			continue
		}
		p.clips[a].Copy = len(anims)
		anims = append(anims, na)
	}
	d.Animations = anims
	// A kept node keeps its transform: the same goes for its zero scale.
	for _, g := range p.res.Kept {
		if n := d.Nodes[g]; !ev.isMatrix[g] && n.Scale == [3]float64{} {
			n.Scale[0] = zeroScale
			p.zeroScales++
		}
	}
	if p.zeroScales > 0 {
		b.note(fmt.Sprintf("%d node(s) with a scale of (0, 0, 0) written as (%g, 0, 0): glTF writers leave a zero scale out, which reads back as 1", p.zeroScales, zeroScale))
	}
	if nodeless > 0 {
		b.note(fmt.Sprintf("%d animation channel(s) naming no node (an extension's target, which skewlab does not read) dropped", nodeless))
	}
	if dropped := len(p.clips) - len(anims); dropped > 0 {
		b.note(fmt.Sprintf("%d animation(s) left with no channel dropped", dropped))
	}
	return nil
}
