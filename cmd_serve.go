//go:build !js

package main

import (
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"strings"

	"skewlab/cli"
	"skewlab/state"
)

// serveCommand is `skewlab serve`; main.go's command table lists it.
var serveCommand = cli.Command{Name: "serve", Summary: "serve the web build (dist/) on a loopback address", Run: runServe}

// runServe serves a built web directory on a loopback address until the
// process is killed. It prints the URL once listening, so scripts can read
// the chosen port when -addr ends in :0. Exit status: 2 for a bad command
// line (a bad flag, a non-loopback or malformed address, a directory that
// is missing), 1 when the port is taken or serving fails.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("serve", "skewlab serve [-dir DIR] [-addr HOST:PORT]")
	dir := fs.String("dir", "dist", "`DIR` to serve (built by make web)")
	addr := fs.String("addr", "127.0.0.1:8080", "loopback `HOST:PORT` to listen on, PORT 0 to 65535 (0 picks a free one)")
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if err := checkLoopback(*addr); err != nil {
		return cli.UsageError(stderr, "serve", err)
	}
	if fi, err := os.Stat(*dir); err != nil || !fi.IsDir() {
		return cli.UsageError(stderr, "serve", fmt.Errorf("%s is not a directory; build it with: make web", *dir))
	}
	root, err := os.OpenRoot(*dir)
	if err != nil {
		return cli.UsageError(stderr, "serve", err)
	}
	defer root.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return cli.RunFailure(stderr, "serve", err)
	}
	fmt.Fprintf(stdout, "skewlab serve: serving %s on http://%s/\n", *dir, ln.Addr())
	srv := &http.Server{Handler: webHandler(root.FS())}
	if err := srv.Serve(ln); err != nil {
		return cli.RunFailure(stderr, "serve", err)
	}
	return 0
}

// checkLoopback accepts only HOST:PORT addresses whose host is a loopback
// IP or "localhost" (the web build is a development server, not something
// to expose on a network) and whose port is a plain decimal number from 0
// to 65535 (no service names).
func checkLoopback(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-addr %q: want HOST:PORT (%v)", addr, err)
	}
	if n, err := state.ParseInt(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("-addr %q: port %q is not a whole number from 0 to 65535", addr, port)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("-addr %q: only loopback addresses are served (127.0.0.1, ::1, localhost)", addr)
}

// webHandler serves the files of fsys with the content types the page
// needs (application/wasm lets browsers compile while downloading) and
// answers 404 for directories other than the root, so nothing is listed.
// fsys is meant to be an os.Root's FS: it follows symbolic links only
// while they stay inside the folder, so a link out of it (to /etc/passwd,
// or to a directory elsewhere) answers 404 like a missing file. Only GET
// and HEAD are served; any other method gets 405 with "Allow: GET, HEAD".
func webHandler(fsys fs.FS) http.Handler {
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed (only GET and HEAD are served)", http.StatusMethodNotAllowed)
			return
		}
		p := path.Clean("/" + r.URL.Path)
		name := p[1:]
		if p == "/" {
			name = "index.html"
		}
		if fi, err := fs.Stat(fsys, name); err != nil || (p != "/" && fi.IsDir()) {
			http.NotFound(w, r)
			return
		}
		if t := webContentType(p); t != "" {
			w.Header().Set("Content-Type", t)
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

// webContentType returns the content type for the page's file kinds,
// independent of the machine's mime.types; "" leaves it to net/http.
func webContentType(p string) string {
	switch {
	case strings.HasSuffix(p, ".wasm"):
		return "application/wasm"
	case strings.HasSuffix(p, ".gz"):
		// Served as bytes: the page decompresses it itself and counts
		// compressed bytes for the progress bar.
		return "application/gzip"
	case strings.HasSuffix(p, ".js"), strings.HasSuffix(p, ".mjs"):
		return "text/javascript; charset=utf-8"
	}
	return mime.TypeByExtension(path.Ext(p))
}
