package render

import (
	"math"
	"strconv"
)

// Number formatting for pictures: each function appends to b and returns
// the extended slice, like strconv.Append*, so text that changes every
// frame can be rebuilt in a reused buffer. None allocates when b has room.

// AppendNum appends v as strconv.AppendFloat(b, v, f, p, 64) does (format
// f is 'e', 'f', 'g' and the other strconv formats; precision p, -1 for
// the fewest digits that read back exactly), or "-" when v is NaN or
// infinite.
func AppendNum(b []byte, v float64, f byte, p int) []byte {
	if v-v != 0 {
		return append(b, '-')
	}
	return strconv.AppendFloat(b, v, f, p, 64)
}

// AppendFixed appends v with prec digits after the point ('f' format),
// right-aligned in a field of width bytes: padded on the left with spaces
// when shorter, never cut when longer (width <= 0 pads nothing). A value
// that rounds to zero at that precision is written without a minus sign
// ("0.000", not "-0.000"); NaN and infinities are written "-", padded the
// same way. A negative prec counts as 0.
func AppendFixed(b []byte, v float64, width, prec int) []byte {
	prec = max(prec, 0)
	start := len(b)
	if v-v != 0 {
		b = append(b, '-')
	} else {
		if math.Abs(v) < 0.5*math.Pow(10, -float64(prec)) {
			v = 0 // no "-0.000"
		}
		b = strconv.AppendFloat(b, v, 'f', prec, 64)
	}
	pad := width - (len(b) - start)
	if pad <= 0 {
		return b
	}
	for i := 0; i < pad; i++ {
		b = append(b, ' ')
	}
	copy(b[start+pad:], b[start:len(b)-pad])
	for i := 0; i < pad; i++ {
		b[start+i] = ' '
	}
	return b
}

// AppendGrouped appends the integer n with a comma between groups of three
// digits: 1,000,000; -1,234; 999. Every int is written exactly, the most
// negative one included.
func AppendGrouped(b []byte, n int) []byte {
	u := uint64(n)
	if n < 0 {
		b, u = append(b, '-'), -u // two's complement: right for math.MinInt too
	}
	return appendGroupedU(b, u)
}

func appendGroupedU(b []byte, u uint64) []byte {
	if u < 1000 {
		return strconv.AppendUint(b, u, 10)
	}
	b = appendGroupedU(b, u/1000)
	r := u % 1000
	return append(b, ',', byte('0'+r/100), byte('0'+r/10%10), byte('0'+r%10))
}

// compactUnits are AppendCompact's suffixes and their values.
var compactUnits = [...]struct {
	v float64
	s byte
}{{1, 0}, {1e3, 'k'}, {1e6, 'M'}, {1e9, 'G'}}

// AppendCompact appends a count such as a frame number short, with three
// significant digits and a suffix k (thousands), M (millions) or G
// (billions): 0, 500, 1.2k, 20k, 1.5M, 100M. The suffix is the largest
// unit not above |n|, or the next one when the rounding reaches 1000 of it
// (999,999 is 1M, not 1e+03k). Negative counts get a minus sign; counts
// below 1 in magnitude are written as strconv's 'g' format writes them
// (0.05, 1e-05); from 1e12 on the G form has an exponent (1e+03G). NaN and
// infinities are written "-".
func AppendCompact(b []byte, n float64) []byte {
	if n-n != 0 {
		return append(b, '-')
	}
	start, i := len(b), 0
	for i+1 < len(compactUnits) && math.Abs(n) >= compactUnits[i+1].v {
		i++
	}
	for {
		b = strconv.AppendFloat(b[:start], n/compactUnits[i].v, 'g', 3, 64)
		if i+1 == len(compactUnits) || !hasPositiveExponent(b[start:]) {
			break
		}
		i++
	}
	if s := compactUnits[i].s; s != 0 {
		b = append(b, s)
	}
	return b
}

// hasPositiveExponent reports whether a formatted number contains "e+".
func hasPositiveExponent(b []byte) bool {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == 'e' && b[i+1] == '+' {
			return true
		}
	}
	return false
}
