package state

import (
	"errors"
	"fmt"
)

// tourSteps is the number of steps of the guided tour UseTour installed
// (0: none), the range of the tour setting.
var tourSteps int

// UseTour installs the number of steps of the guided tour, so the tour
// setting (-tour N, tour=N) accepts 1 to n. Package main calls it once,
// after UseLabs and before anything is parsed.
func UseTour(n int) { tourSteps = max(0, n) }

// TourSteps returns the number of steps UseTour installed (0 before).
func TourSteps() int { return tourSteps }

// TourRangeError is the one message for a step number n outside the
// tour, on every surface (flag, URL and command).
func TourRangeError(n int) error { return tourRangeError(n) }

func tourRangeError(n int) error {
	return fmt.Errorf("tour: step %d out of range (the tour has %d steps: 1 to %d)", n, tourSteps, tourSteps)
}

// errNoTour is the message for a tour setting in a build without a tour.
var errNoTour = errors.New("tour: this build has no tour")

// ParseTourStep parses a step number of the guided tour, the one parser
// of the window's -tour N, export's -tour N and the URL's tour=N: a plain
// decimal integer (ParseInt) from 1 to TourSteps(). Steps count from 1,
// so 0 is out of range like any other number outside the tour, with the
// same message (TourRangeError) on every surface.
func ParseTourStep(text string) (int, error) {
	n, err := ParseInt(text)
	if err != nil {
		return 0, fmt.Errorf("tour: %q is not a step number", text)
	}
	if tourSteps == 0 {
		return 0, errNoTour
	}
	if n < 1 || n > tourSteps {
		return 0, tourRangeError(n)
	}
	return n, nil
}
