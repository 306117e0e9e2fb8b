package drift

import (
	"testing"
	"time"
)

func newTestModel(t testing.TB) *Model {
	t.Helper()
	m, err := NewModel()
	if err != nil {
		t.Fatal(err)
	}
	m.Budget = time.Hour // exact frame counts, whatever the machine's speed
	return m
}

func TestModelSpeeds(t *testing.T) {
	m := newTestModel(t)
	want := 0
	for i, per := range Speeds {
		m.Speed = i
		for tick := 0; tick < 3; tick++ {
			if n := m.Tick(); n != per {
				t.Fatalf("speed x%d tick %d: computed %d frames, want %d", per, tick, n, per)
			}
			want += per
		}
		if got := m.Lab.Frame(); got != want {
			t.Fatalf("after speed x%d: frame %d, want %d", per, got, want)
		}
	}
	m.Paused = true
	if n := m.Tick(); n != 0 || m.Lab.Frame() != want {
		t.Errorf("paused tick computed %d frames (frame %d), want none", n, m.Lab.Frame())
	}
}

// A tick over budget still computes one chunk, so a slow machine makes
// progress, and never more than the speed asks.
func TestModelBudget(t *testing.T) {
	m := newTestModel(t)
	m.Speed, m.Budget = 2, 0
	if n := m.Tick(); n != TickChunk {
		t.Errorf("zero budget at x10,000: %d frames, want one chunk of %d", n, TickChunk)
	}
	m.Budget = DefaultBudget
	start := time.Now()
	n := m.Tick()
	if n < TickChunk || n > Speeds[2] {
		t.Errorf("x10,000 with the default budget computed %d frames", n)
	}
	t.Logf("x10,000 tick: %d frames in %v", n, time.Since(start))
}

func TestModelTargetAndReset(t *testing.T) {
	m := newTestModel(t)
	m.Speed, m.Target = 2, 0 // x10,000 toward 10,000
	m.Tick()
	if m.Lab.Frame() != 10_000 || !m.Done() || m.Progress() != 1 {
		t.Fatalf("frame %d, done %v, progress %g; want 10,000, true, 1", m.Lab.Frame(), m.Done(), m.Progress())
	}
	if n := m.Tick(); n != 0 {
		t.Errorf("a tick past the target computed %d frames", n)
	}
	m.Target = 1 // 100,000: runs on, stopping exactly at the target
	for m.Tick() > 0 {
	}
	if m.Lab.Frame() != 100_000 {
		t.Errorf("stopped at frame %d, want 100,000", m.Lab.Frame())
	}
	if e := m.Lab.Run(KindMatrix).Error(); !(e > 1e-5) {
		t.Errorf("matrix error at 100,000 frames is %g; the lab should show it drift", e)
	}
	m.Reset()
	if m.Lab.Frame() != 0 || len(m.Lab.Series(KindMatrix).Points()) != 0 || m.Lab.Run(KindMatrix).Error() != 0 {
		t.Errorf("after Reset: frame %d, %d points, error %g", m.Lab.Frame(), len(m.Lab.Series(KindMatrix).Points()), m.Lab.Run(KindMatrix).Error())
	}
	m.Tick()
	m.SetAxis(1)
	if m.Lab.Frame() != 0 || m.Lab.Config().Axis != Axes[1] {
		t.Errorf("SetAxis(1): frame %d, axis %v", m.Lab.Frame(), m.Lab.Config().Axis)
	}
}
