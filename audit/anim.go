package audit

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"skewlab/modes"
	"skewlab/scene"
)

// The audit over time (`skewlab audit -anim`): CheckAnimations poses a
// scene by each chosen animation at a series of sample times, runs Check's
// per-node comparison at each, and keeps for every node the sample where
// the rules disagree most.

// DefaultFPS is the sampling rate of an audit over time when none is
// given: 30 samples per second of animation, on top of every key time.
const DefaultFPS = 30

// MaxFPS is the largest sampling rate an audit over time takes (samples
// per second of animation): a thousandth of a second between samples is
// finer than any frame an engine draws.
const MaxFPS = 1000

// MaxSamples is the most samples an audit over time takes over all its
// animations, key times included: each costs one Check of the scene, so
// a million are minutes on a large model. An animation longer than
// MaxSamples/fps seconds needs a lower rate.
const MaxSamples = 1_000_000

// Moment is a time in an animation: when a node's worst disagreement
// occurs in an audit over time (Node.At).
type Moment struct {
	// Animation is the index of the animation in the scene's Animations
	// (scene.Scene.Animations); -1 for the scene's static pose (Check).
	Animation int
	// Time is in seconds, the animation's own clock (glTF's sampler
	// input): before its first key the first value holds, after its last
	// the last.
	Time float64
}

// static is the Moment of every node of a static Check.
var static = Moment{Animation: -1}

// Clip is one animation an audit over time sampled.
type Clip struct {
	// Index is the animation's index in the scene's Animations, Name its
	// name ("" when the file gives none).
	Index int
	Name  string
	// Start and End are its first and last key time, in seconds
	// (scene.Animation.Start, End).
	Start, End float64
	// Samples is how many times it was sampled (SampleTimes).
	Samples int
}

// CheckFPS returns an error unless fps is a sampling rate an audit over
// time takes: above 0 and at most MaxFPS samples per second.
func CheckFPS(fps float64) error {
	if !(fps > 0 && fps <= MaxFPS) {
		return fmt.Errorf("-fps %g: want samples per second of animation above 0 and at most %d (default %d)", fps, MaxFPS, DefaultFPS)
	}
	return nil
}

// SampleTimes appends to dst the times, in seconds, at which an audit
// over time poses the scene by a: every key time of every channel
// (Animation.KeyTimes), and Start + k/fps for k = 0, 1, 2, ... up to and
// including End, sorted and without repeats. An animation without
// channels, or whose keys are all at one time, has the one sample Start.
// It is an error when fps is outside CheckFPS's range or when the
// samples would number more than MaxSamples.
func SampleTimes(dst []float64, a *scene.Animation, fps float64) ([]float64, error) {
	if err := CheckFPS(fps); err != nil {
		return dst, err
	}
	start, end := a.Start(), a.End()
	keys := a.KeyTimes()
	// span*fps is finite: key times are finite (Animation.Check) and fps
	// is at most MaxFPS; a span near the float64 range only makes it
	// large, and then too many.
	steps := (end - start) * fps
	if !(steps+float64(len(keys))+1 <= MaxSamples) {
		return dst, fmt.Errorf("animation %q runs %g s (from %g to %g): at %g samples per second that is more than the %d samples an audit takes; give a lower -fps", a.Name, end-start, start, end, fps, MaxSamples)
	}
	from := len(dst)
	for k := 0; k <= int(steps); k++ {
		t := start + float64(k)/fps
		if t > end {
			break
		}
		dst = append(dst, t)
	}
	dst = append(dst, end)
	dst = append(dst, keys...)
	own := dst[from:]
	slices.Sort(own)
	return append(dst[:from], slices.Compact(own)...), nil
}

// CheckAnimations audits nodes over time: for each animation anims[k],
// k in which (in that order), it poses a copy of nodes by the animation
// at every time SampleTimes gives (the nodes themselves are not
// modified) and compares the rules at every node as Check does. Each
// node of the report is its comparison at its worst sample, the one
// where the larger of its two disagreements is largest (an undefined one
// counts as largest; the earliest sample among equals, in the order
// sampled), and Node.At says which. The size is the diagonal of the
// bounding box of the vertices over every sample (or of the positions,
// see Report.Size), so that a fraction means the same at every sample
// and a node agrees when it agrees at every sample. The causes of a
// disagreeing node are those of its worst sample's pose. Report.Clips
// lists the animations sampled and FPS the rate.
//
// anims must have passed Animation.Check against nodes (as a scene's
// have). It is an error, before any sampling, when which is empty or
// names an index outside anims, when fps is out of range (CheckFPS) or
// when the samples of all animations together would number more than
// MaxSamples. After the first sample, each sample allocates nothing: the
// animation is applied to the Checker's copy of the nodes and Check's
// buffers are reused.
func (c *Checker) CheckAnimations(nodes []scene.Node, anims []*scene.Animation, which []int, rules []modes.Mode, tol, fps float64) (Report, error) {
	if len(rules) == 0 {
		rules = modes.All
	}
	if len(which) == 0 {
		return Report{}, errors.New("no animation to sample")
	}
	r := Report{Rules: rules, Tolerance: tol, FPS: fps}
	times := make([][]float64, len(which))
	total := 0
	for w, k := range which {
		if k < 0 || k >= len(anims) {
			return Report{}, fmt.Errorf("animation %d: the scene has %d", k, len(anims))
		}
		ts, err := SampleTimes(nil, anims[k], fps)
		if err != nil {
			return Report{}, err
		}
		if total += len(ts); total > MaxSamples {
			return Report{}, fmt.Errorf("the %d animations sampled at %g per second need more than the %d samples an audit takes; give a lower -fps, or one -anim", len(which), fps, MaxSamples)
		}
		times[w] = ts
		a := anims[k]
		r.Clips = append(r.Clips, Clip{Index: k, Name: a.Name, Start: a.Start(), End: a.End(), Samples: len(ts)})
	}
	keep := make([]Node, len(nodes))
	var z sizer
	first := true
	c.posable(nodes)
	for w, k := range which {
		c.restore(nodes)
		for _, t := range times[w] {
			anims[k].Apply(c.pose, t)
			c.sample(rules, Moment{Animation: k, Time: t}, keep, first, &z)
			first = false
		}
	}
	r.Size, r.SizeOK, r.SizeFrom = z.size()
	limit := r.Limit()
	var bad []int
	for i := range keep {
		n := &keep[i]
		n.Agrees = r.SizeOK && n.Mesh.OK && n.Position.OK && n.Mesh.Distance <= limit && n.Position.Distance <= limit
		if !n.Agrees {
			r.Disagreeing++
			bad = append(bad, i)
		}
	}
	c.whyOver(nodes, anims, rules, keep, bad)
	r.Nodes = keep
	slices.SortStableFunc(r.Nodes, worseFirst)
	return r, nil
}

