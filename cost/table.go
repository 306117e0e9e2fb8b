package cost

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"

	"skewlab/modes"
	"skewlab/render"
)

// FrameMs is one 60 Hz frame in milliseconds, the line the lab draws.
const FrameMs = 1000.0 / 60

// Report is a finished Bench as the command writes it (JSON keys in
// camelCase, a unit at the end of a key that has one). Costs are
// nanoseconds per node of one world update; a cost not measured is
// null in JSON.
type Report struct {
	GOOS      string `json:"goos"`
	GOARCH    string `json:"goarch"`
	GoVersion string `json:"goVersion"`
	// CPUs is runtime.NumCPU; ParallelThreads the threads of the
	// all-cores column, 0 when only one thread was measured.
	CPUs            int     `json:"cpus"`
	ParallelThreads int     `json:"parallelThreads"`
	FrameMs         float64 `json:"frameMs"`
	// Rules are the rules measured, modes.All's names in its order;
	// every row's Rules follow it.
	Rules  []string      `json:"rules"`
	Rows   []RowReport   `json:"rows"`
	Claims []ClaimReport `json:"claims"`
}

// RowReport is one shape at one size.
type RowReport struct {
	Shape       string         `json:"shape"`
	Nodes       int            `json:"nodes"`
	Floor       *MeasureReport `json:"floor"`
	StoredFloor *MeasureReport `json:"storedFloor"`
	Rules       []RuleReport   `json:"rules"`
}

// RuleReport is one rule's costs on one thread (Serial) and on all
// cores (Parallel; null when not measured).
type RuleReport struct {
	Rule     string         `json:"rule"`
	Serial   *MeasureReport `json:"serial"`
	Parallel *MeasureReport `json:"parallel"`
}

// MeasureReport is one cost: NsPerNode, the whole update's FrameMs and
// FPS at the row's size, XFloor the ratio to the row's floor, and the
// timed batches and updates it is the median of.
type MeasureReport struct {
	NsPerNode float64 `json:"nsPerNode"`
	FrameMs   float64 `json:"frameMs"`
	FPS       float64 `json:"fps"`
	XFloor    float64 `json:"xFloor"`
	Samples   int     `json:"samples"`
	Calls     int     `json:"calls"`
}

// ClaimReport is one of Claims with its measured Ratio at Shape and
// Nodes (ClaimRow); Ratio is null when no row was measured.
type ClaimReport struct {
	Tag      string   `json:"tag"`
	Seed     string   `json:"seed"`
	File     string   `json:"file"`
	Document string   `json:"document"`
	Quote    string   `json:"quote"`
	About    string   `json:"about"`
	Measured string   `json:"measured"`
	Shape    string   `json:"shape"`
	Nodes    int      `json:"nodes"`
	Ratio    *float64 `json:"ratio"`
}

// NewReport returns b's measurements as a Report (those not measured
// yet are nil). The claims are read on the first shape (ClaimRow).
func NewReport(b *Bench) Report {
	rep := Report{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, GoVersion: runtime.Version(),
		CPUs: runtime.NumCPU(), ParallelThreads: b.AllCores(), FrameMs: FrameMs, Rules: modes.Names()}
	for i := range b.rows {
		r := &b.rows[i]
		rr := RowReport{Shape: r.Shape, Nodes: r.Nodes, Floor: measureReport(r.Floor, r), StoredFloor: measureReport(r.Stored, r)}
		for k, m := range modes.All {
			rr.Rules = append(rr.Rules, RuleReport{Rule: m.Name, Serial: measureReport(r.Serial[k], r), Parallel: measureReport(r.Parallel[k], r)})
		}
		rep.Rows = append(rep.Rows, rr)
	}
	cr := b.ClaimRow(b.cfg.Shapes[0])
	for i := range Claims {
		c := &Claims[i]
		out := ClaimReport{Tag: c.Tag, Seed: c.Seed, File: c.File, Document: c.Document, Quote: c.Quote, About: c.About, Measured: c.Measured}
		if cr != nil {
			ratio := c.Ratio(cr)
			out.Shape, out.Nodes, out.Ratio = cr.Shape, cr.Nodes, &ratio
		}
		rep.Claims = append(rep.Claims, out)
	}
	return rep
}

