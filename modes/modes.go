// Package modes holds skewlab's world-transform accumulation rules: each is
// a function from a scene's nodes to the world matrix that draws every
// node's own shape, written into a caller-owned slice without allocating.
//
// Conventions: column vectors, world = parentWorld * local, local = T*R*S,
// mgl64 matrices column-major. Every mode handles zero and negative scales
// by its formulas; none divides by a scale, so none produces NaN or Inf
// for finite input within transform.MaxMagnitude as long as the products
// along a chain stay within float64. A deep chain of large scales
// overflows (52 nested scales of 1e6 pass 1.8e308): entries become Inf, or
// NaN where Inf meets 0; AnalyzeWorld reports such values as undefined.
//
// A mode is one file here (accumulate_matrices.go, ...) holding its Mode
// value, its fast World and its readable Reference, plus one line in All.
// The hot loops are written out by hand on the mgl64 arrays (mgl64's
// by-value methods do not inline); each Reference writes the same formula
// with mgl64 and transform operations, and the fast loops are tested
// against it.
package modes

import (
	"fmt"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// Workspace holds the intermediate per-node buffers a mode needs (world
// TRS, the inherited uniform frame, the full matrix and rotation chains)
// and, for a Pool, the plan that
// splits the hierarchy across workers. The zero value is ready; buffers
// grow on first use and are reused after, so steady-state updates
// allocate nothing. A Workspace is not safe for concurrent use: give
// each concurrent update its own.
type Workspace struct {
	trs []worldTRS   // accumulated rotation and scale (accumulate-trs)
	f   []mgl64.Mat3 // inherited frame's linear part (uniform-inner-scale; its position is in out)
	u   []uniformKey // the UniformPart cache (uniform-inner-scale)
	ch  []chains     // matrix and rotation chains (skew-stripping)
	// plan splits the hierarchy across a Pool's workers (pool.go);
	// args is what a single-threaded update's kernel works on.
	plan plan
	args kargs
	// kids marks the nodes with children (kargs.kids), made for
	// kidsN-1 nodes (0: not made).
	kids  []uint64
	kidsN int
}

// Buffers a mode's kernel uses (Mode.need), grown before an update so
// that no worker grows anything.
const (
	needTRS    = 1 << iota // trs
	needFrames             // f, u
	needChains             // ch
)

// grow sizes the buffers named by need to n nodes.
func (w *Workspace) grow(n int, need uint8) {
	if need&needTRS != 0 {
		w.trs = growTo(w.trs, n)
	}
	if need&needFrames != 0 {
		w.f, w.u = growTo(w.f, n), growTo(w.u, n)
	}
	if need&needChains != 0 {
		w.ch = growTo(w.ch, n)
	}
}

// growTo returns s with length n, reusing its storage when it is large
// enough. New storage is zero, which every cache above reads as valid.
func growTo[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// WorldFunc computes world matrices for nodes into out. Nodes must be in
// parents-first order (as scene.Scene guarantees). Only the first
// min(len(nodes), len(out)) entries are computed; out[i] draws node i's
// own shape.
type WorldFunc func(nodes []scene.Node, ws *Workspace, out []mgl64.Mat4)

// ReferenceFunc returns the world matrices of nodes (parents first) in a
// new slice of len(nodes), written with mgl64 and transform operations
// exactly as the mode's formula reads. It allocates: it is what the fast
// WorldFunc is tested against, and what rare operations (Reparent) use;
// it is not for per-frame use.
type ReferenceFunc func(nodes []scene.Node) []mgl64.Mat4

// Mode is one accumulation rule: its user-facing name (used by the CLI,
// URL, UI and JSON), a short title, a one-paragraph explanation, its two
// implementations and its capabilities. Code outside this package asks a
// Mode's fields, never its Name, what applies to it.
type Mode struct {
	Name  string
	Title string
	// Point is the mode's lesson in one sentence (at most PointMax
	// characters), shown above the Explanation without scrolling.
	Point string
	// Explanation says how the mode composes and what it costs, in a
	// paragraph.
	Explanation string
	// World is the fast implementation, used per frame: it allocates
	// nothing once its Workspace has grown.
	World WorldFunc
	// Reference is the readable implementation World is tested against.
	Reference ReferenceFunc
	// Folds reports that residual folding applies: the mode passes only
	// the uniform part of a node's scale (UniformPart) to its children, so
	// FoldResiduals re-authors a scene to draw under this mode what
	// accumulate-matrices drew (the UI's Fold button, report -fold).
	Folds bool
	// Rule is the per-node rule this mode is (scene.RuleMatrices for
	// accumulate-matrices, one of Blender's or Maya's rules for the
	// engine modes), or scene.RuleFollow for the TRS-based modes. A mode
	// with a Rule is matrix-based: under it, nodes that carry their own
	// rule (scene.Node.Rule) follow it; under the others per-node rules
	// do not apply.
	Rule scene.Rule
	// DropsInheritedScale reports a rule that does not pass a uniform
	// ancestor scale on to the child's linear part (blender-none,
	// blender-none-legacy, maya-ssc): unlike every other mode it then
	// differs from matrix composition.
	DropsInheritedScale bool

	// kern is the mode's update on the 3x4 layout (affine.go), need the
	// workspace buffers it uses.
	kern kernel
	need uint8
}

// PerNode reports whether per-node rules apply under the mode: it is
// matrix-based (its Rule is set).
func (m Mode) PerNode() bool { return m.Rule != scene.RuleFollow }

// Seed reports a seed mode (the four of the seed documents:
// accumulate-matrices, accumulate-trs, uniform-inner-scale,
// skew-stripping), as opposed to an engine rule. A seed mode applies to
// the whole hierarchy in the comparison wall and compare; an engine rule
// applies to the chosen node (scope node) or to every node (scope all).
func (m Mode) Seed() bool { return Index(m.Name) >= 0 && Index(m.Name) < SeedCount }

// PointMax is the longest a Mode's Point may be, in characters, and
// PointLine the characters of one line of the UI's compact window: a
// Point wraps into at most three such lines.
const (
	PointMax  = 138
	PointLine = 45
)

// All lists the modes in menu order: the SeedCount seed modes (keys 1
// to 4 choose them), then the engine rules in scene.Rule order.
var All = []Mode{AccumulateMatrices, AccumulateTRS, UniformInnerScale, SkewStripping,
	BlenderFixShear, BlenderAverage, BlenderNone, BlenderNoneLegacy, BlenderAligned, MayaSSC}

// SeedCount is how many of All's first modes are seed modes.
const SeedCount = 4

// Default is the mode the program starts in, as in the original demo.
const Default = "accumulate-trs"

// ByName returns the mode called name, or an error that lists the valid
// names.
func ByName(name string) (Mode, error) {
	for _, m := range All {
		if m.Name == name {
			return m, nil
		}
	}
	return Mode{}, fmt.Errorf("unknown mode %q (valid: %s)", name, strings.Join(Names(), ", "))
}

// Index returns the position of the mode called name in All, or -1.
func Index(name string) int {
	for i, m := range All {
		if m.Name == name {
			return i
		}
	}
	return -1
}

// Names returns the mode names in menu order.
func Names() []string {
	out := make([]string, len(All))
	for i, m := range All {
		out[i] = m.Name
	}
	return out
}

func count(nodes []scene.Node, out []mgl64.Mat4) int {
	if len(out) < len(nodes) {
		return len(out)
	}
	return len(nodes)
}

// RulesNote is the one note the readouts and report give when some node
// carries its own rule (scene.Node.Rule) and mode is not matrix-based, so
// that those rules do not apply; "" otherwise.
func RulesNote(nodes []scene.Node, mode Mode) string {
	if mode.PerNode() {
		return ""
	}
	for i := range nodes {
		if nodes[i].Rule != scene.RuleFollow {
			return "per-node rules do not apply under " + mode.Name
		}
	}
	return ""
}
