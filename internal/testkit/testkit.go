// Package testkit holds checks that the tests of several packages share.
// It is imported by tests only.
package testkit

import (
	"encoding/json"
	"os"
	"testing"
)

// CheckCamelKeys fails the test for any JSON object key that is not
// camelCase (a lower-case letter, then letters and digits).
func CheckCamelKeys(t *testing.T, data []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("bad JSON: %v", err)
	}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				ok := k != "" && k[0] >= 'a' && k[0] <= 'z'
				for _, r := range k {
					ok = ok && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
				}
				if !ok {
					t.Errorf("JSON key %q is not camelCase", k)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
}

// DirNames returns the names of the entries of dir, sorted (os.ReadDir's
// order); a folder that cannot be read fails the test.
func DirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}
