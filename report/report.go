// Package report computes what `skewlab report` prints: per mode and per
// node, the local transform and the world values the modes produce (the
// world matrix, position, skew, volume, lossy scale, polar stretch,
// whether TRS can hold it), the skew/flat/mirror classification, and the
// edits (-reparent, -fold) applied before. It writes them as text or as
// JSON (camelCase keys, schema in docs/report.md), streamed node by node so
// that memory stays bounded by the scene whatever the output size.
//
// The package is pure: it imports no display code. Conventions are the
// project's: column vectors, world = parentWorld * local, local = T*R*S,
// quaternions written (w, x, y, z), angles in degrees.
package report

import (
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
)

// Source is where the scene came from: a preset name or a scene file path
// (the other is ""), and the animation it was posed by, if any.
type Source struct {
	Preset, Scene string
	// Posed is the animation and time the scene's nodes were posed at
	// (state.State.Pose: -anim, -t); nil for the pose as stored.
	Posed *Posed
}

// Posed is an animation time a scene was evaluated at: the animation's
// index in the scene's Animations (from 0), its name ("" when it has
// none) and the time in seconds.
type Posed struct {
	Animation int
	Name      string
	Time      float64
}

// animationFields returns the JSON fields of p: nil pointers and "" for
// the pose as stored.
func (p *Posed) animationFields() (anim *int, name string, t *float64) {
	if p == nil {
		return nil, "", nil
	}
	a, tm := p.Animation, p.Time
	return &a, p.Name, &tm
}

// ModeReport is the JSON shape of one mode's report (see docs/report.md): the
// source, the mode, every node, and the edits applied before.
type ModeReport struct {
	Preset string `json:"preset,omitempty"`
	Scene  string `json:"scene,omitempty"`
	// Animation (its index from 0), AnimationName (left out when it has
	// none) and Time (seconds) are the animation and time the scene was
	// posed at (-anim, -t); all left out for the pose as stored.
	Animation     *int     `json:"animation,omitempty"`
	AnimationName string   `json:"animationName,omitempty"`
	Time          *float64 `json:"time,omitempty"`
	Mode          string   `json:"mode"`
	Note          string   `json:"note,omitempty"` // modes.RulesNote: per-node rules that do not apply
	// Notes are the scene's Notes (what its glTF file held that the
	// scene does not show); absent for presets and scene files.
	Notes []string `json:"notes,omitempty"`
	Nodes []Node   `json:"nodes"`
	Edits Edits    `json:"edits,omitzero"`
}

// Node is one node's report under one mode.
type Node struct {
	// Name is the node's name; Parent its parent's, nil for a root.
	Name   string  `json:"name"`
	Parent *string `json:"parent"`
	// Rule is the node's own rule (scene.Node.Rule), "" (left out of
	// JSON) when it follows the global mode.
	Rule  string `json:"rule,omitempty"`
	Local Local  `json:"local"`
	World World  `json:"world"`
	// Flags is the classification the text report shows (not in JSON):
	// see Flags.
	Flags string `json:"-"`
}

// Local is a node's local transform, rounded by Clean; Rotation is the
// quaternion (w, x, y, z). Shear is the node's residual shear
// (scene.Node.Shear: a glTF matrix no TRS holds), nil (left out) when
// zero.
type Local struct {
	Position [3]float64  `json:"position"`
	Rotation [4]float64  `json:"rotation"`
	Scale    [3]float64  `json:"scale"`
	Shear    *[3]float64 `json:"shear,omitempty"`
}

// World holds a node's world values, rounded by Clean; each is nil (null
// in JSON, "-" in text) when undefined (modes.Readout's ok flags), and
// Undefined then names the reasons ("overflow", "zero scale"). Matrix is
// row-major, 4 rows of 4; PolarStretch is descending.
type World struct {
	Matrix           *[4][4]float64 `json:"matrix"`
	Position         *[3]float64    `json:"position"`
	SkewDegrees      *float64       `json:"skewDegrees"`
	Volume           *float64       `json:"volume"`
	LossyScale       *[3]float64    `json:"lossyScale"`
	PolarStretch     *[3]float64    `json:"polarStretch"`
	TRSRepresentable *bool          `json:"trsRepresentable"`
	Undefined        string         `json:"undefined,omitempty"`
}

// cleanMax is the magnitude from which Clean leaves x alone: 2^53/1e12,
// where x*1e12 is already a whole number (rounding to 12 decimals is a
// no-op, and multiplying by 1e12 could overflow).
const cleanMax = 9007.199254740992

// Clean rounds to 12 decimals so that rounding noise (and -0) does not
// show in reports. Magnitudes from cleanMax (about 9007) on, which have no
// digits at 1e-12, are returned as they are (so a finite x always gives a
// finite result), as are NaN and Inf.
func Clean(x float64) float64 {
	if !(math.Abs(x) < cleanMax) {
		return x
	}
	r := math.Round(x*1e12) / 1e12
	if r == 0 {
		return 0
	}
	return r
}

