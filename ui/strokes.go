package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/render"
)

// Strokes is the ebiten sink for render's segments: one reusable path per
// (colour, width), outlined once when the picture changes (Build, called
// from Update) and filled on every drawn frame (Draw). Its buffers are
// reused, so rebuilding an unchanged-size picture allocates nothing.
type Strokes struct {
	buckets []bucket
	n       int
	src     vector.Path // centre lines of the current bucket, reset per bucket
	stroke  vector.AddStrokeOptions
	draw    vector.DrawPathOptions
}

type bucket struct {
	color render.Color
	width float32
	path  vector.Path // the stroked outline, filled by Draw
}

// Reset empties every bucket, keeping their storage.
func (s *Strokes) Reset() {
	for i := 0; i < s.n; i++ {
		s.buckets[i].path.Reset()
	}
	s.n = 0
}

// Add outlines segs into their buckets. Segments whose ends are not finite
// are skipped. Call Reset first for a new picture; calls after add on top
// (a ghost first, then the main picture, so the main one draws last).
func (s *Strokes) Add(segs []render.Segment) {
	for i := 0; i < len(segs); {
		c, w := segs[i].Color, segs[i].Width
		j := i
		s.src.Reset()
		for ; j < len(segs) && segs[j].Color == c && segs[j].Width == w; j++ {
			a, b := segs[j].A, segs[j].B
			if !finite2(a[0], a[1]) || !finite2(b[0], b[1]) {
				continue
			}
			s.src.MoveTo(float32(a[0]), float32(a[1]))
			s.src.LineTo(float32(b[0]), float32(b[1]))
		}
		bk := s.bucket(c, w)
		s.stroke.Width = w
		s.stroke.LineCap = vector.LineCapRound
		bk.path.AddStroke(&s.src, &s.stroke)
		i = j
	}
}

// bucket returns the bucket for (c, w), appending one when it is new.
// Buckets keep their first-use order, which is the drawing order.
func (s *Strokes) bucket(c render.Color, w float32) *bucket {
	for i := 0; i < s.n; i++ {
		if s.buckets[i].color == c && s.buckets[i].width == w {
			return &s.buckets[i]
		}
	}
	if s.n == len(s.buckets) {
		s.buckets = append(s.buckets, bucket{})
	}
	b := &s.buckets[s.n]
	b.color, b.width = c, w
	b.path.Reset()
	s.n++
	return b
}

// Draw fills every bucket's outline in its colour onto dst.
func (s *Strokes) Draw(dst *ebiten.Image) {
	for i := 0; i < s.n; i++ {
		b := &s.buckets[i]
		s.draw.AntiAlias = true
		s.draw.ColorScale.Reset()
		s.draw.ColorScale.Scale(b.color.R*b.color.A, b.color.G*b.color.A, b.color.B*b.color.A, b.color.A)
		vector.FillPath(dst, &b.path, nil, &s.draw)
	}
}

func finite2(x, y float64) bool {
	return x-x == 0 && y-y == 0
}
