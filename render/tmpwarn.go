package render

var Warning = rgb8(255, 170, 40)
