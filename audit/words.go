package audit

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
)

// The audit's sentences for a technical artist: the engines beside the
// rules, why a node disagrees, and what to run about it.

// enginesShown is how many engines EngineLabel names before the rule.
const enginesShown = 2

// EngineLabel returns a rule with the engines that use it in front, in
// short (modes.EngineShortNames, at most two): "Unity, Godot
// (accumulate-matrices)", "Unreal, FBX RrSs (accumulate-trs)"; the bare
// name for a rule no engine uses.
func EngineLabel(rule string) string {
	e := modes.EngineShortNames(rule)
	if len(e) == 0 {
		return rule
	}
	return strings.Join(e[:min(len(e), enginesShown)], ", ") + " (" + rule + ")"
}

// PairText returns the two rules of d with their engines, "Unity, Godot
// (accumulate-matrices) vs Unreal (accumulate-trs)", or "" when d has no
// pair (Report.pairNames).
func (r *Report) PairText(d Disagreement) string {
	p := r.pairNames(d)
	if p == nil {
		return ""
	}
	return EngineLabel(p[0]) + " vs " + EngineLabel(p[1])
}

// possessive returns "Hips'" for Hips and "Spine's" for Spine.
func possessive(name string) string {
	if strings.HasSuffix(name, "s") || strings.HasSuffix(name, "S") {
		return name + "'"
	}
	return name + "'s"
}

// vecText formats v as "(1, 2.5, 1)", 4 significant digits each.
func vecText(v mgl64.Vec3) string {
	return "(" + g4(v[0]) + ", " + g4(v[1]) + ", " + g4(v[2]) + ")"
}

// turnText says how node t of c is turned: "Spine turned 35° about z",
// "Tail turned -90° about y", "Arm turned 40° about (0.577, 0.577,
// 0.577)".
func turnText(c *Cause) string {
	deg, axis := c.TurnDeg, c.Axis
	about := "(" + strconv.FormatFloat(axis[0], 'g', 3, 64) + ", " + strconv.FormatFloat(axis[1], 'g', 3, 64) + ", " + strconv.FormatFloat(axis[2], 'g', 3, 64) + ")"
	for k, name := range []string{"x", "y", "z"} {
		var e mgl64.Vec3
		e[k] = 1
		switch {
		case axis.Sub(e).Len() <= 1e-9:
			about = name
		case axis.Add(e).Len() <= 1e-9:
			about, deg = name, -deg
		}
	}
	return c.TurnedName + " turned " + g4(deg) + "° about " + about
}

// ruleList returns "a", "a and b" or "a, b and c".
func ruleList(ms []modes.Mode) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// scaleAboveTurnText is "Hips' scale (1, 2.5, 1) above Spine turned 35°
// about z".
func scaleAboveTurnText(c *Cause, scaled string) string {
	return possessive(scaled) + " scale " + vecText(c.Scale) + " above " + turnText(c)
}

// CauseText returns cause c of node n as a phrase: its kind in words,
// then the nodes, scales and turns it names, and the rules of r it
// concerns where the kind concerns only some, for example "a sheared
// parent: Spine, sheared by Hips' scale (1, 2.5, 1) above Spine turned
// 35° about z". Angles are in degrees, numbers to 4 significant digits.
func (r *Report) CauseText(n *Node, c *Cause) string {
	switch c.Kind {
	case CauseOwnShear:
		return "its own matrix is sheared: no TRS holds it, and only the matrix rules keep the shear"
	case CauseShearedParent:
		s := "a sheared ancestor: "
		if c.Parent {
			s = "a sheared parent: "
		}
		s += c.AtName
		switch c.Origin {
		case CauseOwnShear:
			if c.OriginAt == c.At {
				return s + ", sheared by its own matrix"
			}
			return s + ", sheared by " + possessive(c.OriginName) + " own matrix"
		case CauseScaleAboveTurn:
			return s + ", sheared by " + scaleAboveTurnText(c, c.OriginName)
		}
		return s
	case CauseScaleAboveTurn:
		s := "a non-uniform scale above a turned child: "
		if c.Mirror {
			s = "a mirrored ancestor above a turned child: "
		}
		s += scaleAboveTurnText(c, c.AtName)
		if c.Shears {
			return s + ", which shears " + c.TurnedName
		}
		var trs []modes.Mode
		for _, m := range r.Affected(c) {
			if m.Name == modes.AccumulateTRS.Name || m.Name == modes.BlenderAligned.Name {
				trs = append(trs, m)
			}
		}
		if len(trs) == 0 {
			return s + " (no shear)"
		}
		return s + " (no shear, but " + ruleList(trs) + verb(len(trs), " puts", " put") + " that scale along " + possessive(c.TurnedName) + " own axes)"
	case CauseZeroScale:
		return "a zero scale above: " + possessive(c.AtName) + " scale " + vecText(c.Scale) + " flattens everything under it, and the rules rebuild the flat axis differently"
	case CauseNonUniform, CauseScale:
		return r.scaleText(n, c, nil)
	case CauseRule:
		who := possessive(c.AtName) + " own rule "
		if c.At == n.Index {
			who = "its own rule "
		}
		return "a per-node rule: " + who + c.Rule + ", which accumulate-matrices keeps and every other rule replaces with itself"
	}
	return c.Kind
}

