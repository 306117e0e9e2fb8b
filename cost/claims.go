package cost

import (
	"math"

	"skewlab/modes"
)

// Claim is one thing the seed documents say about what a rule costs (or,
// where they say nothing about its cost, what they do say about it),
// quoted word for word from its seed file in /work/shared/seeds, with
// what the lab measures against it.
type Claim struct {
	// Tag is the claim's mark on the plot and in the tables: "1", "2",
	// "3".
	Tag string
	// Seed and File name the source: "seed 004" and the seed's file
	// name; Document is its title.
	Seed, File, Document string
	// Quote is the seed's own words, verbatim.
	Quote string
	// About says what the quote is about, in the lab's terms.
	About string
	// Measured says what Ratio measures, and Unit how it is written:
	// "%" for Ratio-1 as a percentage, "x" for a factor.
	Measured, Unit string
	// Rule is the curve the tag is drawn on: a rule's name, or "" for
	// the floor.
	Rule string
	// Lines are the claim's line under the lab's plot, longest first:
	// the text before the measured ratio (RatioText) and after it. The
	// picture writes the longest that fits; words in double quotes are
	// the seed's.
	Lines [3][2]string
	// num and den are the kernels whose serial costs Ratio divides.
	num, den kernel
}

// Claims are the seeds' claims the lab annotates, in tag order. The
// issue paraphrases them as "TRS costs about 12% more", "skew stripping
// is cheap enough" and "uniform scale is the fast path"; only the first
// is a cost the seeds state, and the quotes below are what they say.
var Claims = []Claim{
	{
		Tag: "1", Seed: "seed 004", File: "004_eb16e8151dc4e1d1.txt",
		Document: "Bitsquid, \"Matrices, Rotation, Scale and Drifting\"",
		Quote:    "this change would make your scene graph transforms about 12 % more expensive",
		About:    "storing each local pose as translation, rotation and scale, and building its matrix every update (72 to 81 FLOPS by the seed's count)",
		Measured: "the floor built from TRS over the floor from stored matrices", Unit: "%",
		Lines: [3][2]string{
			{`[1] seed 004, Bitsquid: a TRS pose turned into a matrix every update "would make your scene graph transforms about 12 % more expensive"; measured `, ` (floor from TRS vs stored matrices)`},
			{`[1] seed 004: TRS to matrix "about 12 % more expensive"; measured `, ``},
			{`[1] seed 004 "12 %": `, ``},
		},
		num: kernelFloor, den: kernelStored,
	},
	{
		Tag: "2", Seed: "seed 001", File: "001_83a87883043f9b45.txt",
		Document: "notes on \"Managing Transformations in Hierarchy\" (GPU Pro 5)",
		Quote:    "We give an approximate solution to this issue in Section 3.2.4.",
		About:    "the skew; its solution is skew stripping (scale from the diagonal, the rest discarded; rotation and translation from the TR chain); the seed states no cost",
		Measured: "skew-stripping over accumulate-matrices, one thread", Unit: "x",
		Lines: [3][2]string{
			{`[2] seed 001, GPU Pro 5 notes: skew stripping, "an approximate solution", no cost stated; measured `, ` accumulate-matrices`},
			{`[2] seed 001: skew stripping, no cost stated; measured `, ` matrices`},
			{`[2] skew-stripping `, ``},
		},
		Rule: modes.SkewStripping.Name, num: kernel(modes.Index(modes.SkewStripping.Name)), den: kernel(modes.Index(modes.AccumulateMatrices.Name)),
	},
	{
		Tag: "3", Seed: "seed 003", File: "003_1ffb52e70b4d953b.txt",
		Document: "\"Efficiently Computing a Composed Affine Transform\"",
		Quote:    "benefit from easy TRS composition producing TRS outputs",
		About:    "non-uniform scale only at the leaves, uniform above (uniform-inner-scale); the general case's polar decomposition is \"rather costly computation-wise\"",
		Measured: "uniform-inner-scale over accumulate-matrices, one thread", Unit: "x",
		Lines: [3][2]string{
			{`[3] seed 003: uniform scale above the leaves, "easy TRS composition producing TRS outputs"; measured `, ` accumulate-matrices`},
			{`[3] seed 003: uniform scale, "easy TRS composition"; measured `, ` matrices`},
			{`[3] uniform-inner-scale `, ``},
		},
		Rule: modes.UniformInnerScale.Name, num: kernel(modes.Index(modes.UniformInnerScale.Name)), den: kernel(modes.Index(modes.AccumulateMatrices.Name)),
	},
}

// serial returns r's one-thread cost of kernel k (NaN when not
// measured).
func (r *Row) serial(k kernel) float64 {
	switch k {
	case kernelFloor:
		return r.Floor.NsPerNode
	case kernelStored:
		return r.Stored.NsPerNode
	}
	return r.Serial[k].NsPerNode
}

// Ratio returns the claim's measured ratio in row r (NaN until both of
// its costs are measured).
func (c *Claim) Ratio(r *Row) float64 { return r.serial(c.num) / r.serial(c.den) }

// ClaimNodes is the size the claims are measured at when a bench has
// it: 10^5 nodes, the size `make bench` tables.
const ClaimNodes = 100_000

// ClaimRow returns the row of shape the claims are read from: of the
// rows whose floor, stored floor and every one-thread rule are measured,
// the one nearest ClaimNodes (on a log scale; the larger on a tie), or
// nil when none is.
func (b *Bench) ClaimRow(shape string) *Row {
	var best *Row
	bestD := math.Inf(1)
	for i := range b.rows {
		r := &b.rows[i]
		if r.Shape != shape || !r.serialDone() {
			continue
		}
		// Within 1e-9 counts as a tie (10^4 and 10^6 are both a decade
		// away, to rounding), which the larger takes.
		if d := math.Abs(math.Log(float64(r.Nodes) / ClaimNodes)); d <= bestD+1e-9 {
			best, bestD = r, d
		}
	}
	return best
}

// serialDone reports whether r's floors and one-thread rules are all
// measured.
func (r *Row) serialDone() bool {
	if !r.Floor.Done() || !r.Stored.Done() {
		return false
	}
	for _, m := range r.Serial {
		if !m.Done() {
			return false
		}
	}
	return true
}
