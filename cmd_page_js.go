package main

import "skewlab/cli"

// The page runs the app only (web_js.go): the commands that print or
// write files are left out of the web build to keep its download small
// (docs/web.md, "In brief": the glTF reader came in at about 130 KB gzip).
// Each is the zero Command here, which dispatch and usage skip; their
// cmd_NAME.go files have the real ones.
var (
	reportCommand  cli.Command
	compareCommand cli.Command
	exportCommand  cli.Command
	auditCommand   cli.Command
	tourCommand    cli.Command
	bakeCommand    cli.Command
)
