// Package compare computes what `skewlab compare` prints and the piston
// lab's Rules window shows: one row per accumulation rule for one chosen
// node of a scene (its skew, volume, volume change and position distance
// against accumulate-matrices, lossy scale, polar stretch, whether TRS can
// hold it, and the engines that use the rule), and writes the rows as
// aligned text, a GitHub Markdown table (for slides), CSV or JSON.
//
// The package is pure: it imports no display code. Conventions are the
// project's: column vectors, world = parentWorld * local, local = T*R*S,
// angles in degrees. An undefined value (a modes.Readout ok flag false,
// such as maya-ssc under a zero parent scale) is nil in a Row: "-" in
// text, Markdown and CSV, null in JSON; no NaN or Inf is ever written.
package compare

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/report"
	"skewlab/scene"
)

// Scope says which nodes an engine rule's row applies the rule to. A
// seed mode's row always applies the mode to the whole hierarchy.
type Scope int

const (
	// ScopeNode applies an engine rule to the chosen node only: every
	// other node stays as the scene sets it (its own rule, or
	// accumulate-matrices), as a rigger sets Inherit Scale on one bone.
	ScopeNode Scope = iota
	// ScopeAll makes the rule the global mode of every node, with the
	// scene's per-node rules cleared.
	ScopeAll
)

// ScopeNames are the scopes' names, indexed by Scope: the spelling of
// -scope and of the JSON's "scope" (modes.ScopeNames, shared with the
// comparison wall).
var ScopeNames = modes.ScopeNames

// String returns the scope's name, or "scope(N)" outside the enumeration.
func (s Scope) String() string {
	if s >= 0 && int(s) < len(ScopeNames) {
		return ScopeNames[s]
	}
	return fmt.Sprintf("scope(%d)", int(s))
}

// ParseScope returns the scope called name, or an error listing the valid
// names.
func ParseScope(name string) (Scope, error) {
	all, err := modes.ParseScope(name)
	if all {
		return ScopeAll, err
	}
	return ScopeNode, err
}