// sample compares the rules at every node of c.pose, posed at moment m,
// and keeps in keep[i] node i's comparison when it is worse than the one
// kept (or when first); it adds the pose's vertices to z. It allocates
// nothing once the Checker's buffers have grown.
func (c *Checker) sample(rules []modes.Mode, m Moment, keep []Node, first bool, z *sizer) {
	ref := c.worlds(c.pose, rules)
	c.addSize(z, c.pose, ref)
	for i := range c.pose {
		c.node(c.pose, ref, i, &c.cur)
		if first || badness(c.cur.Worst()) > badness(keep[i].Worst()) {
			keep[i] = c.cur
			keep[i].At = m
		}
	}
}

// whyOver finds the causes of the disagreeing nodes bad (indices into
// keep, in scene order) at each one's worst moment, posing c.pose once
// per distinct moment, and sets keep[i].Causes.
func (c *Checker) whyOver(nodes []scene.Node, anims []*scene.Animation, rules []modes.Mode, keep []Node, bad []int) {
	if len(bad) == 0 {
		return
	}
	byMoment := slices.Clone(bad)
	slices.SortStableFunc(byMoment, func(a, b int) int {
		ma, mb := keep[a].At, keep[b].At
		if c := cmp.Compare(ma.Animation, mb.Animation); c != 0 {
			return c
		}
		return cmp.Compare(ma.Time, mb.Time)
	})
	c.why, c.span = c.why[:0], resize(c.span, len(nodes))
	for k := 0; k < len(byMoment); {
		m := keep[byMoment[k]].At
		c.restore(nodes)
		anims[m.Animation].Apply(c.pose, m.Time)
		ref := c.worlds(c.pose, rules)
		c.hierarchy(c.pose, ref)
		for ; k < len(byMoment) && keep[byMoment[k]].At == m; k++ {
			i := byMoment[k]
			start := len(c.why)
			at := i
			if keep[i].Joint >= 0 {
				at = keep[i].Joint // a skinned mesh disagrees through its joints
			}
			c.why = c.causes(c.why, c.pose, rules, at, keep[i].Worst())
			c.span[i] = [2]int32{int32(start), int32(len(c.why))}
		}
	}
	all := slices.Clone(c.why)
	for _, i := range bad {
		if s := c.span[i]; s[1] > s[0] {
			keep[i].Causes = all[s[0]:s[1]:s[1]]
		}
	}
}

// posable makes c.pose a copy of nodes that an animation can be applied
// to without touching nodes: its morph weights are the Checker's own
// (Node.Weights is a slice that a plain copy would share).
func (c *Checker) posable(nodes []scene.Node) {
	c.pose = append(c.pose[:0], nodes...)
	nw := 0
	for i := range nodes {
		nw += len(nodes[i].Weights)
	}
	c.weights = resize(c.weights, nw)
	off := 0
	for i := range c.pose {
		if w := nodes[i].Weights; w != nil {
			c.pose[i].Weights = c.weights[off : off+len(w) : off+len(w)]
			off += len(w)
		}
	}
}

// restore returns c.pose to nodes' pose: what an animation writes (local
// transforms and weights) is copied back, so that the next animation
// starts from the scene as stored. It allocates nothing.
func (c *Checker) restore(nodes []scene.Node) {
	for i := range nodes {
		c.pose[i].Local = nodes[i].Local
		copy(c.pose[i].Weights, nodes[i].Weights)
	}
}

// Animated reports a report over time (CheckAnimations).
func (r *Report) Animated() bool { return len(r.Clips) > 0 }

// ClipOf returns the clip of the animation with index k in the scene's
// Animations, and false when none was sampled.
func (r *Report) ClipOf(k int) (Clip, bool) {
	for _, c := range r.Clips {
		if c.Index == k {
			return c, true
		}
	}
	return Clip{}, false
}

// Samples returns how many times the report's animations were sampled
// in all (0 for a static Check).
func (r *Report) Samples() int {
	n := 0
	for _, c := range r.Clips {
		n += c.Samples
	}
	return n
}
