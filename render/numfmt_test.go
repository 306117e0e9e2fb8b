package render

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func TestAppendGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 100575: "100,575", 1000000: "1,000,000", -1234: "-1,234",
		-999: "-999", 1001: "1,001", 1000010: "1,000,010",
		math.MaxInt64: "9,223,372,036,854,775,807", math.MinInt64: "-9,223,372,036,854,775,808"} {
		if got := string(AppendGrouped(nil, n)); got != want {
			t.Errorf("AppendGrouped(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestAppendNum(t *testing.T) {
	for _, c := range []struct {
		v    float64
		f    byte
		p    int
		want string
	}{
		{1.5, 'f', 2, "1.50"}, {8.64e-6, 'e', 2, "8.64e-06"}, {1e-6, 'g', -1, "1e-06"}, {0.0001, 'g', -1, "0.0001"},
		{0.2, 'g', 3, "0.2"}, {-0.06, 'f', 2, "-0.06"}, {0, 'e', 2, "0.00e+00"},
		{math.NaN(), 'f', 2, "-"}, {math.Inf(1), 'e', 2, "-"}, {math.Inf(-1), 'g', -1, "-"},
	} {
		if got := string(AppendNum([]byte("x="), c.v, c.f, c.p)); got != "x="+c.want {
			t.Errorf("AppendNum(%g, %c, %d) = %q, want %q", c.v, c.f, c.p, got, "x="+c.want)
		}
	}
}

func TestAppendFixed(t *testing.T) {
	for _, c := range []struct {
		v           float64
		width, prec int
		want        string
	}{
		{1.5, 7, 3, "  1.500"}, {-12.25, 7, 1, "  -12.2"}, {359.96, 6, 1, " 360.0"},
		{-0.0004, 6, 3, " 0.000"}, {-0.0006, 6, 3, "-0.001"}, {math.Copysign(0, -1), 4, 1, " 0.0"},
		{12.34, 0, 1, "12.3"}, {123456.7, 4, 1, "123456.7"}, {2, 3, -1, "  2"},
		{math.NaN(), 5, 1, "    -"}, {math.Inf(-1), 0, 3, "-"},
	} {
		if got := string(AppendFixed([]byte("v="), c.v, c.width, c.prec)); got != "v="+c.want {
			t.Errorf("AppendFixed(%g, %d, %d) = %q, want %q", c.v, c.width, c.prec, got, "v="+c.want)
		}
	}
}

// AppendFixed writes what fmt's %*.*f writes, for values that do not round
// to zero.
func TestAppendFixedMatchesFmt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 2000; i++ {
		v := (r.Float64()*2 - 1) * math.Pow(10, float64(r.IntN(10)-4))
		width, prec := r.IntN(12), r.IntN(5)
		if math.Abs(v) < 0.5*math.Pow(10, -float64(prec)) {
			continue
		}
		if got, want := string(AppendFixed(nil, v, width, prec)), fmt.Sprintf("%*.*f", width, prec, v); got != want {
			t.Fatalf("AppendFixed(%v, %d, %d) = %q, fmt says %q", v, width, prec, got, want)
		}
	}
}

func TestAppendCompact(t *testing.T) {
	for _, c := range []struct {
		n    float64
		want string
	}{
		{0, "0"}, {500, "500"}, {999, "999"}, {999.6, "1k"}, {1000, "1k"}, {1200, "1.2k"}, {12345, "12.3k"},
		{20000, "20k"}, {999999, "1M"}, {1.5e6, "1.5M"}, {1e8, "100M"}, {2e9, "2G"}, {-2500, "-2.5k"},
		{0.05, "0.05"}, {math.NaN(), "-"}, {math.Inf(1), "-"},
	} {
		if got := string(AppendCompact([]byte("#"), c.n)); got != "#"+c.want {
			t.Errorf("AppendCompact(%g) = %q, want %q", c.n, got, "#"+c.want)
		}
	}
}

// With room in the buffer, none of the functions allocates.
func TestNumFmtAllocs(t *testing.T) {
	b := make([]byte, 0, 64)
	a := testing.AllocsPerRun(100, func() {
		b = AppendNum(b[:0], 8.64e-6, 'e', 2)
		b = AppendFixed(b, -3.25, 8, 3)
		b = AppendGrouped(b, -1234567)
		b = AppendCompact(b, 999999)
	})
	if a != 0 {
		t.Errorf("%g allocations per run, want 0", a)
	}
}
