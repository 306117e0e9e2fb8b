package dynamics

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
)

// objectKeys returns the sorted keys of the JSON object data.
func objectKeys(t *testing.T, data []byte) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("not a JSON object (%v): %s", err, data)
	}
	return strings.Join(slices.Sorted(maps.Keys(m)), " ")
}

// TestReportJSONKeys pins every key of the dynamics JSON: camelCase with
// the unit last (docs/cli.md lists the snake_case names they replaced:
// t_s, applied_N, vel_m_s, disc_spin_deg_s, impulse_N_s, ...).
func TestReportJSONKeys(t *testing.T) {
	var docs struct {
		Turntable json.RawMessage
		Crash     []json.RawMessage
	}
	for _, preset := range PresetNames() {
		lab, _ := NewPreset(preset)
		r, err := NewReport(lab, preset, 1.5)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := r.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"turntable": "preset timeS turntable", "crash": "crash preset timeS"}[preset]
		if got := objectKeys(t, b.Bytes()); got != want {
			t.Errorf("%s: keys %q", preset, got)
		}
		if err := json.Unmarshal(b.Bytes(), &docs); err != nil {
			t.Fatal(err)
		}
	}
	if len(docs.Crash) != 2 {
		t.Fatalf("%d crash reports, want 2", len(docs.Crash))
	}
	var tt, cr struct {
		BallWorld, CarWorld, ForcesWorld json.RawMessage
	}
	json.Unmarshal(docs.Turntable, &tt)
	json.Unmarshal(docs.Crash[0], &cr)
	for _, c := range []struct {
		data []byte
		want string
	}{
		{docs.Turntable, "ballLocal ballWorld discAlphaDegPerS2 discAngleDeg discSpinDegPerS forcesWorld params"},
		{docs.Crash[0], "boxLocal boxWorld carAlphaDegPerS2 carRotationWxyz carSpinDegPerS carWorld carYawDeg correctionAccMPerS2 correctionVelMPerS counteract crashed forcesWorld impulseNS params"},
		{tt.BallWorld, "accMPerS2 posM velMPerS"},
		{cr.CarWorld, "accMPerS2 posM velMPerS"},
		{tt.ForcesWorld, "appliedN centrifugalN coriolisN eulerN translationalN"},
		{cr.ForcesWorld, "appliedN centrifugalN coriolisN eulerN translationalN"},
	} {
		if got := objectKeys(t, c.data); got != c.want {
			t.Errorf("keys %q, want %q", got, c.want)
		}
	}
}

// TestNewReportBadTime: a time RunTo refuses is an error, not a report.
func TestNewReportBadTime(t *testing.T) {
	for _, preset := range PresetNames() {
		lab, _ := NewPreset(preset)
		if _, err := NewReport(lab, preset, MaxTime*2); err == nil {
			t.Errorf("%s at %g s: no error", preset, MaxTime*2)
		}
	}
}
