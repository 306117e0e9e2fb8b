package state

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The one number syntax of every surface (flags of every command, -set
// values, the camera, URL parameters of the web build), so that a value
// means the same everywhere and a typo is never read as something else.

// errNotFinite is the message for NaN, infinities and values beyond the
// float64 range.
var errNotFinite = errors.New("not a finite number")

// errNotDecimal is the message for anything that is not a plain decimal
// number.
var errNotDecimal = errors.New("not a plain decimal number (digits with an optional leading -, fraction and exponent, like 2, -1.5 or 3e-2)")

// digits advances *i over ASCII digits in s and returns how many it passed.
func digits(s string, i *int) int {
	start := *i
	for *i < len(s) && s[*i] >= '0' && s[*i] <= '9' {
		*i++
	}
	return *i - start
}

// isPlainDecimal reports whether s is an optional '-', one or more digits,
// an optional fraction ('.' and one or more digits) and an optional
// exponent ('e' or 'E', an optional sign, one or more digits), and nothing
// else: no spaces, no leading '+', no underscores, no hex, no ".5" or "5.".
func isPlainDecimal(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	if digits(s, &i) == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits(s, &i) == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits(s, &i) == 0 {
			return false
		}
	}
	return i == len(s)
}

// ParseNumber parses one plain decimal number: an optional leading '-',
// digits, an optional fraction and an optional exponent (see
// isPlainDecimal). It refuses spaces, a leading '+', underscores, hex,
// "Inf" and "NaN" (those two with the message "not a finite number"), and
// values beyond the float64 range. A value too small for float64 rounds
// to zero (or the nearest subnormal), as strconv does. The error does not
// repeat text; callers quote it.
func ParseNumber(text string) (float64, error) {
	if !isPlainDecimal(text) {
		switch strings.ToLower(strings.TrimLeft(text, "+-")) {
		case "nan", "inf", "infinity":
			return 0, errNotFinite
		}
		return 0, errNotDecimal
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%v (beyond the float64 range)", errNotFinite)
	}
	return v, nil
}

// ParseInt parses a plain decimal integer: an optional leading '-' and
// digits, nothing else (no '+', spaces, underscores or base prefixes). A
// value beyond the int range is an error.
func ParseInt(text string) (int, error) {
	i := 0
	if strings.HasPrefix(text, "-") {
		i++
	}
	if digits(text, &i) == 0 || i != len(text) {
		return 0, errors.New("not a whole number (digits with an optional leading -)")
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, errors.New("whole number out of range")
	}
	return n, nil
}

// ParseSize parses a size WxH: two plain decimal integers (digits only)
// joined by a lowercase 'x', each from lo to hi. Anything else (spaces,
// signs, a third part, trailing text) is an error that gives the range;
// it does not repeat text, callers quote it.
func ParseSize(text string, lo, hi int) (w, h int, err error) {
	a, b, ok := strings.Cut(text, "x")
	if ok && !strings.HasPrefix(a, "-") && !strings.HasPrefix(b, "-") {
		w, err = ParseInt(a)
		if err == nil {
			h, err = ParseInt(b)
		}
	}
	if !ok || err != nil || w < lo || h < lo || w > hi || h > hi {
		return 0, 0, fmt.Errorf("want WxH, two whole numbers each from %d to %d (like 1280x720)", lo, hi)
	}
	return w, h, nil
}
