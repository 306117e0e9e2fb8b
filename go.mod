module skewlab

go 1.26.0

replace github.com/ebitengine/debugui => github.com/ebitengine/debugui v0.2.0

require (
	github.com/ebitengine/debugui v0.3.0
	github.com/go-gl/mathgl v1.2.0
	github.com/hajimehoshi/bitmapfont/v4 v4.2.0
	github.com/hajimehoshi/ebiten/v2 v2.10.4
	github.com/qmuntal/gltf v0.28.0
	golang.org/x/image v0.47.0
)

require (
	github.com/ebitengine/gomobile v0.0.0-20260820040257-d11f821a26a6 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.11.0 // indirect
	github.com/go-text/typesetting v0.3.5 // indirect
	github.com/pierrec/lz4/v4 v4.1.29 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/srwiley/rasterx v0.0.0-20220730225603-2ab79fcdd4ef // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
