package dynamics

// Ring is a bounded history: a fixed-capacity ring buffer that keeps the
// most recent Cap() values pushed, oldest first. Push never allocates after
// NewRing. The zero value has capacity 0 and ignores pushes.
type Ring[T any] struct {
	buf      []T
	start, n int
}

// NewRing returns an empty ring holding up to capacity values (a capacity
// below 1 gives a ring that keeps nothing).
func NewRing[T any](capacity int) Ring[T] {
	if capacity < 0 {
		capacity = 0
	}
	return Ring[T]{buf: make([]T, capacity)}
}

// Push appends v, dropping the oldest value when the ring is full.
func (r *Ring[T]) Push(v T) {
	if len(r.buf) == 0 {
		return
	}
	if r.n < len(r.buf) {
		r.buf[(r.start+r.n)%len(r.buf)] = v
		r.n++
		return
	}
	r.buf[r.start] = v
	r.start = (r.start + 1) % len(r.buf)
}

// Len returns the number of values held.
func (r *Ring[T]) Len() int { return r.n }

// Cap returns the capacity.
func (r *Ring[T]) Cap() int { return len(r.buf) }

// At returns the i-th value, 0 the oldest, Len()-1 the newest. An index out
// of range gives the zero value.
func (r *Ring[T]) At(i int) T {
	var zero T
	if i < 0 || i >= r.n {
		return zero
	}
	return r.buf[(r.start+i)%len(r.buf)]
}

// Clear empties the ring, keeping its storage.
func (r *Ring[T]) Clear() { r.start, r.n = 0, 0 }
