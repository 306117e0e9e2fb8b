package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestDynamicsRegistered: the dynamics lab's command is in the
// dispatcher, through the lab list.
func TestDynamicsRegistered(t *testing.T) {
	var out, errb bytes.Buffer
	if rc := dispatch([]string{"dynamics", "-t", "0.5"}, &out, &errb); rc != 0 || !strings.Contains(out.String(), "t = 0.5 s") {
		t.Errorf("dispatch: exit %d, stdout %q, stderr %q", rc, out.String(), errb.String())
	}
}
