package render

// The theme: every colour skewlab draws with, in one place. Colours are
// straight RGBA in [0, 1] (see Color); the ones that came from 8-bit
// values are written with rgb8/rgba8 so they stay exact.
//
// Scene node colours are data, not theme: they live in the scene files
// (assets/presets, -scene), with scene.Grey as the file format's default.
// debugui's own windows keep debugui's style.

// Background is the window's and every exported picture's background: one
// value, so a figure matches a screenshot (RGB 18, 19, 24).
var Background = rgb8(18, 19, 24)

// StripBackground is presenter mode's strip under the picture: a shade
// lighter than Background, so the strip reads as apart from the picture.
var StripBackground = rgb8(32, 34, 42)

// Text and the help overlay.
var (
	White     = Color{1, 1, 1, 1}           // titles and messages
	LabelGrey = Color{0.85, 0.85, 0.85, 1}  // node names, help lines
	HelpPanel = rgba8(0, 0, 0, 220)         // the help overlay's backing
	GridColor = Color{0.55, 0.55, 0.6, 0.3} // the piston lab's ground grid
	XColor    = Color{1, 0.2, 0.2, 1}       // world x rod and local x axes
	YColor    = Color{0.2, 0.9, 0.2, 1}     // world y
	ZColor    = Color{0.25, 0.4, 1, 1}      // world z
	// PaneBorder outlines a pane of the piston lab's comparison wall
	// (the main mode's pane is outlined in White).
	PaneBorder = Color{0.55, 0.55, 0.6, 0.7}
	// PaneScope is where a pane's rule applies ("on B only", "all
	// nodes"), beside its mode's name: the light blue of TourCounter,
	// apart from the white name, the grey engines and the amber
	// warnings.
	PaneScope = Color{0.6, 0.75, 1, 1}
)

// Colours of the guided tour's caption band.
var (
	TourTitle   = Color{1, 1, 1, 1}           // the step's title
	TourCaption = Color{0.9, 0.9, 0.9, 1}     // the caption's lines
	TourCounter = Color{0.6, 0.75, 1, 1}      // "step 4 of 12"
	TourRule    = Color{0.55, 0.55, 0.6, 0.6} // the line between the picture and the caption
)

// Warning marks an artifact the user should see: readout lines that flag
// skew, a volume change or a matrix no TRS can hold, and the skew arc on
// the canvas. Amber (RGB 255, 170, 40): readable on Background and apart
// from the node colours (magenta, cyan) and the basis' red, green and
// blue.
var Warning = rgb8(255, 170, 40)

// DriftColors are the drift lab's storages' colours, in drift.Kind order
// (matrix, set-together, quantized, separate, unbiased): the boxes, the
// plot's lines, the legend and the table's headings use them.
var DriftColors = [5]Color{
	{1, 0.38, 0.25, 1},   // matrix: orange red
	{0.95, 0.85, 0.2, 1}, // set-together: yellow
	{0.3, 0.85, 0.3, 1},  // quantized: green
	{0.25, 0.75, 1, 1},   // separate: sky blue
	{0.85, 0.35, 1, 1},   // unbiased: violet
}

// Colours of the drift lab's plot and progress bar.
var (
	ArticleColor = Color{0.75, 0.75, 0.75, 1}   // the article's own numbers (plot and table)
	DriftAxis    = Color{0.7, 0.7, 0.75, 1}     // plot axes and tick labels
	DriftGrid    = Color{0.55, 0.55, 0.6, 0.25} // plot grid lines
	DriftBarBack = rgb8(60, 62, 72)             // progress bar, empty part
	DriftBarFill = rgb8(90, 170, 255)           // progress bar, done part
)

// CostColors are the cost lab's rules' colours, in modes.All order
// (accumulate-matrices, accumulate-trs, uniform-inner-scale,
// skew-stripping, the five Blender rules, maya-ssc): the plot's curves
// and the legend use them.
var CostColors = [10]Color{
	{1, 0.35, 0.8, 1},    // accumulate-matrices: magenta
	{0.3, 0.85, 1, 1},    // accumulate-trs: cyan
	{0.4, 0.9, 0.35, 1},  // uniform-inner-scale: green
	{0.95, 0.85, 0.2, 1}, // skew-stripping: yellow
	{0.8, 0.55, 0.3, 1},  // blender-fix-shear: tan
	{1, 0.3, 0.3, 1},     // blender-average: red
	{0.65, 0.5, 1, 1},    // blender-none: violet
	{1, 0.65, 0.8, 1},    // blender-none-legacy: pink
	{0.2, 0.75, 0.6, 1},  // blender-aligned: teal
	{0.45, 0.6, 1, 1},    // maya-ssc: blue
}

// Colours of the cost lab's plot beside the rules' (its axes, grid and
// progress bar are the drift lab's DriftAxis, DriftGrid, DriftBarBack
// and DriftBarFill).
var (
	CostFloor  = Color{1, 1, 1, 1}        // the floor: the 3x4 product from TRS, one thread
	CostStored = Color{0.6, 0.6, 0.65, 1} // the floor from stored local matrices
	CostFrame  = Warning                  // one 60 Hz frame
	CostClaim  = Color{0.6, 0.75, 1, 1}   // the seeds' claims: tags on the plot and their lines
)

// ForceColors colour the dynamics lab's force arrows and their readouts,
// in the order applied (spring), translational, centrifugal, Coriolis,
// Euler.
var ForceColors = [5]Color{
	{0.45, 1, 0.45, 1}, // applied: green
	{0.7, 0.7, 0.7, 1}, // translational: grey (zero on the turntable)
	{1, 0.55, 0.1, 1},  // centrifugal: orange
	{1, 0.3, 0.85, 1},  // Coriolis: magenta
	{0.55, 0.55, 1, 1}, // Euler: violet
}

// Colours of the dynamics lab's picture and numbers panel.
var (
	WorldPathColor = Color{1, 0.85, 0.2, 1}       // the ball's path seen from the world; the car's path
	DiscPathColor  = Color{0.3, 0.85, 1, 1}       // the ball's path seen on the disc; the box's path
	DiscColor      = Color{0.6, 0.65, 0.75, 1}    // the disc's wireframe
	MarkerColor    = Color{1, 0.35, 0.3, 1}       // the disc's first spoke (its local x axis); the impulse
	DynGroundColor = Color{0.55, 0.55, 0.6, 0.25} // the dynamics lab's ground grid
	DynPanelColor  = rgba8(0, 0, 0, 190)          // the numbers panel's backing
)
