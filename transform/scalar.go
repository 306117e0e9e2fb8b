package transform

import "math"

func abs(x float64) float64 { return math.Abs(x) }

func asinDeg(x float64) float64 { return math.Asin(x) * 180 / math.Pi }

func atan2Deg(y, x float64) float64 { return math.Atan2(y, x) * 180 / math.Pi }
