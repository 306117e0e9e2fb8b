package scene

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// decoder reads a scene file token by token, so that keys match exactly
// (encoding/json matches struct fields case-insensitively), duplicate keys
// and nulls are seen (encoding/json lets the last key win and reads null
// as zero), and raw string bytes can be checked for invalid UTF-8
// (encoding/json replaces it with U+FFFD). Every error names the node and
// the field.
type decoder struct {
	dec  *json.Decoder
	data []byte
	node string // label of the node being read ("" at the top level)
}

var (
	topKeys  = []string{"format", "nodes"}
	nodeKeys = []string{"name", "parent", "position", "rotation", "scale", "shape", "color", "rule", "shear", "rest"}
)

// decodeFile parses data into a fileScene under the strict rules of the
// docs/scene-files.md: exact keys, each at most once, no null except a
// node's parent, strings of valid UTF-8, nothing after the scene object.
// Values are not range-checked here; New does that.
func decodeFile(data []byte) (*fileScene, error) {
	d := &decoder{dec: json.NewDecoder(bytes.NewReader(data)), data: data}
	var f fileScene
	err := d.object(topKeys, "", "the scene must be a JSON object", func(key string) (err error) {
		switch key {
		case "format":
			f.Format, err = d.str("format")
		case "nodes":
			f.Nodes, err = d.nodes()
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if _, err := d.dec.Token(); err != io.EOF {
		return nil, &Error{Msg: "trailing data after the scene object"}
	}
	return &f, nil
}

// nodes reads the "nodes" list.
func (d *decoder) nodes() ([]fileNode, error) {
	if err := d.open('[', "nodes", "must be a list of node objects"); err != nil {
		return nil, err
	}
	var out []fileNode
	for d.dec.More() {
		d.node = fmt.Sprintf("#%d", len(out))
		n, err := d.fileNode()
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	d.node = ""
	if _, err := d.dec.Token(); err != nil { // the closing bracket
		return nil, d.syntax(err)
	}
	return out, nil
}

// fileNode reads one node object. Once its name is read, errors use it as
// the node's label.
func (d *decoder) fileNode() (fileNode, error) {
	var n fileNode
	err := d.object(nodeKeys, "", "must be a node object", func(key string) (err error) {
		switch key {
		case "name":
			if n.Name, err = d.str(key); err == nil && n.Name != "" {
				d.node = n.Name
			}
		case "parent":
			n.Parent, err = d.parent()
		case "position":
			n.Position, err = d.numbers(key)
		case "rotation":
			n.Rotation, err = d.numbers(key)
		case "scale":
			n.Scale, err = d.numbers(key)
		case "shape":
			n.Shape, err = d.str(key)
			if err == nil && n.Shape == "" {
				err = d.fail(key, `unknown shape "" (valid: none, cylinder, box)`)
			}
		case "color":
			n.Color, err = d.numbers(key)
		case "shear":
			n.Shear, err = d.numbers(key)
		case "rest":
			n.Rest, err = d.numbers(key)
		case "rule":
			n.Rule, err = d.str(key)
			if err == nil && n.Rule == "" {
				_, perr := ParseRule("")
				err = d.fail(key, perr.Error())
			}
		}
		return err
	})
	return n, err
}

// object reads a JSON object whose keys are among keys, each at most once
// (see key), calling field for each key with the decoder at its value;
// field must read the whole value. where and what describe the object for
// the error when it is not one (see open). The first error ends it.
func (d *decoder) object(keys []string, where, what string, field func(key string) error) error {
	if err := d.open('{', where, what); err != nil {
		return err
	}
	seen := make([]bool, len(keys))
	for d.dec.More() {
		key, err := d.key(keys, seen)
		if err != nil {
			return err
		}
		if err := field(key); err != nil {
			return err
		}
	}
	if _, err := d.dec.Token(); err != nil { // the closing brace
		return d.syntax(err)
	}
	return nil
}

// key reads an object key, which must be one of keys (exactly, case
// included) and not seen before in this object.
func (d *decoder) key(keys []string, seen []bool) (string, error) {
	k, err := d.str("")
	if err != nil {
		return "", err
	}
	for i, want := range keys {
		if k == want {
			if seen[i] {
				return "", d.fail(k, "appears twice")
			}
			seen[i] = true
			return k, nil
		}
	}
	for _, want := range keys {
		if strings.EqualFold(k, want) {
			return "", d.fail("", fmt.Sprintf("unknown field %q (keys are case-sensitive: did you mean %q?)", k, want))
		}
	}
	return "", d.fail("", fmt.Sprintf("unknown field %q (valid: %s)", k, strings.Join(keys, ", ")))
}

// parent reads a parent: a node name, or null for a root.
func (d *decoder) parent() (*string, error) {
	t, raw, err := d.token()
	if err != nil {
		return nil, d.syntax(err)
	}
	if t == nil {
		return nil, nil
	}
	s, ok := t.(string)
	if !ok {
		return nil, d.fail("parent", "must be a node name or null, got "+kind(t))
	}
	if err := checkRawString(raw); err != nil {
		return nil, d.fail("parent", err.Error())
	}
	return &s, nil
}

// str reads a string value of field (an object key when field is "").
func (d *decoder) str(field string) (string, error) {
	t, raw, err := d.token()
	if err != nil {
		return "", d.syntax(err)
	}
	s, ok := t.(string)
	if !ok {
		return "", d.fail(field, "must be a string, got "+kind(t))
	}
	if err := checkRawString(raw); err != nil {
		if field == "" {
			return "", d.fail("", "a key "+err.Error())
		}
		return "", d.fail(field, err.Error())
	}
	return s, nil
}

// numbers reads a list of numbers; the caller checks its length. The
// list is taken as one raw value and split by hand, which is several times
// faster than a token per number; the decoder has already checked that it
// is valid JSON, so each item starts with the character that says its type.
func (d *decoder) numbers(field string) ([]float64, error) {
	var raw json.RawMessage
	if err := d.dec.Decode(&raw); err != nil {
		return nil, d.syntax(err)
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '[' {
		return nil, d.fail(field, "must be a list of numbers, got "+rawKind(raw))
	}
	body := bytes.TrimSpace(raw[1 : len(raw)-1])
	out := make([]float64, 0, 4)
	if len(body) == 0 {
		return out, nil
	}
	for item := range bytes.SplitSeq(body, []byte{','}) {
		item = bytes.TrimSpace(item)
		if k := rawKind(item); k != "a number" {
			return nil, d.fail(field, fmt.Sprintf("item %d must be a number, got %s", len(out), k))
		}
		x, err := strconv.ParseFloat(string(item), 64)
		if err != nil {
			return nil, d.fail(field, fmt.Sprintf("item %d: %s is out of range", len(out), item))
		}
		out = append(out, x)
	}
	return out, nil
}

// rawKind names the JSON type of a raw value (or the start of one) by its
// first character.
func rawKind(raw []byte) string {
	if len(raw) == 0 {
		return "null"
	}
	switch raw[0] {
	case 'n':
		return "null"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case '[':
		return "a list"
	case '{':
		return "an object"
	}
	return "a number"
}

// open reads the opening delimiter delim of field's value; anything else
// (null included) is an error saying what the value must be.
func (d *decoder) open(delim json.Delim, field, must string) error {
	t, _, err := d.token()
	if err != nil {
		return d.syntax(err)
	}
	if t != delim {
		return d.fail(field, must+", got "+kind(t))
	}
	return nil
}

// token returns the next token with the raw bytes it was read from
// (including any separator and white space before it).
func (d *decoder) token() (json.Token, []byte, error) {
	start := d.dec.InputOffset()
	t, err := d.dec.Token()
	end := d.dec.InputOffset()
	return t, d.data[start:end], err
}

// fail returns an Error for the current node and field.
func (d *decoder) fail(field, msg string) error {
	return &Error{Node: d.node, Field: field, Msg: msg}
}

// syntax turns a decoder error into an Error for the current node; an
// early end of input reads as "unexpected end", not as io.EOF.
func (d *decoder) syntax(err error) error {
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	msg := "not a scene file: " + err.Error()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(d.data[:min(int(se.Offset), len(d.data))], []byte{'\n'})
		msg = fmt.Sprintf("not a scene file: line %d: %v", line, err)
	}
	return &Error{Node: d.node, Msg: msg}
}

// kind names a token's JSON type for error messages.
func kind(t json.Token) string {
	switch t := t.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case json.Delim:
		if t == '{' {
			return "an object"
		}
		if t == '[' {
			return "a list"
		}
	}
	return fmt.Sprintf("%v", t)
}

var errNotUTF8 = errors.New("is not valid UTF-8 (invalid bytes or an unpaired \\u surrogate escape)")

// checkRawString checks the raw bytes of a JSON string token: valid UTF-8,
// and every \u escape of a UTF-16 surrogate is part of a high-low pair.
// encoding/json would silently turn either fault into U+FFFD.
func checkRawString(raw []byte) error {
	if !utf8.Valid(raw) {
		return errNotUTF8
	}
	pendingHigh := false
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			if pendingHigh {
				return errNotUTF8
			}
			continue
		}
		i++ // the escaped character
		if i >= len(raw) || raw[i] != 'u' || i+4 >= len(raw) {
			if pendingHigh {
				return errNotUTF8
			}
			continue
		}
		var r rune
		for _, c := range raw[i+1 : i+5] {
			r = r<<4 | rune(hexVal(c))
		}
		i += 4
		switch {
		case r >= 0xd800 && r < 0xdc00: // high surrogate
			if pendingHigh {
				return errNotUTF8
			}
			pendingHigh = true
		case r >= 0xdc00 && r < 0xe000: // low surrogate
			if !pendingHigh {
				return errNotUTF8
			}
			pendingHigh = false
		default:
			if pendingHigh {
				return errNotUTF8
			}
		}
	}
	if pendingHigh {
		return errNotUTF8
	}
	return nil
}

// hexVal is the value of a hex digit (the decoder has already checked it).
func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}
