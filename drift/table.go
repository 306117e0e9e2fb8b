package drift

// The drift command's output formats: the table as text, the same as JSON,
// and the decimated error series as CSV. They live beside the lab they
// print so that package main only parses flags.

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"skewlab/transform"
)

// CSVPoints is the most rows WriteCSV prints per run for a lab made with
// NewLab(cfg, CSVPoints): a decimated series, each row the largest error
// over its bucket of frames.
const CSVPoints = 2048

// tableTime formats a frame count as time at FrameRate, the way the
// article's table does (3 s, 2 min, 28 min), with hours, days and years
// beyond.
func tableTime(frames int) string {
	s := float64(frames) / FrameRate
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

// tableCell is one table cell: "frame (time)" or "never".
func tableCell(frame int) string {
	if frame == 0 {
		return "never"
	}
	return fmt.Sprintf("%d (%s)", frame, tableTime(frame))
}

// WriteTable writes lab's table as text: a header naming the run's
// configuration, then per error level (Thresholds) the first frame each
// storage's relative scale error exceeded it beside the article's, with
// its time at FrameRate ("never" if it did not), then the final and
// largest errors and the growth exponents ("n/a" when undefined). It
// returns the write error, if any.
func WriteTable(w io.Writer, lab *Lab) error {
	c, rows := lab.Config(), lab.Rows()
	var b strings.Builder
	fmt.Fprintf(&b, "scale drift after %d frames: axis (%g, %g, %g) normalized in %v, step %g deg, scale (%g, %g, %g), %d Hz\n",
		lab.Frame(), c.Axis[0], c.Axis[1], c.Axis[2], c.Normalize, c.StepDeg, c.Scale[0], c.Scale[1], c.Scale[2], FrameRate)
	fmt.Fprintf(&b, "first frame the relative scale error max|s-s0|/s0 exceeds each level (time at %d Hz)\n\n", FrameRate)
	fmt.Fprintf(&b, "%-10s %-16s", "error", "article")
	for _, r := range rows {
		fmt.Fprintf(&b, " %-16s", r.Kind)
	}
	b.WriteString("\n")
	for i, t := range Thresholds {
		fmt.Fprintf(&b, "%-10g %-16s", t, tableCell(Article[i]))
		for _, r := range rows {
			fmt.Fprintf(&b, " %-16s", tableCell(r.Cross[i]))
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
		fmt.Fprintf(&b, " %-16s", tableExponent(r.Exponent))
	}
	fmt.Fprintf(&b, "\n\nexponent: least-squares slope of log error against log frame, frames %d..%d, zero errors left out (1 systematic, 0.5 random walk, 0 bounded)\n",
		ExponentFrom, lab.Frame())
	_, err := io.WriteString(w, b.String())
	return err
}

// tableExponent formats a growth exponent, "n/a" when undefined (NaN).
func tableExponent(e float64) string {
	if math.IsNaN(e) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", e)
}

// tableNum is a float64 that marshals NaN and infinities as null.
type tableNum float64

func (n tableNum) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if !transform.Finite(f) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// tableCross is one crossing in JSON: the error level, and the frame and
// time it was first exceeded (null for never).
type tableCross struct {
	Error   float64  `json:"error"`
	Frame   *int     `json:"frame"`
	Seconds *float64 `json:"seconds"`
}

// tableRow is one storage's row in JSON.
type tableRow struct {
	Storage    string       `json:"storage"`
	Crossings  []tableCross `json:"crossings"`
	FinalError tableNum     `json:"finalError"`
	MaxError   tableNum     `json:"maxError"`
	Exponent   tableNum     `json:"exponent"`
	FinalScale [3]float32   `json:"finalScale"`
}

// tableCrossing is the JSON crossing of level t at frame (0: never).
func tableCrossing(t float64, frame int) tableCross {
	c := tableCross{Error: t}
	if frame > 0 {
		f, s := frame, float64(frame)/FrameRate
		c.Frame, c.Seconds = &f, &s
	}
	return c
}

// WriteJSON writes lab's table as indented JSON with camelCase keys:
// frames, stepDeg, axis, normalize, scale, frameRateHz, article (its
// crossings) and storages (per storage: storage, crossings of {error,
// frame, seconds}, finalError, maxError, exponent, finalScale). A
// crossing that never happened has null frame and seconds; an undefined
// error or exponent is null. It returns the encoding or write error.
func WriteJSON(w io.Writer, lab *Lab) error {
	c := lab.Config()
	out := struct {
		Frames    int          `json:"frames"`
		StepDeg   float64      `json:"stepDeg"`
		Axis      [3]float64   `json:"axis"`
		Normalize string       `json:"normalize"`
		Scale     [3]float64   `json:"scale"`
		FrameRate int          `json:"frameRateHz"`
		Article   []tableCross `json:"article"`
		Storages  []tableRow   `json:"storages"`
	}{Frames: lab.Frame(), StepDeg: c.StepDeg, Axis: c.Axis, Normalize: c.Normalize.String(), Scale: c.Scale, FrameRate: FrameRate}
	for i, t := range Thresholds {
		out.Article = append(out.Article, tableCrossing(t, Article[i]))
	}
	for _, r := range lab.Rows() {
		jr := tableRow{Storage: r.Kind.String(), FinalError: tableNum(r.Final), MaxError: tableNum(r.Max),
			Exponent: tableNum(r.Exponent), FinalScale: r.Scale}
		for i, t := range Thresholds {
			jr.Crossings = append(jr.Crossings, tableCrossing(t, r.Cross[i]))
		}
		out.Storages = append(out.Storages, jr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteCSV writes the decimated error series: one row per bucket, the
// bucket's last frame and each storage's largest error in the bucket, the
// last (possibly partial) bucket included, so the rows end at the last
// frame. The header is "frame" and the storage names; errors have six
// significant digits. All storages advance together, so their buckets
// coincide.
func WriteCSV(w io.Writer, lab *Lab) error {
	var b strings.Builder
	b.WriteString("frame")
	for k := Kind(0); k < NumKinds; k++ {
		b.WriteString("," + k.String())
	}
	b.WriteString("\n")
	row := func(frame int, point func(k Kind) Point) {
		b.WriteString(strconv.Itoa(frame))
		for k := Kind(0); k < NumKinds; k++ {
			b.WriteString(",")
			b.WriteString(strconv.FormatFloat(point(k).Err, 'g', 6, 64))
		}
		b.WriteString("\n")
	}
	n := len(lab.Series(0).Points())
	for i := 0; i < n; i++ {
		row(lab.Series(0).Points()[i].Frame, func(k Kind) Point { return lab.Series(k).Points()[i] })
	}
	if p, ok := lab.Series(0).Pending(); ok {
		row(p.Frame, func(k Kind) Point { q, _ := lab.Series(k).Pending(); return q })
	}
	_, err := io.WriteString(w, b.String())
	return err
}