// measureReport returns m in row r as a MeasureReport, nil when not
// measured.
func measureReport(m Measure, r *Row) *MeasureReport {
	if !m.Done() {
		return nil
	}
	return &MeasureReport{NsPerNode: m.NsPerNode, FrameMs: m.FrameNs(r.Nodes) / 1e6, FPS: m.FPS(r.Nodes),
		XFloor: m.NsPerNode / r.Floor.NsPerNode, Samples: m.Samples, Calls: m.Calls}
}

// WriteJSON writes b's Report as indented JSON.
func WriteJSON(w io.Writer, b *Bench) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(NewReport(b))
}

// header is the text and Markdown formats' first lines: what is measured
// and on what.
func header(b *Bench) []string {
	threads := "one thread only (all cores: " + OneThreadReason(b.AllCores()) + ")"
	if n := b.AllCores(); n > 0 {
		threads = "all cores = " + strconv.Itoa(n) + " threads" + poolNote
	}
	return []string{
		"skewlab cost: one world update of every rule in the 3x4 layout (Mode.Affine), ns per node (median of timed batches), x the floor, updates per second",
		fmt.Sprintf("%s/%s, %s, %d CPUs; %s; one 60 Hz frame is %.1f ms", runtime.GOOS, runtime.GOARCH, runtime.Version(), runtime.NumCPU(), threads, FrameMs),
		"floor: a hand-written float64 3x4 product with locals built from TRS, one thread; stored floor: the same from stored local matrices",
	}
}

// OneThreadReason says why the all-cores column is not measured, for a
// Bench whose AllCores is 0: a browser, or one core, GOMAXPROCS 1 or
// -workers 1. "" when all is a number above 0.
func OneThreadReason(all int) string {
	switch {
	case all > 0:
		return ""
	case runtime.GOOS == "js":
		return "WebAssembly in a browser runs Go on one thread"
	}
	return "one core (GOMAXPROCS 1), or -workers 1"
}

// kernelRows returns row r's lines for the tables: the floor, the stored
// floor, then every rule, each with its one-thread and all-cores
// measure (the floors have none on all cores).
func kernelRows(r *Row) (names []string, serial, parallel []Measure) {
	names = append(names, "floor", "stored floor")
	serial = append(serial, r.Floor, r.Stored)
	parallel = append(parallel, notMeasured, notMeasured)
	for k, m := range modes.All {
		names = append(names, m.Name)
		serial = append(serial, r.Serial[k])
		parallel = append(parallel, r.Parallel[k])
	}
	return names, serial, parallel
}

// cells formats m in row r as the tables' three cells: ns per node, x
// floor, updates per second ("-" for each when not measured).
func cells(m Measure, r *Row) [3]string {
	if !m.Done() {
		return [3]string{"-", "-", "-"}
	}
	return [3]string{strconv.FormatFloat(m.NsPerNode, 'f', 1, 64),
		strconv.FormatFloat(m.NsPerNode/r.Floor.NsPerNode, 'f', 2, 64),
		fpsText(m.FPS(r.Nodes))}
}

// fpsText writes updates per second: whole and grouped from 100 up, one
// decimal below.
func fpsText(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "-"
	}
	if f >= 100 {
		return string(render.AppendGrouped(nil, int(math.Round(f))))
	}
	return strconv.FormatFloat(f, 'f', 1, 64)
}

// shapeTitle returns the title of a shape name.
func shapeTitle(s string) string {
	for i, n := range Shapes {
		if n == s {
			return ShapeTitles[i]
		}
	}
	return s
}

// WriteTable writes b's measurements as aligned text: the header, then
// per shape and size a table of the floors and every rule, then the
// claims with their measured ratios.
func WriteTable(w io.Writer, b *Bench) error {
	bw := bufio.NewWriter(w)
	for _, l := range header(b) {
		fmt.Fprintln(bw, l)
	}
	for i := range b.rows {
		r := &b.rows[i]
		fmt.Fprintf(bw, "\n%s, %s nodes\n", shapeTitle(r.Shape), render.AppendGrouped(nil, r.Nodes))
		fmt.Fprintf(bw, "%-20s %10s %8s %10s %10s %8s %10s\n", "rule", "1 thread", "x floor", "fps", "all cores", "x floor", "fps")
		names, ser, par := kernelRows(r)
		for j, name := range names {
			s, p := cells(ser[j], r), cells(par[j], r)
			fmt.Fprintf(bw, "%-20s %10s %8s %10s %10s %8s %10s\n", name, s[0], s[1], s[2], p[0], p[1], p[2])
		}
	}
	fmt.Fprintln(bw)
	writeClaims(bw, b, "")
	return bw.Flush()
}