// ParseRules returns the modes that spec names: "all" (every mode, in
// modes.All order: the seed modes, then the engine rules) or a comma
// separated list of mode names, kept in the order given. An empty item,
// an unknown name or a name given twice is an error naming it.
func ParseRules(spec string) ([]modes.Mode, error) {
	if spec == "all" {
		return append([]modes.Mode(nil), modes.All...), nil
	}
	var out []modes.Mode
	for _, name := range strings.Split(spec, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, fmt.Errorf("rules %q: an empty rule name (want all, or names separated by commas)", spec)
		}
		m, err := modes.ByName(name)
		if err != nil {
			return nil, fmt.Errorf("rules: %v, or all", err)
		}
		for _, o := range out {
			if o.Name == name {
				return nil, fmt.Errorf("rules: %q is listed twice", name)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// Row is one rule's row for the chosen node. Each value is nil when
// undefined (null in JSON, "-" in the other formats); Undefined then names
// the reasons (modes.Readout.Undefined). Numbers are rounded by
// report.Clean (12 decimals), so rounding noise and -0 do not show.
type Row struct {
	// Mode is the rule's mode name, exactly as -mode spells it.
	Mode string `json:"mode"`
	// Seed reports a seed mode (applied to the whole hierarchy) as
	// opposed to an engine rule (applied as the scope says).
	Seed bool `json:"seed"`
	// SkewDegrees is the largest departure from 90 degrees between two
	// columns of the node's world linear part.
	SkewDegrees *float64 `json:"skewDegrees"`
	// Volume is the determinant of the world linear part.
	Volume *float64 `json:"volume"`
	// VolumeChangePercent is 100 * (Volume - V) / |V|, V the node's volume
	// under accumulate-matrices; nil when either is undefined or the
	// accumulate-matrices node is flat (modes.Readout.Flat).
	VolumeChangePercent *float64 `json:"volumeChangePercent"`
	// LossyScale is diag(R_w^T L) (Unity's lossyScale).
	LossyScale *[3]float64 `json:"lossyScale"`
	// PolarStretch is the polar decomposition's stretch, descending.
	PolarStretch *[3]float64 `json:"polarStretch"`
	// PositionDistance is the distance between the node's world position
	// under this rule and under accumulate-matrices.
	PositionDistance *float64 `json:"positionDistance"`
	// TRSRepresentable reports columns mutually orthogonal: a TRS can hold
	// the world matrix.
	TRSRepresentable *bool `json:"trsRepresentable"`
	// Engines names the engines whose rule this is (modes.EngineNames);
	// empty, never null, for a rule no engine uses.
	Engines []string `json:"engines"`
	// Undefined names the reasons some value is nil, or is "".
	Undefined string `json:"undefined,omitempty"`
}

// Table is the comparison of one node: where the scene came from, the
// node, the scope and one Row per rule, in the order asked.
type Table struct {
	Preset string `json:"preset,omitempty"`
	Scene  string `json:"scene,omitempty"`
	// Animation (its index from 0), AnimationName ("" when it has
	// none, then left out) and Time (seconds) are the animation and time
	// the scene was posed at (compare -anim, -t); nil and left out for
	// the pose as stored.
	Animation     *int     `json:"animation,omitempty"`
	AnimationName string   `json:"animationName,omitempty"`
	Time          *float64 `json:"time,omitempty"`
	Node          string   `json:"node"`
	Scope         string   `json:"scope"`
	Rows          []Row    `json:"rows"`
}

// Compute returns the table rows of node (an index into nodes, which
// must be parents first as in a scene.Scene) for each mode of list, in
// order, under scope. A node out of range gives no rows. It allocates per
// call; it is meant for a command or for a window that recomputes only
// when its input changes.
func Compute(nodes []scene.Node, node int, list []modes.Mode, scope Scope) []Row {
	if node < 0 || node >= len(nodes) {
		return nil
	}
	world := make([]mgl64.Mat4, len(nodes))
	var ws modes.Workspace
	rw := modes.WorldRotation(nodes, node) // rules change no rotation
	modes.AccumulateMatrices.World(nodes, &ws, world)
	ref := modes.AnalyzeWorld(world[node], rw)
	var buf []scene.Node
	rows := make([]Row, 0, len(list))
	for _, m := range list {
		ns, g := modes.Scoped(buf, nodes, m, node, scope == ScopeAll) // the wall's semantics
		buf = ns                                                      // the copy, reused by the next mode
		g.World(ns, &ws, world)
		rows = append(rows, row(m, modes.AnalyzeWorld(world[node], rw), ref))
	}
	return rows
}

// row makes the Row of mode m from the node's readout rd and its
// accumulate-matrices readout ref.
func row(m modes.Mode, rd, ref modes.Readout) Row {
	r := Row{Mode: m.Name, Seed: m.Seed(), Engines: modes.EngineNames(m.Name), Undefined: rd.Undefined}
	if r.Engines == nil {
		r.Engines = []string{}
	}
	r.SkewDegrees = ifOK(rd.SkewOK, rd.SkewDeg)
	r.Volume = ifOK(rd.VolumeOK, rd.Volume)
	if rd.VolumeOK && ref.VolumeOK && !ref.Flat() {
		r.VolumeChangePercent = ifOK(true, 100*(rd.Volume-ref.Volume)/math.Abs(ref.Volume))
	}
	r.LossyScale = ifOK3(rd.LossyOK, rd.LossyScale)
	r.PolarStretch = ifOK3(rd.StretchOK, rd.Stretch)
	if rd.PositionOK && ref.PositionOK {
		r.PositionDistance = ifOK(true, rd.Position.Sub(ref.Position).Len())
	}
	if rd.RepresentableOK {
		b := rd.Representable
		r.TRSRepresentable = &b
	}
	return r
}

// ifOK returns a pointer to report.Clean(x) when ok and x is finite, nil
// otherwise.
func ifOK(ok bool, x float64) *float64 {
	if !ok || math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	c := report.Clean(x)
	return &c
}

// ifOK3 is ifOK for a vector: nil unless ok and every component finite.
func ifOK3(ok bool, v mgl64.Vec3) *[3]float64 {
	var out [3]float64
	for k := range v {
		p := ifOK(ok, v[k])
		if p == nil {
			return nil
		}
		out[k] = *p
	}
	return &out
}
