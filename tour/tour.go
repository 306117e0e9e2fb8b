// Package tour is skewlab's guided tour: the story of the seed documents
// and the engine rules as a sequence of steps (assets/tour.json), each a
// title, a caption, a state written in the URL syntax of the flags and
// parameters (parsed by package state's parser) and an optional gesture
// the lab plays by itself. It checks the file when it is loaded, lays the
// caption out over a picture (the window and the exported figures share
// Overlay), composes a step's figure from a lab's figure function and
// writes the handout (tour.md). It imports no display code.
package tour

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"skewlab/assets"
	"skewlab/state"
)

// Format is the value of the tour file's "format" key.
const Format = "skewlab-tour/1"

// Limits of a step's text.
const (
	MaxTitle    = 48  // characters in a title
	MaxCaption  = 400 // characters in a caption
	MaxSentence = 3   // sentences in a caption (at least 1)
)

// Tour is the guided tour: its steps in order, numbered from 1.
type Tour struct {
	Steps []Step
}

// Step is one step of the tour.
type Step struct {
	Title   string // a few words, at most MaxTitle characters
	Caption string // one to three sentences
	Query   string // the state as written in the file, URL syntax (a=b&c=d)
	Slug    string // the title in lower case, words joined by '-', for file names
	// State is Query parsed by state.FromSearch, before the gesture.
	State state.State
	// Gesture is what the lab plays when the step opens (the zero
	// Gesture: nothing).
	Gesture state.Gesture
	// CaptionNoUI, when not "", replaces Caption for a reader without
	// the UI (an embed with ui=off, the window with its UI hidden): a
	// caption that asks for a slider or a button says what such a reader
	// can do instead. Same limits as Caption.
	CaptionNoUI string
}

// CaptionFor returns the caption for a reader who sees the UI (ui) or
// not: CaptionNoUI without the UI when the step has one, else Caption.
func (s Step) CaptionFor(ui bool) string {
	if !ui && s.CaptionNoUI != "" {
		return s.CaptionNoUI
	}
	return s.Caption
}

// Open returns the state the step opens in: State with a sweep's first
// value applied (Gesture.Start).
func (s Step) Open() state.State { return s.Gesture.Start(s.State) }

// End returns the state once the gesture has played: State with a
// sweep's last value applied (Gesture.End); a lab that runs in time plays
// the gesture itself.
func (s Step) End() state.State { return s.Gesture.End(s.State) }

// Len returns the number of steps.
func (t *Tour) Len() int { return len(t.Steps) }

// Step returns step n, numbered from 1; n outside 1..Len() is
// state.TourRangeError's message.
func (t *Tour) Step(n int) (Step, error) {
	if n < 1 || n > len(t.Steps) {
		return Step{}, rangeError(n, len(t.Steps))
	}
	return t.Steps[n-1], nil
}

func rangeError(n, of int) error {
	return fmt.Errorf("tour: step %d out of range (the tour has %d steps: 1 to %d)", n, of, of)
}

// file is the JSON form of the tour file.
type file struct {
	Format string     `json:"format"`
	Steps  []fileStep `json:"steps"`
}

type fileStep struct {
	Title   string         `json:"title"`
	Caption string         `json:"caption"`
	NoUI    string         `json:"captionNoUI"`
	State   string         `json:"state"`
	Gesture *state.Gesture `json:"gesture"`
}

// Load parses the embedded tour, assets/tour.json (see Parse). The labs
// must be installed (state.UseLabs) first.
func Load() (*Tour, error) { return Parse(assets.Tour) }

// Parse reads a tour file: strict JSON ({"format": Format, "steps":
// [...]}, unknown keys refused), each step with a title (1 to MaxTitle
// characters), a caption (1 to MaxSentence sentences, at most MaxCaption
// characters) and optionally a captionNoUI (the same limits; see
// Step.CaptionNoUI), a state in the URL syntax that state.FromSearch reads with
// no error, whose preset suits its lab and whose scene loads, and an
// optional gesture the step's lab plays (state.CheckGesture; a sweep's
// node must be in the scene). A step may not name the tour setting
// itself. Errors say "step N: " and the message; nothing partial is
// returned. The labs must be installed (state.UseLabs) first.
func Parse(data []byte) (*Tour, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f file
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("tour: %v", err)
	}
	if dec.More() {
		return nil, errors.New("tour: text after the tour's JSON object")
	}
	if f.Format != Format {
		return nil, fmt.Errorf("tour: format %q, want %q", f.Format, Format)
	}
	if len(f.Steps) == 0 {
		return nil, errors.New("tour: no steps")
	}
	t := &Tour{}
	slugs := map[string]int{}
	for i, fs := range f.Steps {
		s, err := parseStep(fs)
		if err != nil {
			return nil, fmt.Errorf("tour: step %d: %v", i+1, err)
		}
		if j, ok := slugs[s.Slug]; ok {
			return nil, fmt.Errorf("tour: step %d: title %q makes the same file name as step %d's", i+1, s.Title, j)
		}
		slugs[s.Slug] = i + 1
		t.Steps = append(t.Steps, s)
	}
	return t, nil
}

