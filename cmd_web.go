//go:build !js

package main

import "skewlab/cli"

// webCommand exists only in the web build (web_js.go, started by
// index.html); elsewhere it is the zero Command, which dispatch and usage
// skip.
var webCommand cli.Command