// scaleText is the phrase of a non-uniform-scale or scale cause, and of
// both at once when also is the other of the two at the same ancestor:
// "a non-uniform scale above: Hips' scale (1, 2.5, 1), which
// uniform-inner-scale and blender-average pass on only as its average,
// and blender-none, blender-none-legacy and maya-ssc not at all".
func (r *Report) scaleText(n *Node, c, also *Cause) string {
	nu, sc := c, also
	if c.Kind == CauseScale {
		nu, sc = also, c
	}
	var s string
	switch {
	case nu != nil && nu.Mirror:
		s = "a mirrored ancestor: "
	case nu != nil:
		s = "a non-uniform scale above: "
	default:
		s = "a scale above: "
	}
	s += possessive(c.AtName) + " scale " + vecText(c.Scale)
	if nu != nil {
		a := r.Affected(nu)
		s += ", which " + ruleList(a) + verb(len(a), " passes", " pass") + " on only as its average"
		if sc != nil {
			s += ", and " + ruleList(r.Affected(sc)) + " not at all"
		}
		return s
	}
	a := r.Affected(sc)
	return s + ", which " + ruleList(a) + verb(len(a), " does", " do") + " not pass on"
}

// verb returns one for a subject of n == 1, many otherwise.
func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// causeTexts returns node n's causes as phrases, a non-uniform-scale and
// a scale cause of one ancestor joined in one.
func (r *Report) causeTexts(n *Node) []string {
	var out []string
	used := make([]bool, len(n.Causes))
	for i := range n.Causes {
		if used[i] {
			continue
		}
		c := &n.Causes[i]
		if c.Kind == CauseNonUniform || c.Kind == CauseScale {
			var also *Cause
			for j := i + 1; j < len(n.Causes); j++ {
				d := &n.Causes[j]
				if !used[j] && d.At == c.At && d.Kind != c.Kind && (d.Kind == CauseNonUniform || d.Kind == CauseScale) {
					also, used[j] = d, true
					break
				}
			}
			out = append(out, r.scaleText(n, c, also))
			continue
		}
		out = append(out, r.CauseText(n, c))
	}
	return out
}

// ShellQuote returns s as one word for a POSIX shell: as is when it is
// made only of letters, digits and _ - . / + , : @ % = and does not
// start with = (zsh expands =word), else in single quotes with every '
// written '\”. The empty string is ”.
func ShellQuote(s string) string {
	if s == "" {
		return "''"
	}
	plain := true
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./+,:@%=", r)) {
			plain = false
			break
		}
	}
	if plain && s[0] != '=' {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// BakeName returns the name of the baked copy of the glTF file path:
// beside it, its name without .gltf or .glb (any case) and with
// .baked.glb: rig.gltf gives rig.baked.glb.
func BakeName(path string) string {
	base := path
	if ext := filepath.Ext(path); strings.EqualFold(ext, ".gltf") || strings.EqualFold(ext, ".glb") {
		base = strings.TrimSuffix(path, ext)
	}
	return base + ".baked.glb"
}

// argPath returns path as bake's argument: a relative path that starts
// with - gets ./ in front, so it is not read as a flag.
func argPath(path string) string {
	if strings.HasPrefix(path, "-") {
		return "." + string(filepath.Separator) + path
	}
	return path
}

// BakeCommand returns the command that writes a copy of f every rule
// draws the same, quoted for a POSIX shell: "skewlab bake FILE -o
// FILE.baked.glb" (BakeName) for a glTF file, "" for a skewlab scene
// file, which bake cannot read.
func (f *File) BakeCommand() string {
	if !f.GLTF {
		return ""
	}
	in := argPath(f.Name)
	return "skewlab bake " + ShellQuote(in) + " -o " + ShellQuote(BakeName(in))
}

// AnimBakeCommand is BakeCommand for a file whose rules disagree while
// its animation plays: "skewlab bake FILE -anim -o FILE.baked.glb", the
// animated bake, which keeps the animations ("" for a skewlab scene
// file).
func (f *File) AnimBakeCommand() string {
	if !f.GLTF {
		return ""
	}
	in := argPath(f.Name)
	return "skewlab bake " + ShellQuote(in) + " -anim -o " + ShellQuote(BakeName(in))
}

// Advice returns what to do when the rules disagree, one sentence: for a
// glTF file it ends with BakeCommand, or AnimBakeCommand when a scene
// disagrees while its animation plays (an audit over time); for a
// skewlab scene file, which bake cannot read, what to change in it (in
// its animation, for an audit over time). "" when they agree.
func (f *File) Advice() string {
	if f.Agrees() {
		return ""
	}
	if f.disagreesAnimated() {
		if f.GLTF {
			return "the rules disagree while the animation plays; to write a copy every rule plays the same, with the error its resampled keys cost stated (docs/bake.md), run: " + f.AnimBakeCommand()
		}
		return "the rules disagree while the animation plays; skewlab bake reads glTF only: animate the scale of a node that has children only uniformly, or move the stretch to nodes without children (docs/anim.md)"
	}
	if f.GLTF {
		return "to write a copy that every rule draws the same (docs/bake.md), run: " + f.BakeCommand()
	}
	return "skewlab bake reads glTF only; for this skewlab scene file, give every node that has children the scale (1, 1, 1), and no node a shear (a leaf may keep its own scale): every rule then draws it the same"
}

// pct formats a fraction as a percentage with 4 significant digits.
func pct(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "-"
	}
	return g4(100*f) + "%"
}

// disagreesAnimated reports a scene audited over time whose rules
// disagree.
func (f *File) disagreesAnimated() bool {
	for i := range f.Scenes {
		if r := &f.Scenes[i].Report; r.Animated() && !r.Agrees() {
			return true
		}
	}
	return false
}
