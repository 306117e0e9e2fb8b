package drift

import (
	"math"
)

// Article is the article's own table: the frame at which its float32
// set_rotation first exceeded each of Thresholds (202 frames for 1e-6, ...,
// 100,575 for 1e-3). It does not say its axis, step or maths library.
var Article = [NumThresholds]int{202, 437, 897, 1654, 3511, 8823, 14393, 24605, 52203, 100575}

// FrameRate is the frame rate the table converts frames to time with (the
// article's 60 Hz).
const FrameRate = 60

// MaxSlice is the most frames one Lab.Advance call computes, so that a UI
// fast-forwarding in slices keeps drawing: 5,000 frames of all five
// storages cost about 3 ms on the reference machine (see BenchmarkLabSlice).
const MaxSlice = 5000

// Point is one plotted point of a decimated error series: Err is the largest
// error over the frames up to and including Frame since the previous point.
type Point struct {
	Frame int
	Err   float64
}

// Series is an error series kept at bounded memory: it holds at most its
// capacity in points; when full, neighbouring points are merged in pairs
// (keeping the larger error and the later frame) and each point covers twice
// as many frames from then on. A run of N frames with capacity P therefore
// keeps between P/2 and P points, each the maximum over a bucket of the
// power-of-two width just above 2N/P frames, so spikes stay visible.
type Series struct {
	pts   []Point
	width int // frames per point
	fill  int // frames in the open bucket
	open  Point
}

// newSeries returns an empty Series of capacity p (at least 2, even).
func newSeries(p int) Series {
	if p < 2 {
		p = 2
	}
	p += p % 2
	return Series{pts: make([]Point, 0, p), width: 1}
}

// add appends frame k's error; it never allocates.
func (s *Series) add(k int, err float64) {
	if s.fill == 0 || err > s.open.Err || math.IsNaN(err) {
		s.open.Err = err
	}
	s.open.Frame = k
	s.fill++
	if s.fill < s.width {
		return
	}
	if len(s.pts) == cap(s.pts) {
		for i := 0; i < len(s.pts)/2; i++ {
			a, b := s.pts[2*i], s.pts[2*i+1]
			if a.Err > b.Err || math.IsNaN(a.Err) {
				b.Err = a.Err
			}
			s.pts[i] = b
		}
		s.pts = s.pts[:len(s.pts)/2]
		s.width *= 2
		if s.fill < s.width {
			return
		}
	}
	s.pts = append(s.pts, s.open)
	s.fill = 0
}

// reset empties the series, keeping its capacity.
func (s *Series) reset() {
	s.pts, s.width, s.fill, s.open = s.pts[:0], 1, 0, Point{}
}

// Pending returns the open bucket as a point (its frames so far: the
// largest error and the last frame) and true, or false when the last frame
// added closed a bucket (or nothing was added). Points followed by the
// pending point cover every frame added.
func (s *Series) Pending() (Point, bool) {
	return s.open, s.fill > 0
}

// Points returns the closed points, oldest first. The slice is the Series'
// own storage: read it before the next Advance, do not keep it.
func (s *Series) Points() []Point { return s.pts }

// Width returns the number of frames each closed point covers.
func (s *Series) Width() int { return s.width }

// Row is one storage's line of the table after Frames frames.
type Row struct {
	// Kind is the storage.
	Kind Kind
	// Frames is the number of frames run.
	Frames int
	// Cross[i] is the first frame whose error exceeded Thresholds[i], 0
	// for never.
	Cross [NumThresholds]int
	// Final and Max are the last and largest relative scale errors.
	Final, Max float64
	// Exponent is the growth exponent (Stats.Exponent), NaN if undefined.
	Exponent float64
	// Scale is the current column lengths.
	Scale Vec3
}

// Lab is the model the drift lab's window drives: one Run per storage, all
// spun by the same Config in step, each with a decimated error Series for the
// plot. Advance computes frames in bounded slices; nothing allocates after
// NewLab.
type Lab struct {
	cfg    Config
	axis   Vec3
	runs   [NumKinds]*Run
	series [NumKinds]Series
	// differ[j] has bit i set once storage i's error differed from
	// storage j's at some frame (frame 0 included).
	differ [NumKinds]uint8
}

