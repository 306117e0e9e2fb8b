package main

import (
	"encoding/json"
	"math"
	"strconv"
)

// jsonIndent appends JSON to b laid out exactly as json.MarshalIndent
// with the given prefix and an indent of two spaces, without reflection
// or a second pass: the report writes 10^5 nodes per mode with it.
// cmd_report_test.go checks it byte for byte against MarshalIndent.
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
func appendNode(b []byte, n *nodeReport, prefix string) []byte {
	w := jsonIndent{b: b, prefix: prefix}
	w.open('{')
	w.key("name")
	w.str(n.Name)
	w.key("parent")
	if n.Parent != nil {
		w.str(*n.Parent)
	} else {
		w.null()
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
	if wr.TRSRepresentable != nil {
		w.bool(*wr.TRSRepresentable)
	} else {
		w.null()
	}
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
