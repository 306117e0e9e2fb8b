package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"skewlab/cli"
	"skewlab/drift"
	"skewlab/state"
)

// driftCommand is `skewlab drift`; main.go's command table lists it.
var driftCommand = cli.Command{
	Name:    "drift",
	Summary: "print the float32 scale drift table (seed 004)",
	Run:     runDrift,
}

// driftMaxFrames caps -frames so a run ends in well under a minute.
const driftMaxFrames = 100_000_000

// driftCSVPoints is the most rows the csv format prints per run (a decimated
// series: each row is the largest error over its bucket of frames).
const driftCSVPoints = 2048

// runDrift implements `skewlab drift`: it spins every storage of package drift
// and prints the article's table beside ours (text), the same as JSON, or the
// decimated error series (csv). Bad arguments print one line on stderr and
// return 2.
func runDrift(args []string, stdout, stderr io.Writer) int {
	cfg := drift.DefaultConfig()
	frames, format := 1_000_000, "text"
	fs := cli.NewFlagSet("drift", "skewlab drift [-frames N] [-step DEG] [-axis x,y,z] [-scale x,y,z] [-normalize float64|float32] [-format text|json|csv]")
	cli.IntVar(fs, &frames, "frames", "number of frames to spin, 1.."+strconv.Itoa(driftMaxFrames))
	cli.NumberVar(fs, &cfg.StepDeg, "step", "rotation per frame in degrees (finite)")
	fs.Func("axis", "rotation axis x,y,z, not zero (default 1,2,3)", func(s string) error {
		v, err := parseTriple(s, false)
		cfg.Axis = v
		return err
	})
	fs.Func("scale", "initial scale x,y,z or one number for all (default 1,1,1)", func(s string) error {
		v, err := parseTriple(s, true)
		cfg.Scale = v
		return err
	})
	fs.StringVar(&format, "format", format, "output format: text, json or csv")
	fs.Func("normalize", "how the axis is normalized: float64 (default: in float64, rounded once) or float32 (mgl32's Normalize)", func(s string) error {
		n, err := drift.ParseNorm(s)
		cfg.Normalize = n
		return err
	})
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if frames < 1 || frames > driftMaxFrames {
		return driftUsage(stderr, fmt.Sprintf("-frames must be between 1 and %d, got %d", driftMaxFrames, frames))
	}
	if format != "text" && format != "json" && format != "csv" {
		return driftUsage(stderr, fmt.Sprintf("unknown -format %q (valid: text, json, csv)", format))
	}
	if err := cfg.Validate(); err != nil {
		return driftUsage(stderr, err.Error())
	}
	points := 2
	if format == "csv" {
		points = driftCSVPoints
	}
	lab, err := drift.NewLab(cfg, points)
	if err != nil {
		return driftUsage(stderr, err.Error())
	}
	for lab.Frame() < frames {
		lab.Advance(frames - lab.Frame())
	}
	switch format {
	case "json":
		err = writeDriftJSON(stdout, lab)
	case "csv":
		err = writeDriftCSV(stdout, lab)
	default:
		err = writeDriftText(stdout, lab)
	}
	if err != nil {
		return cli.RunFailure(stderr, "drift", err)
	}
	return 0
}

// driftUsage prints one line naming the problem and returns 2.
func driftUsage(stderr io.Writer, problem string) int {
	return cli.UsageError(stderr, "drift", errors.New(problem))
}

// parseTriple parses "x,y,z" into three plain decimal numbers
// (state.ParseNumber); with one allowed, a single number stands for all
// three.
func parseTriple(s string, one bool) ([3]float64, error) {
	parts := strings.Split(s, ",")
	if one && len(parts) == 1 {
		parts = []string{parts[0], parts[0], parts[0]}
	}
	var v [3]float64
	if len(parts) != 3 {
		return v, fmt.Errorf("want three comma-separated numbers x,y,z")
	}
	for i, p := range parts {
		f, err := state.ParseNumber(p)
		if err != nil {
			return v, fmt.Errorf("%q is %v", p, err)
		}
		v[i] = f
	}
	return v, nil
}

// frameTime formats a frame count as time at drift.FrameRate, the way the
// article's table does (3 s, 2 min, 28 min), with hours, days and years
// beyond.
func frameTime(frames int) string {
	s := float64(frames) / drift.FrameRate
	switch {
	case s < 60:
		return fmt.Sprintf("%.0f s", s)
	case s < 3600:
		return fmt.Sprintf("%.0f min", s/60)
	case s < 86400:
		return fmt.Sprintf("%.1f h", s/3600)
	case s < 365.25*86400:
		return fmt.Sprintf("%.1f d", s/86400)
	}
	return fmt.Sprintf("%.1f y", s/(365.25*86400))
}

// crossCell is one table cell: "frame (time)" or "never".
func crossCell(frame int) string {
	if frame == 0 {
		return "never"
	}
	return fmt.Sprintf("%d (%s)", frame, frameTime(frame))
}

