package piston

import (
	"math"
	"strconv"

	"skewlab/scene"
	"skewlab/state"
)

// The timeline: the piston lab plays one of its scene's animations
// (scene.Animation) through Player. Every Recompute draws the scene posed
// at the player's time: the nodes the picture, the ghost, the split and
// the wall's panes are computed from (Model.Nodes) are the edited scene's
// nodes with the animation applied over them, so all of them move in
// step; the sliders (Edits) keep the pose without animation, which
// animated properties override while the animation is shown.

// FrameRate is the timeline's frame rate in frames per second: a frame
// step (StepFrames, the , and . keys) moves 1/FrameRate seconds, and the
// frame readout counts frames of that length from time 0. glTF keys
// carry no frame rate of their own; 30 is the rate audit -anim samples at
// by default, so a frame the timeline steps to is one the audit checks.
const FrameRate = 30

// Playback speeds, as factors of real time: Player.Speed stays within
// MinSpeed..MaxSpeed.
const (
	MinSpeed = 0.25
	MaxSpeed = 2.0
)

// frameEps is how close (in frames) a time must be to a frame's start to
// count as on it: times reached by adding 1/FrameRate steps carry
// rounding of about 1e-15 s.
const frameEps = 1e-6

// Player is the piston lab's timeline: which of the scene's animations is
// shown, at which time, and whether and how it plays. Windows and keys
// change it through the Model's methods (SetAnimation, SetPlaying,
// TogglePlaying, StepFrames, Scrub, SetSpeed, Tick), which keep Time
// within the animation's keys and Speed within MinSpeed..MaxSpeed.
type Player struct {
	// Anim is the index in the scene's Animations of the animation shown;
	// -1 when the scene has none (then there is no timeline and the
	// scene is drawn as stored, as before animations existed).
	Anim int
	// Time is the animation time shown, in seconds, within the
	// animation's first and last key times (scene.Animation.Start, End).
	Time float64
	// Playing: Tick advances Time.
	Playing bool
	// Speed is the factor of real time Tick plays at (MinSpeed to
	// MaxSpeed; 1 is real time).
	Speed float64
	// Loop: playing past the last key wraps to the first; off, playing
	// stops there.
	Loop bool

	asked    asked            // the timeline settings the model was made with, for files opened later
	weights  [][]float64      // per node, the posed copy's morph weights (see pose)
	frames   []float64        // frameTimes of framesOf
	framesOf *scene.Animation // the animation frames was made for
}

// asked is what the state the model was made with asks of the timeline
// (-anim, -t, -play; the URL's anim=, t=, play=1): startPlayer applies it
// to the first scene, Open to every file opened later, as the mode
// setting applies to them (state.OpenMode).
type asked struct {
	anim      string
	time      float64
	timeGiven bool
	play      bool
}

// Animation returns the animation the timeline shows, nil when the scene
// has none.
func (m *Model) Animation() *scene.Animation {
	if m.Scene == nil {
		return nil
	}
	if i := m.Player.Anim; i >= 0 && i < len(m.Scene.Animations) {
		return m.Scene.Animations[i]
	}
	return nil
}

// Timeline reports whether the scene has an animation to show: the
// timeline is shown and Space plays and pauses it.
func (m *Model) Timeline() bool { return m.Animation() != nil }

// Span returns the times of the shown animation's first and last keys
// (seconds); both 0 without an animation.
func (m *Model) Span() (start, end float64) {
	a := m.Animation()
	if a == nil {
		return 0, 0
	}
	return a.Start(), a.End()
}

// Frame returns the frame (of 1/FrameRate seconds, counted from time 0)
// that the time t lies in: floor(t * FrameRate), a time within frameEps
// frames below a frame's start counting as on it. A time that is not
// finite gives 0.
func Frame(t float64) int {
	f := math.Floor(t*FrameRate + frameEps)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int(f)
}

// resetPlayer shows animation 0 of the scene just loaded, paused at its
// first key, or no timeline for a scene without animations. Speed and
// Loop stay as they are.
func (m *Model) resetPlayer() {
	p := &m.Player
	p.Anim, p.Time, p.Playing = -1, 0, false
	if m.Scene != nil && len(m.Scene.Animations) > 0 {
		p.Anim = 0
		p.Time = m.Scene.Animations[0].Start()
	}
}

