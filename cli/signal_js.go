package cli

import "io"

// HandleSignals does nothing in the browser build: a page receives no
// signals and writes no files (see signal.go for the other builds).
func HandleSignals(stderr io.Writer, name string) (stop func()) { return func() {} }
