package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"skewlab/modes"
	"skewlab/transform"
)

// modeHead is ModeReport with the nodes left out, for streaming: Nodes
// holds a placeholder that WriteJSON replaces by the streamed array.
type modeHead struct {
	Preset        string          `json:"preset,omitempty"`
	Scene         string          `json:"scene,omitempty"`
	Animation     *int            `json:"animation,omitempty"`
	AnimationName string          `json:"animationName,omitempty"`
	Time          *float64        `json:"time,omitempty"`
	Mode          string          `json:"mode"`
	Note          string          `json:"note,omitempty"`
	Notes         []string        `json:"notes,omitempty"`
	Nodes         json.RawMessage `json:"nodes"`
	Edits         Edits           `json:"edits,omitzero"`
}

// WriteJSON writes the reports of list (at least one mode) as
// json.MarshalIndent(v, "", "  ") would write one ModeReport (one mode) or
// an array of them (several), followed by a newline, node by node through
// w. Any encoding or write error is returned (what was written before it
// stays written); the caller flushes w. A number that is not finite is an
// error naming the node (undefined values are null, so this is a guard).
func (r *Reporter) WriteJSON(w *bufio.Writer, list []modes.Mode, src Source, edits Edits) error {
	base := "" // indentation of each mode's object
	if len(list) > 1 {
		base = "  "
		w.WriteString("[\n")
	}
	for k, m := range list {
		anim, name, tm := src.Posed.animationFields()
		head, err := json.MarshalIndent(modeHead{Preset: src.Preset, Scene: src.Scene, Animation: anim, AnimationName: name, Time: tm, Mode: m.Name, Note: modes.RulesNote(r.sc.Nodes, m), Notes: r.sc.Notes, Nodes: json.RawMessage("0"), Edits: edits}, base, "  ")
		if err != nil {
			return err
		}
		// The first "nodes": 0 is the key: inside a string the quotes would
		// be escaped.
		const key = `"nodes": 0`
		cut := bytes.Index(head, []byte(key))
		if cut < 0 {
			return fmt.Errorf("internal: no nodes key in %s", head)
		}
		w.WriteString(base)
		w.Write(head[:cut+len(key)-1])
		if err := r.writeNodesJSON(w, m, base+"  "); err != nil {
			return err
		}
		w.Write(head[cut+len(key):])
		if k < len(list)-1 {
			w.WriteString(",")
		}
		w.WriteString("\n")
	}
	if len(list) > 1 {
		w.WriteString("]\n")
	}
	return nil
}

// writeNodesJSON writes mode m's nodes as an indented JSON array whose
// closing bracket is at indent.
func (r *Reporter) writeNodesJSON(w *bufio.Writer, m modes.Mode, indent string) error {
	if len(r.sc.Nodes) == 0 {
		_, err := w.WriteString("[]")
		return err
	}
	r.Compute(m)
	elem := indent + "  "
	w.WriteString("[\n")
	var b []byte
	for i := range r.sc.Nodes {
		n := r.Node(i)
		if err := checkFinite(&n); err != nil {
			return err
		}
		b = appendNode(b[:0], &n, elem)
		w.WriteString(elem)
		w.Write(b)
		if i < len(r.sc.Nodes)-1 {
			w.WriteString(",")
		}
		if _, err := w.WriteString("\n"); err != nil {
			return err
		}
	}
	_, err := w.WriteString(indent + "]")
	return err
}

// checkFinite returns an error naming the node when a number in n is not
// finite: JSON has no such numbers. The readouts make undefined values
// null, so this is a guard, not a path.
func checkFinite(n *Node) error {
	v := append(append(append([]float64{}, n.Local.Position[:]...), n.Local.Rotation[:]...), n.Local.Scale[:]...)
	w := &n.World
	if w.Matrix != nil {
		for r := range w.Matrix {
			v = append(v, w.Matrix[r][:]...)
		}
	}
	for _, p := range []*[3]float64{w.Position, w.LossyScale, w.PolarStretch} {
		if p != nil {
			v = append(v, p[:]...)
		}
	}
	for _, p := range []*float64{w.SkewDegrees, w.Volume} {
		if p != nil {
			v = append(v, *p)
		}
	}
	for _, x := range v {
		if !transform.Finite(x) {
			return fmt.Errorf("node %q: %g cannot be written as JSON", n.Name, x)
		}
	}
	return nil
}

