//go:build !js

package cli

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
)

// HandleSignals makes the signals that end a command (SIGINT, SIGTERM
// and SIGHUP; one that the process was started with ignored, as nohup
// and background jobs do, stays ignored) first remove every temporary
// path of the registry (CreateTemp, MkdirTemp). The handler takes the
// registry's lock for good, removes what is listed, writes one line on
// stderr saying what it removed ("skewlab: NAME: stopped by SIGINT:
// removed the unfinished output F", with name the command, "" for the
// app; nothing when nothing was listed), and ends the process by the
// same signal, as if it had not been caught: a shell reports exit status
// 128 + the signal's number, 130 for SIGINT, 143 for SIGTERM and 129 for
// SIGHUP (where a signal cannot be raised again, the process exits with
// that status). A second signal during the clean-up is not caught: it
// ends the process at once. Package main calls it once, before a command
// runs; stop undoes it (tests).
func HandleSignals(stderr io.Writer, name string) (stop func()) {
	return handleSignals(stderr, name, die)
}

// handleSignals is HandleSignals with the way the process ends given:
// end is called with the signal, holding the registry's lock, and when it
// returns (only a test's end does) the lock is released.
func handleSignals(stderr io.Writer, name string, end func(os.Signal)) (stop func()) {
	var sigs []os.Signal
	for _, s := range []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	ch := make(chan os.Signal, 1)
	done := make(chan struct{})
	if len(sigs) == 0 {
		return func() {}
	}
	signal.Notify(ch, sigs...)
	go func() {
		select {
		case s := <-ch:
			// From here a second signal has its default action: a
			// second Ctrl-C ends the process at once, should removing
			// the files hang.
			signal.Stop(ch)
			onSignal(stderr, name, s, end)
		case <-done:
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
		})
	}
}

// onSignal removes the registry's paths, says so, and calls end, holding
// the registry's lock throughout.
func onSignal(stderr io.Writer, name string, s os.Signal, end func(os.Signal)) {
	temps.Lock()
	defer temps.Unlock()
	removed, err := removeTemps()
	by := signalName(s)
	switch {
	case err != nil:
		ErrorLine(stderr, name, fmt.Errorf("stopped by %s: cannot remove the unfinished output: %v", by, err))
	case len(removed) == 1:
		ErrorLine(stderr, name, fmt.Errorf("stopped by %s: removed the unfinished output %s", by, removed[0]))
	case len(removed) > 1:
		ErrorLine(stderr, name, fmt.Errorf("stopped by %s: removed the unfinished outputs %s", by, strings.Join(removed, ", ")))
	}
	end(s)
}

// signalName is the usual name of the signals HandleSignals catches
// (SIGINT, SIGTERM, SIGHUP), or the signal's own description.
func signalName(s os.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return s.String()
}

// die ends the process by signal s with its default action (the signal
// is no longer caught and is sent again), or, where that cannot be done,
// exits with status 128 + the signal's number (1 for a signal without a
// number).
func die(s os.Signal) {
	signal.Reset(s)
	if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(s) == nil {
		// The signal ends the process meanwhile; the registry stays
		// locked, so nothing new is made.
		time.Sleep(5 * time.Second)
	}
	code := 1
	if n, ok := s.(syscall.Signal); ok {
		code = 128 + int(n)
	}
	os.Exit(code)
}