// startPlayer sets the timeline from st (-anim, -t, -play; the URL's
// anim=, t=, play=1): the animation st names (state.ChooseAnimation;
// animation 0 when only a time or play is given) at st's time, clamped
// to its keys (before the first key the pose is the first key's, after
// the last the last's, so the picture is the one state.State.Pose
// draws), playing when st says so. A time or play without -anim on a
// scene without animations asks for nothing (its pose is the same at
// every time, as for the commands' -t). It returns ChooseAnimation's
// error when st names an animation the scene does not have; the
// timeline is then unchanged. The settings are kept for files opened
// later (Open, openedTimeline).
func (m *Model) startPlayer(st state.State) error {
	m.Player.asked = asked{anim: st.Anim, time: st.Time, timeGiven: st.TimeGiven, play: st.Play}
	if !st.Animated() || st.Anim == "" && len(m.Scene.Animations) == 0 {
		return nil
	}
	i, err := state.ChooseAnimation(m.Scene, st.Anim)
	if err != nil {
		return err
	}
	m.SetAnimation(i)
	if st.TimeGiven {
		m.Scrub(st.Time)
	}
	m.SetPlaying(st.Play)
	return nil
}

// openedTimeline applies the model's timeline settings (startPlayer) to a
// file just opened, which Load showed paused at its first animation's
// first key: the animation asked for when the file has it (else its
// first), the time asked for, and playback when asked.
func (m *Model) openedTimeline() {
	a := m.Player.asked
	if !m.Timeline() {
		return
	}
	if a.anim != "" {
		if i, err := state.ChooseAnimation(m.Scene, a.anim); err == nil {
			m.SetAnimation(i)
		}
	}
	if a.timeGiven {
		m.Scrub(a.time)
	}
	m.SetPlaying(a.play)
}

// SetAnimation shows the scene's animation i at its first key, keeping
// whether it plays (a single-key animation cannot: see SetPlaying). It
// reports false, changing nothing, for an index outside the scene's
// animations.
func (m *Model) SetAnimation(i int) bool {
	if m.Scene == nil || i < 0 || i >= len(m.Scene.Animations) {
		return false
	}
	p := &m.Player
	p.Anim = i
	p.Time = m.Scene.Animations[i].Start()
	m.SetPlaying(p.Playing)
	m.Touch()
	return true
}

// SetPlaying starts (on) or stops playback. An animation whose last key
// is not after its first (a single pose) does not play, and without an
// animation nothing plays. Starting at the last key with Loop off starts
// again from the first.
func (m *Model) SetPlaying(on bool) {
	p := &m.Player
	start, end := m.Span()
	if !m.Timeline() || !(end > start) {
		on = false
	}
	if on && !p.Playing && !p.Loop && p.Time >= end {
		p.Time = start
	}
	p.Playing = on
	m.Touch()
}

// TogglePlaying plays when paused and pauses when playing (SetPlaying):
// the Space key and the Play button.
func (m *Model) TogglePlaying() { m.SetPlaying(!m.Player.Playing) }

// SetSpeed sets the playback speed to s, clamped to MinSpeed..MaxSpeed
// (a value that is not a number gives 1).
func (m *Model) SetSpeed(s float64) {
	if math.IsNaN(s) {
		s = 1
	}
	m.Player.Speed = max(MinSpeed, min(MaxSpeed, s))
}

// speed is Speed within its limits (the zero value counts as 1).
func (p *Player) speed() float64 {
	if p.Speed == 0 || math.IsNaN(p.Speed) {
		return 1
	}
	return max(MinSpeed, min(MaxSpeed, p.Speed))
}

// Scrub shows time t (seconds) of the animation, clamped to its keys,
// without changing whether it plays: the time slider. A t that is not a
// number changes nothing.
func (m *Model) Scrub(t float64) {
	if !m.Timeline() || math.IsNaN(t) {
		return
	}
	start, end := m.Span()
	m.Player.Time = max(start, min(end, t))
	m.Touch()
}

// StepFrames pauses and moves n frames (of 1/FrameRate seconds) forward,
// or back for a negative n, from one frame's start to another's: from a
// time inside a frame, one step forward goes to the next frame's start
// and one step back to its own frame's start. The result is clamped to the
// animation's keys, so the last step forward lands on the last key.
func (m *Model) StepFrames(n int) {
	if !m.Timeline() || n == 0 {
		return
	}
	p := &m.Player
	p.Playing = false
	x := p.Time * FrameRate
	var f float64
	if n > 0 {
		f = math.Floor(x+frameEps) + float64(n)
	} else {
		f = math.Ceil(x-frameEps) + float64(n)
	}
	start, end := m.Span()
	p.Time = max(start, min(end, f/FrameRate))
	m.Touch()
}