// jsonIndent appends JSON to b laid out exactly as json.MarshalIndent
// with the given prefix and an indent of two spaces, without reflection
// or a second pass: the report writes 10^5 nodes per mode with it.
// report_test.go checks it byte for byte against MarshalIndent.
type jsonIndent struct {
	b      []byte
	prefix string
	depth  int
	first  bool // no member or element yet in the open container
}

func (w *jsonIndent) newline() {
	w.b = append(w.b, '\n')
	w.b = append(w.b, w.prefix...)
	for range w.depth {
		w.b = append(w.b, ' ', ' ')
	}
}

func (w *jsonIndent) open(c byte) {
	w.b = append(w.b, c)
	w.depth++
	w.first = true
}

func (w *jsonIndent) close(c byte) {
	w.depth--
	w.newline()
	w.b = append(w.b, c)
	w.first = false
}

// elem starts the next element of the open array.
func (w *jsonIndent) elem() {
	if !w.first {
		w.b = append(w.b, ',')
	}
	w.first = false
	w.newline()
}

// key starts the member k of the open object (k needs no escaping).
func (w *jsonIndent) key(k string) {
	w.elem()
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':', ' ')
}

func (w *jsonIndent) null() { w.b = append(w.b, "null"...) }

func (w *jsonIndent) bool(v bool) { w.b = strconv.AppendBool(w.b, v) }

// float appends f as encoding/json does: the shortest representation,
// exponent form below 1e-6 and from 1e21 on, with e-07 written e-7. f
// must be finite (the report writes null for undefined values).
func (w *jsonIndent) float(f float64) {
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	w.b = strconv.AppendFloat(w.b, f, format, -1, 64)
	if format == 'e' {
		n := len(w.b)
		if n >= 4 && w.b[n-4] == 'e' && w.b[n-3] == '-' && w.b[n-2] == '0' {
			w.b[n-2] = w.b[n-1]
			w.b = w.b[:n-1]
		}
	}
}

// str appends s as a JSON string, escaped as encoding/json escapes it
// (HTML characters too); plain printable ASCII is copied directly.
func (w *jsonIndent) str(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always encodes
			w.b = append(w.b, q...)
			return
		}
	}
	w.b = append(w.b, '"')
	w.b = append(w.b, s...)
	w.b = append(w.b, '"')
}

func (w *jsonIndent) floats(v []float64) {
	w.open('[')
	for _, x := range v {
		w.elem()
		w.float(x)
	}
	w.close(']')
}

// appendNode appends n as MarshalIndent(n, prefix, "  ") writes it.
func appendNode(b []byte, n *Node, prefix string) []byte {
	w := jsonIndent{b: b, prefix: prefix}
	w.open('{')
	w.key("name")
	w.str(n.Name)
	w.key("parent")
	w.optStr(n.Parent)
	if n.Rule != "" {
		w.key("rule")
		w.str(n.Rule)
	}
	w.key("local")
	w.open('{')
	w.key("position")
	w.floats(n.Local.Position[:])
	w.key("rotation")
	w.floats(n.Local.Rotation[:])
	w.key("scale")
	w.floats(n.Local.Scale[:])
	w.close('}')
	w.key("world")
	w.open('{')
	wr := &n.World
	w.key("matrix")
	if wr.Matrix != nil {
		w.open('[')
		for r := range wr.Matrix {
			w.elem()
			w.floats(wr.Matrix[r][:])
		}
		w.close(']')
	} else {
		w.null()
	}
	w.key("position")
	w.vec(wr.Position)
	w.key("skewDegrees")
	w.optFloat(wr.SkewDegrees)
	w.key("volume")
	w.optFloat(wr.Volume)
	w.key("lossyScale")
	w.vec(wr.LossyScale)
	w.key("polarStretch")
	w.vec(wr.PolarStretch)
	w.key("trsRepresentable")
	w.optBool(wr.TRSRepresentable)
	if wr.Undefined != "" {
		w.key("undefined")
		w.str(wr.Undefined)
	}
	w.close('}')
	w.close('}')
	return w.b
}

func (w *jsonIndent) vec(p *[3]float64) {
	if p == nil {
		w.null()
		return
	}
	w.floats(p[:])
}

func (w *jsonIndent) optFloat(p *float64) {
	if p == nil {
		w.null()
		return
	}
	w.float(*p)
}

// optStr appends *p, or null when p is nil.
func (w *jsonIndent) optStr(p *string) {
	if p == nil {
		w.null()
		return
	}
	w.str(*p)
}

// optBool appends *p, or null when p is nil.
func (w *jsonIndent) optBool(p *bool) {
	if p == nil {
		w.null()
		return
	}
	w.bool(*p)
}
