package cli

import (
	"flag"
	"fmt"
	"strconv"

	"skewlab/state"
)

// numberValue is a float64 flag parsed by state.ParseNumber.
type numberValue struct{ p *float64 }

func (v numberValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

func (v numberValue) Set(s string) error {
	x, err := state.ParseNumber(s)
	if err == nil {
		*v.p = x
	}
	return err
}

// NumberVar defines a float64 flag that accepts only plain decimal
// numbers (state.ParseNumber: no leading '+', spaces, underscores, hex,
// NaN or Inf); the default is *p, and a refused value leaves *p as it was.
func NumberVar(fs *flag.FlagSet, p *float64, name, usage string) { fs.Var(numberValue{p}, name, usage) }

// NumberFlag is NumberVar into a new variable holding def.
func NumberFlag(fs *flag.FlagSet, name string, def float64, usage string) *float64 {
	p := &def
	NumberVar(fs, p, name, usage)
	return p
}

// intValue is an int flag parsed by state.ParseInt.
type intValue struct{ p *int }

func (v intValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.Itoa(*v.p)
}

func (v intValue) Set(s string) error {
	n, err := state.ParseInt(s)
	if err == nil {
		*v.p = n
	}
	return err
}

// IntVar defines an int flag that accepts only plain decimal integers
// (state.ParseInt); the default is *p, and a refused value leaves *p as
// it was.
func IntVar(fs *flag.FlagSet, p *int, name, usage string) { fs.Var(intValue{p}, name, usage) }

// sizeValue is a WxH flag parsed by state.ParseSize within [lo, hi].
type sizeValue struct {
	wh     *[2]int
	lo, hi int
}

func (v sizeValue) String() string {
	if v.wh == nil {
		return ""
	}
	return fmt.Sprintf("%dx%d", v.wh[0], v.wh[1])
}

func (v sizeValue) Set(s string) error {
	w, h, err := state.ParseSize(s, v.lo, v.hi)
	if err == nil {
		*v.wh = [2]int{w, h}
	}
	return err
}

// SizeFlag defines a WxH flag with default w x h whose width and height
// must each lie in [lo, hi] (state.ParseSize); it returns {width, height}.
func SizeFlag(fs *flag.FlagSet, name string, w, h, lo, hi int, usage string) *[2]int {
	wh := &[2]int{w, h}
	fs.Var(sizeValue{wh, lo, hi}, name, usage)
	return wh
}