// Tick advances a playing timeline by dt seconds of real time, dt*Speed
// of animation time, and reports whether it did (the picture then needs a
// Recompute). Past the last key it wraps to the first key when Loop is
// on (start + (t - start) mod (end - start)), else it stops on the last
// key and pauses. A paused timeline, and a dt that is not a positive
// finite number, change nothing. Tick first moves a follow re-frame's
// glide one tick on (follow.go); it allocates nothing.
func (m *Model) Tick(dt float64) bool {
	m.tickGlide()
	p := &m.Player
	if !p.Playing || !(dt > 0) || math.IsInf(dt, 0) {
		return false
	}
	start, end := m.Span()
	if !m.Timeline() || !(end > start) {
		p.Playing = false
		return false
	}
	t := p.Time + dt*p.speed()
	if t >= end {
		if p.Loop {
			t = start + math.Mod(t-start, end-start)
		} else {
			t, p.Playing = end, false
		}
	}
	p.Time = max(start, t)
	m.Touch()
	return true
}

// pose applies the shown animation at time t to m.nodes, the
// copy of the edited scene's nodes the picture is computed from: the
// copy starts from the pose without animation at every Recompute (the
// locals come from the edited scene; morph weights are copied into the
// player's own buffers, so the scene's stay as loaded), then
// scene.Animation.Apply writes the animated properties. It allocates
// nothing once the buffers have grown to the scene.
func (m *Model) pose(t float64) {
	a := m.Animation()
	if a == nil {
		return
	}
	p := &m.Player
	if len(p.weights) < len(m.nodes) {
		p.weights = append(p.weights, make([][]float64, len(m.nodes)-len(p.weights))...)
	}
	for i := range m.nodes {
		w := m.nodes[i].Weights
		if w == nil {
			continue
		}
		buf := p.weights[i]
		if cap(buf) < len(w) {
			buf = make([]float64, len(w))
		}
		buf = buf[:len(w)]
		copy(buf, w)
		p.weights[i] = buf
		m.nodes[i].Weights = buf
	}
	a.Apply(m.nodes, t)
}

// frameSamples is at most how many times of the shown animation the
// framing measures (frameTimes).
const frameSamples = 64

// frameTimes returns the times of the shown animation at which the
// framing measures the meshes, so that the camera holds the animation
// whole and not only the pose shown: every key time and the middle of
// every interval between keys (where a turn bulges past its keys'
// poses), or frameSamples times evenly spaced from the first key to the
// last when there are more. Made once per animation; nil without one.
func (m *Model) frameTimes() []float64 {
	a := m.Animation()
	p := &m.Player
	if a == nil {
		return nil
	}
	if p.framesOf == a {
		return p.frames
	}
	keys := a.KeyTimes()
	ts := make([]float64, 0, min(2*len(keys), frameSamples))
	if 2*len(keys)-1 <= frameSamples {
		for i, k := range keys {
			if i > 0 {
				ts = append(ts, (keys[i-1]+k)/2)
			}
			ts = append(ts, k)
		}
	} else {
		start, end := keys[0], keys[len(keys)-1]
		for i := 0; i < frameSamples; i++ {
			ts = append(ts, start+(end-start)*float64(i)/float64(frameSamples-1))
		}
	}
	p.frames, p.framesOf = ts, a
	return ts
}

// shareTimeline writes the timeline's part of a Share link into st: the
// animation shown when it is not the first (anim=N, its index), and
// either play=1 while it plays or the time shown (t=, rounded to 1e-6 s,
// within 0..state.MaxTime) while it is paused. A scene a link cannot
// carry (a dropped file) or one without animations writes none of them.
func (m *Model) shareTimeline(st *state.State) {
	st.Anim, st.Time, st.TimeGiven, st.Play = "", 0, false, false
	if !m.Timeline() || (m.File != nil && m.File.Path == "") {
		return
	}
	p := &m.Player
	if p.Anim != 0 {
		st.Anim = strconv.Itoa(p.Anim)
	}
	if p.Playing {
		st.Play = true
		return
	}
	st.Time, st.TimeGiven = max(0, min(state.MaxTime, shareRound(p.Time))), true
}
