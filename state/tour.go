package state

import "fmt"

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