func clean3(v mgl64.Vec3) [3]float64 { return [3]float64{Clean(v[0]), Clean(v[1]), Clean(v[2])} }

// Flags classifies a node's world readout for the text report's flags
// column, space-separated in this order: SKEW (skewed by more than 0.01
// degrees), FLAT (collapsed: volume zero relative to its stretch) or else
// MIRROR (negative volume), LOSSY<=0 (a lossy-scale component zero or
// of the wrong sign for an unmirrored node: skew-stripping flattens or
// turns it inside out), and "(undefined: REASONS)" when a value is undefined.
// A readout with none of these gives "".
func Flags(rd modes.Readout) string {
	var flags []string
	if rd.Skewed() {
		flags = append(flags, "SKEW")
	}
	if rd.Flat() {
		flags = append(flags, "FLAT")
	} else if rd.VolumeOK && rd.Volume < 0 {
		flags = append(flags, "MIRROR")
	}
	if rd.LossyFlipped() {
		flags = append(flags, "LOSSY<=0")
	}
	if rd.Undefined != "" {
		flags = append(flags, "(undefined: "+rd.Undefined+")")
	}
	return strings.Join(flags, " ")
}

// Reporter computes the report of one scene mode by mode, node by node.
// The accumulated rotations do not depend on the mode and are computed
// once, parents first, so a report is O(n) (modes.WorldRotations). A
// Reporter reuses its buffers from mode to mode; it is not safe for
// concurrent use.
type Reporter struct {
	sc    *scene.Scene
	rw    []mgl64.Mat3
	world []mgl64.Mat4
	ws    modes.Workspace
}

// New returns a Reporter for sc, which must not change while it is used.
func New(sc *scene.Scene) *Reporter {
	r := &Reporter{sc: sc, rw: make([]mgl64.Mat3, len(sc.Nodes)), world: make([]mgl64.Mat4, len(sc.Nodes))}
	modes.WorldRotations(sc.Nodes, r.rw)
	return r
}

// ifOK returns a pointer to v when ok and nil otherwise: an undefined
// readout value is null in JSON and "-" in text.
func ifOK[T any](ok bool, v T) *T {
	if !ok {
		return nil
	}
	return &v
}

// Compute computes the world matrices of m; Node then reports on them.
func (r *Reporter) Compute(m modes.Mode) { m.World(r.sc.Nodes, &r.ws, r.world) }

// Node returns the report of node i (0 <= i < len(sc.Nodes)) under the
// mode last given to Compute.
func (r *Reporter) Node(i int) Node {
	n := &r.sc.Nodes[i]
	rd := modes.AnalyzeWorld(r.world[i], r.rw[i])
	q := n.Local.Rotation
	nr := Node{Name: n.Name, Local: Local{
		Position: clean3(n.Local.Position),
		Rotation: [4]float64{Clean(q.W), Clean(q.V[0]), Clean(q.V[1]), Clean(q.V[2])},
		Scale:    clean3(n.Local.Scale),
	}}
	if n.Parent >= 0 {
		nr.Parent = &r.sc.Nodes[n.Parent].Name
	}
	if n.Sheared() {
		h := clean3(mgl64.Vec3(n.Shear))
		nr.Local.Shear = &h
	}
	if n.Rule != scene.RuleFollow {
		nr.Rule = n.Rule.String()
	}
	var m [4][4]float64
	for row := 0; row < 4; row++ {
		for c := 0; c < 4; c++ {
			m[row][c] = Clean(rd.World.At(row, c))
		}
	}
	w := &nr.World
	w.Matrix = ifOK(rd.WorldOK, m)
	w.Position = ifOK(rd.PositionOK, clean3(rd.Position))
	w.SkewDegrees = ifOK(rd.SkewOK, Clean(rd.SkewDeg))
	w.Volume = ifOK(rd.VolumeOK, Clean(rd.Volume))
	w.LossyScale = ifOK(rd.LossyOK, clean3(rd.LossyScale))
	w.PolarStretch = ifOK(rd.StretchOK, clean3(rd.Stretch))
	w.TRSRepresentable = ifOK(rd.RepresentableOK, rd.Representable)
	w.Undefined = rd.Undefined
	nr.Flags = Flags(rd)
	return nr
}

// String says when the scene was posed, as the text report's header
// line: `animation 0 "walk" at t = 0.5 s` (the name left out when the
// animation has none).
func (p *Posed) String() string {
	name := ""
	if p.Name != "" {
		name = " " + strconv.Quote(p.Name)
	}
	return "animation " + strconv.Itoa(p.Animation) + name + " at t = " + strconv.FormatFloat(p.Time, 'g', -1, 64) + " s"
}