// writeClaims writes the claims, one paragraph each, every line after
// prefix ("- " for Markdown's list).
func writeClaims(w io.Writer, b *Bench, prefix string) {
	r := b.ClaimRow(b.cfg.Shapes[0])
	if r == nil {
		fmt.Fprintln(w, "The seeds' claims: nothing measured yet.")
		return
	}
	fmt.Fprintf(w, "The seeds' claims, measured on the %s of %s nodes:\n", shapeTitle(r.Shape), render.AppendGrouped(nil, r.Nodes))
	for i := range Claims {
		c := &Claims[i]
		fmt.Fprintf(w, "%s[%s] %s (%s, %s): %q, about %s. Measured: %s, %s.\n",
			prefix, c.Tag, c.Seed, c.File, c.Document, c.Quote, c.About, c.Measured, RatioText(c, c.Ratio(r)))
	}
}

// RatioText writes a claim's measured ratio in its unit: "+14 %" for
// "%", "1.31x" for "x"; "not measured" for NaN.
func RatioText(c *Claim, ratio float64) string {
	if math.IsNaN(ratio) || math.IsInf(ratio, 0) {
		return "not measured"
	}
	if c.Unit == "%" {
		return fmt.Sprintf("%+.0f %%", (ratio-1)*100)
	}
	return strconv.FormatFloat(ratio, 'f', 2, 64) + "x"
}

// WriteMarkdown writes the same as WriteTable as Markdown: the header as
// a paragraph, a table per shape and size, the claims as a list.
func WriteMarkdown(w io.Writer, b *Bench) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, strings.Join(header(b), ".\n")+".")
	for i := range b.rows {
		r := &b.rows[i]
		fmt.Fprintf(bw, "\n**%s, %s nodes**\n\n", shapeTitle(r.Shape), render.AppendGrouped(nil, r.Nodes))
		fmt.Fprintln(bw, "| rule | 1 thread, ns/node | × floor | fps | all cores, ns/node | × floor | fps |")
		fmt.Fprintln(bw, "|---|---:|---:|---:|---:|---:|---:|")
		names, ser, par := kernelRows(r)
		for j, name := range names {
			s, p := cells(ser[j], r), cells(par[j], r)
			fmt.Fprintf(bw, "| %s | %s | %s | %s | %s | %s | %s |\n", name, s[0], s[1], s[2], p[0], p[1], p[2])
		}
	}
	fmt.Fprintln(bw)
	writeClaims(bw, b, "- ")
	return bw.Flush()
}

// WriteCSV writes one line per measured cost: shape, nodes, kernel (a
// rule's name, floor or stored-floor), threads, nsPerNode, frameMs, fps,
// xFloor, samples, calls.
func WriteCSV(w io.Writer, b *Bench) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "shape,nodes,kernel,threads,nsPerNode,frameMs,fps,xFloor,samples,calls")
	for i := range b.rows {
		r := &b.rows[i]
		names, ser, par := kernelRows(r)
		for j, name := range names {
			name = strings.ReplaceAll(name, " ", "-")
			for t, m := range [2]Measure{ser[j], par[j]} {
				if !m.Done() {
					continue
				}
				threads := 1
				if t == 1 {
					threads = b.AllCores()
				}
				fmt.Fprintf(bw, "%s,%d,%s,%d,%s,%s,%s,%s,%d,%d\n", r.Shape, r.Nodes, name, threads,
					num(m.NsPerNode), num(m.FrameNs(r.Nodes)/1e6), num(m.FPS(r.Nodes)), num(m.NsPerNode/r.Floor.NsPerNode), m.Samples, m.Calls)
			}
		}
	}
	return bw.Flush()
}

// num writes a number in the shortest form that reads back exactly.
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
