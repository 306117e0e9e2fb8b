package main

import "skewlab/cli"

// serveCommand is left out of the web build (a page serves nothing): the
// zero Command, which dispatch and usage skip. cmd_serve.go has the real
// one.
var serveCommand cli.Command