func writeDriftText(w io.Writer, lab *drift.Lab) error {
	c, rows := lab.Config(), lab.Rows()
	var b strings.Builder
	fmt.Fprintf(&b, "scale drift after %d frames: axis (%g, %g, %g) normalized in %v, step %g deg, scale (%g, %g, %g), %d Hz\n",
		lab.Frame(), c.Axis[0], c.Axis[1], c.Axis[2], c.Normalize, c.StepDeg, c.Scale[0], c.Scale[1], c.Scale[2], drift.FrameRate)
	fmt.Fprintf(&b, "first frame the relative scale error max|s-s0|/s0 exceeds each level (time at %d Hz)\n\n", drift.FrameRate)
	fmt.Fprintf(&b, "%-10s %-16s", "error", "article")
	for _, r := range rows {
		fmt.Fprintf(&b, " %-16s", r.Kind)
	}
	b.WriteString("\n")
	for i, t := range drift.Thresholds {
		fmt.Fprintf(&b, "%-10g %-16s", t, crossCell(drift.Article[i]))
		for _, r := range rows {
			fmt.Fprintf(&b, " %-16s", crossCell(r.Cross[i]))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%-10s %-16s", "final", "-")
	for _, r := range rows {
		fmt.Fprintf(&b, " %-16.3g", r.Final)
	}
	fmt.Fprintf(&b, "\n%-10s %-16s", "max", "-")
	for _, r := range rows {
		fmt.Fprintf(&b, " %-16.3g", r.Max)
	}
	fmt.Fprintf(&b, "\n%-10s %-16s", "exponent", "~1 (linear)")
	for _, r := range rows {
		fmt.Fprintf(&b, " %-16s", fmtExponent(r.Exponent))
	}
	fmt.Fprintf(&b, "\n\nexponent: least-squares slope of log error against log frame, frames %d..%d, zero errors left out (1 systematic, 0.5 random walk, 0 bounded)\n",
		drift.ExponentFrom, lab.Frame())
	_, err := io.WriteString(w, b.String())
	return err
}

func fmtExponent(e float64) string {
	if math.IsNaN(e) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", e)
}

// jsonNum is a float64 that marshals NaN and infinities as null.
type jsonNum float64

func (n jsonNum) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

type driftJSONCross struct {
	Error   float64  `json:"error"`
	Frame   *int     `json:"frame"`
	Seconds *float64 `json:"seconds"`
}

type driftJSONRow struct {
	Storage    string           `json:"storage"`
	Crossings  []driftJSONCross `json:"crossings"`
	FinalError jsonNum          `json:"finalError"`
	MaxError   jsonNum          `json:"maxError"`
	Exponent   jsonNum          `json:"exponent"`
	FinalScale [3]float32       `json:"finalScale"`
}

func crossing(t float64, frame int) driftJSONCross {
	c := driftJSONCross{Error: t}
	if frame > 0 {
		f, s := frame, float64(frame)/drift.FrameRate
		c.Frame, c.Seconds = &f, &s
	}
	return c
}

func writeDriftJSON(w io.Writer, lab *drift.Lab) error {
	c := lab.Config()
	out := struct {
		Frames    int              `json:"frames"`
		StepDeg   float64          `json:"stepDeg"`
		Axis      [3]float64       `json:"axis"`
		Normalize string           `json:"normalize"`
		Scale     [3]float64       `json:"scale"`
		FrameRate int              `json:"frameRateHz"`
		Article   []driftJSONCross `json:"article"`
		Storages  []driftJSONRow   `json:"storages"`
	}{Frames: lab.Frame(), StepDeg: c.StepDeg, Axis: c.Axis, Normalize: c.Normalize.String(), Scale: c.Scale, FrameRate: drift.FrameRate}
	for i, t := range drift.Thresholds {
		out.Article = append(out.Article, crossing(t, drift.Article[i]))
	}
	for _, r := range lab.Rows() {
		jr := driftJSONRow{Storage: r.Kind.String(), FinalError: jsonNum(r.Final), MaxError: jsonNum(r.Max),
			Exponent: jsonNum(r.Exponent), FinalScale: r.Scale}
		for i, t := range drift.Thresholds {
			jr.Crossings = append(jr.Crossings, crossing(t, r.Cross[i]))
		}
		out.Storages = append(out.Storages, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeDriftCSV prints the decimated error series: one row per bucket, the
// bucket's last frame and each storage's largest error in the bucket, the
// last (possibly partial) bucket included, so the rows end at the last
// frame. All storages advance together, so their buckets coincide.
func writeDriftCSV(w io.Writer, lab *drift.Lab) error {
	var b strings.Builder
	b.WriteString("frame")
	for k := drift.Kind(0); k < drift.NumKinds; k++ {
		b.WriteString("," + k.String())
	}
	b.WriteString("\n")
	row := func(frame int, point func(k drift.Kind) drift.Point) {
		b.WriteString(strconv.Itoa(frame))
		for k := drift.Kind(0); k < drift.NumKinds; k++ {
			b.WriteString(",")
			b.WriteString(strconv.FormatFloat(point(k).Err, 'g', 6, 64))
		}
		b.WriteString("\n")
	}
	n := len(lab.Series(0).Points())
	for i := 0; i < n; i++ {
		row(lab.Series(0).Points()[i].Frame, func(k drift.Kind) drift.Point { return lab.Series(k).Points()[i] })
	}
	if p, ok := lab.Series(0).Pending(); ok {
		row(p.Frame, func(k drift.Kind) drift.Point { q, _ := lab.Series(k).Pending(); return q })
	}
	_, err := io.WriteString(w, b.String())
	return err
}