// NewLab returns a Lab at frame 0 for c, keeping at most points points of
// error series per storage (at least 2). It returns c's validation error for
// a bad Config.
func NewLab(c Config, points int) (*Lab, error) {
	l := &Lab{cfg: c, axis: c.UnitAxis()}
	for k := range l.runs {
		r, err := NewRun(Kind(k), c)
		if err != nil {
			return nil, err
		}
		l.runs[k] = r
		l.series[k] = newSeries(points)
	}
	l.compare()
	return l, nil
}

// compare records which storages' current errors differ (NaN differs from
// everything, itself included).
func (l *Lab) compare() {
	for j := 1; j < NumKinds; j++ {
		for i := 0; i < j; i++ {
			if !(l.runs[i].err == l.runs[j].err) {
				l.differ[j] |= 1 << i
			}
		}
	}
}

// SameAs returns the first storage (in Kind order, before k) whose error
// has equalled storage k's at every frame so far, frame 0 included, so
// that their plotted curves coincide; k itself when there is none, before
// the first frame, or for an unknown kind.
func (l *Lab) SameAs(k Kind) Kind {
	if k <= 0 || k >= NumKinds || l.Frame() == 0 {
		return k
	}
	for i := Kind(0); i < k; i++ {
		if l.differ[k]&(1<<i) == 0 {
			return i
		}
	}
	return k
}

// Config returns the Lab's configuration.
func (l *Lab) Config() Config { return l.cfg }

// Frame returns the number of frames computed so far.
func (l *Lab) Frame() int { return l.runs[0].Frame() }

// Advance computes the next min(n, MaxSlice) frames of every storage (none
// for n <= 0) and returns how many it computed. The frame's quaternion is
// built once and given to all storages. It never allocates.
func (l *Lab) Advance(n int) int {
	n = min(n, MaxSlice)
	for i := 0; i < n; i++ {
		k := l.Frame() + 1
		q, lk := QuatRotate(l.cfg.AngleRad(k), l.axis), logFrame(k)
		for j, r := range l.runs {
			r.apply(k, lk, q)
			l.series[j].add(k, r.err)
		}
		l.compare()
	}
	return max(n, 0)
}

// Reset returns every storage to frame 0 and empties the series without
// allocating new series storage.
func (l *Lab) Reset() {
	for j, r := range l.runs {
		r.Reset()
		l.series[j].reset()
	}
	l.differ = [NumKinds]uint8{}
	l.compare()
}

// Run returns the run of storage k, or nil for an unknown kind.
func (l *Lab) Run(k Kind) *Run {
	if k < 0 || k >= NumKinds {
		return nil
	}
	return l.runs[k]
}

// Series returns the error series of storage k, or nil for an unknown kind.
func (l *Lab) Series(k Kind) *Series {
	if k < 0 || k >= NumKinds {
		return nil
	}
	return &l.series[k]
}

// Row returns storage k's table row (the zero Row for an unknown kind).
func (l *Lab) Row(k Kind) Row {
	r := l.Run(k)
	if r == nil {
		return Row{}
	}
	st := r.Stats()
	return Row{Kind: k, Frames: st.Frames, Cross: st.Cross, Final: st.Final,
		Max: st.Max, Exponent: st.Exponent(), Scale: r.Scale()}
}

// Rows returns every storage's row in Kind order.
func (l *Lab) Rows() [NumKinds]Row {
	var rows [NumKinds]Row
	for k := range rows {
		rows[k] = l.Row(Kind(k))
	}
	return rows
}

// Table runs every storage of c for frames frames and returns the rows, or
// c's validation error. It is Lab.Advance in slices, with a 2-point series.
func Table(c Config, frames int) ([NumKinds]Row, error) {
	l, err := NewLab(c, 2)
	if err != nil {
		return [NumKinds]Row{}, err
	}
	for l.Frame() < frames {
		l.Advance(frames - l.Frame())
	}
	return l.Rows(), nil
}
