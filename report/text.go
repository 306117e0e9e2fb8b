package report

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"skewlab/modes"
	"skewlab/scene"
)

// bigNum is the magnitude from which text reports print numbers in
// exponent form (%.4g), so a line stays short: %7.3f of 1e300 is 300
// digits.
const bigNum = 1e6

// num formats x with format below bigNum and as %.4g (four significant
// digits, exponent form) from it on.
func num(format string, x float64) string {
	if math.Abs(x) < bigNum {
		return fmt.Sprintf(format, x)
	}
	return fmt.Sprintf("%.4g", x)
}

func fmt3(v *[3]float64) string {
	if v == nil {
		return "-"
	}
	return "(" + num("%7.3f", v[0]) + ", " + num("%7.3f", v[1]) + ", " + num("%7.3f", v[2]) + ")"
}

// maxListed is how many unfolded children the text report names.
const maxListed = 10

func writeFoldText(w io.Writer, res float64, unfolded []string) {
	if len(unfolded) == 0 {
		fmt.Fprintf(w, "fold: largest residual %s (0 = exact)\n", num("%.6f", res))
		return
	}
	names := strings.Join(unfolded[:min(len(unfolded), maxListed)], ", ")
	if len(unfolded) > maxListed {
		names += fmt.Sprintf(", and %d more", len(unfolded)-maxListed)
	}
	what := "children"
	if len(unfolded) == 1 {
		what = "child"
	}
	fmt.Fprintf(w, "fold: NOT exact: %d %s left unfolded (a folded value would exceed 1e6): %s; largest residual of the folded %s\n",
		len(unfolded), what, names, num("%.6f", res))
}

// WriteText writes the reports of list as the text report: the source,
// one line per edit, then per mode a table with one row per node (world
// position, skew, volume, lossy scale, polar stretch, TRS, Flags), written
// through w node by node. An undefined value prints "-", a magnitude from
// 1e6 on in exponent form (4 significant digits). Any write error is
// returned; the caller flushes w.
func (r *Reporter) WriteText(w *bufio.Writer, list []modes.Mode, src Source, edits Edits) error {
	if src.Scene != "" {
		fmt.Fprintf(w, "scene %s\n", src.Scene)
	} else {
		fmt.Fprintf(w, "preset %s\n", src.Preset)
	}
	if p := src.Posed; p != nil {
		fmt.Fprintf(w, "%s\n", p)
	}
	for _, n := range r.sc.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	for _, rp := range edits.Reparent {
		p := "- (root)"
		if rp.NewParent != nil {
			p = *rp.NewParent
		}
		fmt.Fprintf(w, "reparent %s under %s: residual %s (0 = the world matrix is kept exactly)\n", rp.Node, p, num("%.6f", rp.Residual))
	}
	if edits.FoldResidual != nil {
		writeFoldText(w, *edits.FoldResidual, edits.FoldUnfolded)
	}
	for i := range r.sc.Nodes {
		if rule := r.sc.Nodes[i].Rule; rule != scene.RuleFollow {
			fmt.Fprintf(w, "rule %s: %s (its own rule, under the matrix-based modes)\n", r.sc.Nodes[i].Name, rule)
		}
	}
	for _, m := range list {
		fmt.Fprintf(w, "\nmode %s\n", m.Name)
		if note := modes.RulesNote(r.sc.Nodes, m); note != "" {
			fmt.Fprintf(w, "note: %s\n", note)
		}
		r.Compute(m)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "node\tparent\tworld position\tskew deg\tvolume\tlossy scale\tpolar stretch\tTRS\tflags")
		for i := range r.sc.Nodes {
			n := r.Node(i)
			parent := "-"
			if n.Parent != nil {
				parent = *n.Parent
			}
			skew := "-"
			if n.World.SkewDegrees != nil {
				skew = fmt.Sprintf("%.4f", *n.World.SkewDegrees)
			}
			vol := "-"
			if n.World.Volume != nil {
				vol = num("%.4f", *n.World.Volume)
			}
			trs := "-"
			if n.World.TRSRepresentable != nil {
				trs = "no"
				if *n.World.TRSRepresentable {
					trs = "yes"
				}
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", n.Name, parent, fmt3(n.World.Position), skew,
				vol, fmt3(n.World.LossyScale), fmt3(n.World.PolarStretch), trs, n.Flags)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}