// parseStep checks one step and parses its state.
func parseStep(fs fileStep) (Step, error) {
	s := Step{Title: strings.TrimSpace(fs.Title), Caption: strings.TrimSpace(fs.Caption), Query: fs.State}
	if err := checkText("title", s.Title, MaxTitle); err != nil {
		return Step{}, err
	}
	if err := checkText("caption", s.Caption, MaxCaption); err != nil {
		return Step{}, err
	}
	if n := Sentences(s.Caption); n < 1 || n > MaxSentence {
		return Step{}, fmt.Errorf("caption has %d sentences, want 1 to %d", n, MaxSentence)
	}
	if fs.NoUI != "" {
		s.CaptionNoUI = strings.TrimSpace(fs.NoUI)
		if err := checkText("captionNoUI", s.CaptionNoUI, MaxCaption); err != nil {
			return Step{}, err
		}
		if n := Sentences(s.CaptionNoUI); n < 1 || n > MaxSentence {
			return Step{}, fmt.Errorf("captionNoUI has %d sentences, want 1 to %d", n, MaxSentence)
		}
	}
	if s.Slug = Slug(s.Title); s.Slug == "" {
		return Step{}, fmt.Errorf("title %q has no letters or digits for a file name", s.Title)
	}
	st, errs := state.FromSearch(fs.State)
	if len(errs) > 0 {
		return Step{}, fmt.Errorf("state %q: %v", fs.State, errs[0])
	}
	if st.Tour != 0 {
		return Step{}, fmt.Errorf("state %q: a step cannot name the tour setting", fs.State)
	}
	if st.Lab == state.SceneLab().Name {
		if _, err := st.ViewScene(); err != nil {
			return Step{}, fmt.Errorf("state %q: %v", fs.State, err)
		}
	}
	s.State = st
	if fs.Gesture != nil {
		s.Gesture = *fs.Gesture
		if s.Gesture.Kind == "" {
			return Step{}, errors.New("gesture: no kind")
		}
		if err := state.CheckGesture(st, s.Gesture); err != nil {
			return Step{}, err
		}
	}
	return s, nil
}

// checkText checks that a title or caption is present, printable UTF-8
// on one line and at most max characters.
func checkText(what, s string, max int) error {
	switch {
	case s == "":
		return fmt.Errorf("no %s", what)
	case !utf8.ValidString(s):
		return fmt.Errorf("%s is not UTF-8", what)
	case utf8.RuneCountInString(s) > max:
		return fmt.Errorf("%s has %d characters, at most %d", what, utf8.RuneCountInString(s), max)
	}
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return fmt.Errorf("%s has a control character (%U)", what, r)
		}
	}
	return nil
}

// Sentences counts the sentences of a caption: the runs of text ended by
// '.', '!' or '?' followed by a space or the end (so "3.5" and "e.g" do
// not end one), plus a last run without an end mark.
func Sentences(s string) int {
	n, open := 0, false
	rs := []rune(s)
	for i, r := range rs {
		if r != ' ' {
			open = true
		}
		if (r == '.' || r == '!' || r == '?') && (i == len(rs)-1 || rs[i+1] == ' ') && open {
			n++
			open = false
		}
	}
	if open {
		n++
	}
	return n
}

// Slug returns title in lower case with every run of characters other
// than ASCII letters and digits turned into one '-', trimmed at both
// ends ("Turn A off 90°: the matrices skew" gives
// "turn-a-off-90-the-matrices-skew").
func Slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}

// FileName returns step n's figure file name without the extension:
// NN-slug, NN its number from 01.
func (t *Tour) FileName(n int) string {
	return fmt.Sprintf("%02d-%s", n, t.Steps[n-1].Slug)
}
