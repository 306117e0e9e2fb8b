package kit

import "testing"

// TestUIPixelsHoldsTheScreen: hand values of the UI scale a screen holds
// (at least MinUIWidth by MinUIHeight = 560x315 UI units above scale 1).
func TestUIPixelsHoldsTheScreen(t *testing.T) {
	for _, c := range []struct {
		w, h, dev float64
		scale     int
		want      int
	}{
		{1280, 720, 1, 1, 1},
		{1280, 720, 1, 2, 2},  // 640x360 units: the lecture layout
		{1120, 630, 1, 2, 2},  // exactly 560x315
		{1119, 630, 1, 2, 1},  // a pixel too narrow
		{1120, 629, 1, 2, 1},  // a pixel too low
		{800, 450, 1, 2, 1},   // the README's embed
		{640, 360, 1, 2, 1},   //
		{1280, 720, 1, 3, 2},  // 426 units at 3x: 2x fits
		{1920, 1080, 1, 3, 3}, //
		{2560, 1440, 2, 2, 4}, // HiDPI: 640x360 units at 2 x 2
		{1600, 900, 2, 2, 2},  // HiDPI too small for UI 2x: the device's 2
		{0, 0, 1, 3, 3},       // size not known yet: the user's
		{800, 450, 1, 0, 1},   // no scale set
	} {
		in := Input{Width: c.w, Height: c.h, DeviceScale: c.dev, UIScale: c.scale}
		if got := UIPixels(&in); got != c.want {
			t.Errorf("%vx%v device %v, UI %dx: %d pixels a unit, want %d", c.w, c.h, c.dev, c.scale, got, c.want)
		}
	}
}
