package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Formats are the output formats Write takes, in -format's order.
var Formats = []string{"text", "markdown", "csv", "json"}

// CheckFormat returns nil for a name in Formats, else an error listing
// them.
func CheckFormat(name string) error {
	for _, f := range Formats {
		if f == name {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q (valid: %s)", name, strings.Join(Formats, ", "))
}

// Write writes t in format (one of Formats): WriteText, WriteMarkdown,
// WriteCSV or WriteJSON. An unknown format is an error and writes nothing.
func Write(w io.Writer, format string, t *Table) error {
	switch format {
	case "text":
		return WriteText(w, t)
	case "markdown":
		return WriteMarkdown(w, t)
	case "csv":
		return WriteCSV(w, t)
	case "json":
		return WriteJSON(w, t)
	}
	return CheckFormat(format)
}

// Header is the column titles of the text and Markdown tables, in the
// order of Cells.
var Header = []string{"mode", "skew deg", "volume", "volume vs matrices", "lossy scale", "polar stretch",
	"position vs matrices", "TRS", "engines"}

// Cells returns the row's cells for the text and Markdown tables, in the
// order of Header: "-" for an undefined value (or a rule no engine uses;
// engine names, which may hold commas, are separated by "; "),
// numbers with four decimals (the volume change with one, and a sign;
// vectors with three), and in exponent form (four significant digits)
// from a magnitude of 1e6 on.
func (r *Row) Cells() []string {
	engines := strings.Join(r.Engines, "; ")
	if engines == "" {
		engines = "-"
	}
	return []string{r.Mode, numP("%.4f", r.SkewDegrees), numP("%.4f", r.Volume), pct(r.VolumeChangePercent),
		vec(r.LossyScale), vec(r.PolarStretch), numP("%.4f", r.PositionDistance), yesNo(r.TRSRepresentable), engines}
}

// bigNum is the magnitude from which cells use exponent form, so a cell
// stays short (as report's text does).
const bigNum = 1e6

func num(format string, x float64) string {
	if math.Abs(x) < bigNum {
		return fmt.Sprintf(format, x)
	}
	return fmt.Sprintf("%.4g", x)
}

func numP(format string, x *float64) string {
	if x == nil {
		return "-"
	}
	return num(format, *x)
}

func pct(x *float64) string {
	if x == nil {
		return "-"
	}
	return num("%+.1f", *x) + "%"
}

func vec(v *[3]float64) string {
	if v == nil {
		return "-"
	}
	return "(" + num("%.3f", v[0]) + ", " + num("%.3f", v[1]) + ", " + num("%.3f", v[2]) + ")"
}

func yesNo(b *bool) string {
	switch {
	case b == nil:
		return "-"
	case *b:
		return "yes"
	}
	return "no"
}

// Caption returns the table's one-line caption: the node, the scene's
// source (with the animation and time it was posed at, when it was:
// `preset arm, animation 0 "stretch" at t = 0.5 s`) and what the scope
// means, such as "B (preset piston): seed
// modes on the whole hierarchy, engine rules on B only; position and
// volume compared with accumulate-matrices".
func (t *Table) Caption() string {
	src := "preset " + t.Preset
	if t.Scene != "" {
		src = "scene " + t.Scene
	}
	if t.Animation != nil && t.Time != nil {
		src += ", animation " + strconv.Itoa(*t.Animation)
		if t.AnimationName != "" {
			src += " " + strconv.Quote(t.AnimationName)
		}
		src += " at t = " + strconv.FormatFloat(*t.Time, 'g', -1, 64) + " s"
	}
	on := "on " + t.Node + " only"
	if t.Scope == ScopeAll.String() {
		on = "on every node"
	}
	return fmt.Sprintf("%s (%s): seed modes on the whole hierarchy, engine rules %s; position and volume compared with accumulate-matrices",
		t.Node, src, on)
}

// WriteText writes t as aligned text: the caption, then one line per row
// under Header, columns separated by at least two spaces.
func WriteText(w io.Writer, t *Table) error {
	if _, err := fmt.Fprintln(w, t.Caption()); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(Header, "\t"))
	for i := range t.Rows {
		fmt.Fprintln(tw, strings.Join(t.Rows[i].Cells(), "\t"))
	}
	return tw.Flush()
}

// mdEscape makes s safe in a Markdown table cell: a pipe would end the
// cell.
var mdEscape = strings.NewReplacer("|", `\|`)

// WriteMarkdown writes t as a GitHub Markdown table ready for a slide:
// the caption in italics, a blank line, the header, the separator row
// (numbers right-aligned) and one line per row.
func WriteMarkdown(w io.Writer, t *Table) error {
	var b strings.Builder
	b.WriteString("_" + mdEscape.Replace(t.Caption()) + "_\n\n")
	line := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + mdEscape.Replace(c) + " |")
		}
		b.WriteString("\n")
	}
	line(Header)
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|:---:|---|\n")
	for i := range t.Rows {
		line(t.Rows[i].Cells())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Markdown returns WriteMarkdown's text (for the app's copy button).
func (t *Table) Markdown() string {
	var b strings.Builder
	_ = WriteMarkdown(&b, t)
	return b.String()
}

// CSVHeader is the CSV's first record: the node and scope on every row
// (so files of several nodes concatenate), each vector as three columns.
var CSVHeader = []string{"node", "scope", "mode", "seed", "skewDegrees", "volume", "volumeChangePercent",
	"lossyScaleX", "lossyScaleY", "lossyScaleZ", "polarStretch1", "polarStretch2", "polarStretch3",
	"positionDistance", "trsRepresentable", "engines", "undefined"}

// WriteCSV writes t as CSV (encoding/csv): CSVHeader, then one record per
// row with numbers in full precision (strconv 'g'), "-" for an undefined
// value, true/false, and the engines separated by "; ".
func WriteCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	f := func(x *float64) string {
		if x == nil {
			return "-"
		}
		return strconv.FormatFloat(*x, 'g', -1, 64)
	}
	v := func(p *[3]float64, k int) string {
		if p == nil {
			return "-"
		}
		return f(&p[k])
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		trs := "-"
		if r.TRSRepresentable != nil {
			trs = strconv.FormatBool(*r.TRSRepresentable)
		}
		cw.Write([]string{t.Node, t.Scope, r.Mode, strconv.FormatBool(r.Seed), f(r.SkewDegrees), f(r.Volume), f(r.VolumeChangePercent),
			v(r.LossyScale, 0), v(r.LossyScale, 1), v(r.LossyScale, 2), v(r.PolarStretch, 0), v(r.PolarStretch, 1), v(r.PolarStretch, 2),
			f(r.PositionDistance), trs, strings.Join(r.Engines, "; "), r.Undefined})
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes t as indented JSON (two spaces) and a newline: camelCase
// keys as report's JSON, null for an undefined value.
func WriteJSON(w io.Writer, t *Table) error {
	b, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
