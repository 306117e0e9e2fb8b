//go:build !js

package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// TestAuditToleranceIsAFraction: -tolerance is a fraction of the
// model's size in (0, 1]. Before, any finite positive number was taken,
// and 1e308 times the rig's size (8.081 units) printed a limit of +Inf.
// Now 1e308, and anything above 1, is one line and exit 2; at 1 the
// limit is the size itself (1 × size), finite in text and JSON.
func TestAuditToleranceIsAFraction(t *testing.T) {
	dir := writeFixtures(t, 100)
	rig := filepath.Join(dir, "rig.gltf")
	for _, tol := range []string{"1e308", "1.7976931348623157e308", "2", "1.000001"} {
		code, out, errs := runCmd(t, "audit", rig, "-tolerance", tol)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: audit: -tolerance") || !strings.Contains(errs, "at most 1") {
			t.Errorf("-tolerance %s: exit %d, stdout %q, stderr %q; want 2, nothing, one line", tol, code, out, errs)
		}
	}
	code, out, errs := runCmd(t, "audit", rig, "-tolerance", "1")
	if code == 2 || errs != "" || strings.Contains(out, "Inf") || strings.Contains(out, "NaN") {
		t.Errorf("-tolerance 1: exit %d, stderr %q, output:\n%s", code, errs, out)
	}
	code, out, errs = runCmd(t, "audit", rig, "-tolerance", "1", "-format", "json")
	var doc struct {
		Tolerance float64
		Scenes    []struct{ Size, Limit float64 }
	}
	if err := json.Unmarshal([]byte(out), &doc); code == 2 || errs != "" || err != nil || doc.Tolerance != 1 || len(doc.Scenes) != 1 {
		t.Fatalf("-tolerance 1 -format json: exit %d, stderr %q, %v:\n%s", code, errs, err, out)
	}
	// The rig's bounding box is 8.081 units across (docs/audit.md); JSON
	// rounds to 12 decimals.
	if s := doc.Scenes[0]; !(s.Size > 8 && s.Size < 8.1) || math.Abs(s.Limit-s.Size) > 1e-11 {
		t.Errorf("-tolerance 1: size %v, limit %v; want the limit to be the size, about 8.081", s.Size, s.Limit)
	}
}
