package gltfio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// badNumber finds the first bare NaN, Infinity or -Infinity outside a
// string in a JSON text (what some exporters write; JSON has no such
// numbers) and returns its path, such as "nodes[3].matrix[5]", and the
// token. ok is false when there is none. It reads the text once, tracking
// only the container stack, so it costs linear time and no parse.
func badNumber(text []byte) (path, token string, ok bool) {
	type level struct {
		array bool
		key   string
		index int
	}
	var stack []level
	expectKey := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(text) && text[j] != '"' {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(text) {
				return "", "", false
			}
			if expectKey && len(stack) > 0 && !stack[len(stack)-1].array {
				var k string
				if json.Unmarshal(text[i:j+1], &k) != nil {
					k = string(text[i+1 : j])
				}
				stack[len(stack)-1].key = k
				expectKey = false
			}
			i = j
		case c == '{':
			stack = append(stack, level{})
			expectKey = true
		case c == '[':
			stack = append(stack, level{array: true})
		case c == '}' || c == ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case c == ',':
			if len(stack) > 0 {
				if stack[len(stack)-1].array {
					stack[len(stack)-1].index++
				} else {
					expectKey = true
				}
			}
		case c == 'N' || c == 'I' || c == '-' && i+1 < len(text) && text[i+1] == 'I':
			for _, tok := range []string{"NaN", "Infinity", "-Infinity"} {
				if bytes.HasPrefix(text[i:], []byte(tok)) {
					var b []byte
					for k, l := range stack {
						if l.array {
							b = append(b, '[')
							b = strconv.AppendInt(b, int64(l.index), 10)
							b = append(b, ']')
						} else {
							if k > 0 {
								b = append(b, '.')
							}
							b = append(b, l.key...)
						}
					}
					return string(b), tok, true
				}
			}
		}
	}
	return "", "", false
}

// jsonError rewrites encoding/json's errors on text as a sentence with
// the line and column of a syntax error.
func jsonError(text []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := 1, 1
		for _, c := range text[:min(int(se.Offset), len(text))] {
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return fmt.Sprintf("invalid JSON at line %d, column %d: %v", line, col, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("%s has the wrong type (%s where glTF has %s)", te.Field, te.Value, te.Type)
	}
	return err.Error()
}
