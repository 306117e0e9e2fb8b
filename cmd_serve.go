//go:build !js

package main

import (
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"strings"
	"syscall"
	"time"

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
	if err := webServer(root).Serve(ln); err != nil {
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

// The server's timeouts (webServer). A client that has not sent a whole
// request header within serveHeaderTimeout, or a whole request within
// serveReadTimeout, is disconnected, so a half-sent request is not kept
// open for ever (the page's requests are small GETs sent at once); an
// idle keep-alive connection is closed after serveIdleTimeout. There is
// no write timeout: a browser that throttles its download (the page is
// 6.8 MB) may take minutes and still be served.
const (
	serveHeaderTimeout = 10 * time.Second
	serveReadTimeout   = 30 * time.Second
	serveIdleTimeout   = 2 * time.Minute
)

// webServer is the HTTP server of runServe: webHandler over root, with
// the timeouts above, and with net/http's own answer to "OPTIONS *" (200
// with no Allow header, before any handler runs) turned off, so that
// request too gets webHandler's 405.
func webServer(root *os.Root) *http.Server {
	return &http.Server{
		Handler:                      webHandler(root),
		ReadHeaderTimeout:            serveHeaderTimeout,
		ReadTimeout:                  serveReadTimeout,
		IdleTimeout:                  serveIdleTimeout,
		DisableGeneralOptionsHandler: true,
	}
}

// webHandler serves the regular files of root with the content types
// the page needs (application/wasm lets browsers compile while
// downloading); "/" is index.html. Anything else answers 404 at once: a
// missing file, a directory (so nothing is listed), and a FIFO, socket or
// device, which the handler opens without blocking and never reads (a
// FIFO's open and read would wait for a writer for ever). The file is
// opened through root, which follows symbolic links only while they stay
// inside the folder, so a link out of it (to /etc/passwd, or to a
// directory elsewhere) answers 404 like a missing file; the kind is
// checked on the opened file, so a file swapped for a FIFO after a check
// cannot block either. Only GET and HEAD are served; any other method
// ("OPTIONS *" included) gets 405 with "Allow: GET, HEAD".
func webHandler(root *os.Root) http.Handler {
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
		f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		if t := webContentType(name); t != "" {
			w.Header().Set("Content-Type", t)
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, name, fi.ModTime(), f)
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
