package state

import (
	"errors"
	"strings"
	"testing"
)

// A lab's CheckCamera runs in Check whatever lab is shown, and on a page
// it drops the camera with one message, keeping the rest.
func TestCheckCamera(t *testing.T) {
	defer UseLabs(testLabs...)
	labs := append([]Lab(nil), testLabs...)
	labs[0].CheckCamera = func(st State) error {
		if st.Camera.Distance > 100 {
			return errors.New("too far")
		}
		return nil
	}
	UseLabs(labs...)
	for _, lab := range []string{"piston", "drift"} {
		s := parseFlags(t, "-lab", lab, "-camera", "0,0,200")
		if err := s.Check(); err == nil || err.Error() != "too far" {
			t.Errorf("lab %s: Check %v, want too far", lab, err)
		}
		if s := parseFlags(t, "-lab", lab, "-camera", "0,0,50"); s.Check() != nil {
			t.Errorf("lab %s: a camera within the limit refused: %v", lab, s.Check())
		}
	}
	s, errs := FromQuery(mustQuery(t, "camera=0,0,200&spin=1"))
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "URL parameter camera: too far") || s.Camera != nil || !s.Spin {
		t.Errorf("camera=0,0,200: %+v, %v", s, errs)
	}
}
