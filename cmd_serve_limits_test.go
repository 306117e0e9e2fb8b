//go:build unix

package main

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// serveDeadline bounds each wait of the serve tests; on time they take
// milliseconds (the header timeout's test, 200 ms).
const serveDeadline = 20 * time.Second

// startWebServer serves dir with webServer, as runServe does, on a free
// loopback port, after adjust changes the server (nil: none); it returns
// the address. The server is closed when the test ends.
func startWebServer(t *testing.T, dir string, adjust func(*http.Server)) string {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := webServer(root)
	if adjust != nil {
		adjust(srv)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		srv.Close()
		root.Close()
	})
	return ln.Addr().String()
}

// rawRequest sends text on a new connection to addr and returns the
// status line of the answer.
func rawRequest(t *testing.T, addr, text string) (status string, header http.Header) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, serveDeadline)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(serveDeadline))
	if _, err := io.WriteString(c, text); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	res.Body.Close()
	return res.Status, res.Header
}

// TestServeOptionsStar (issue 28, item 15): "OPTIONS *" gets 405 with
// "Allow: GET, HEAD", like every method but GET and HEAD. Before, net/http
// answered it itself with 200 before the handler ran.
func TestServeOptionsStar(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<title>skewlab</title>"), 0o644)
	addr := startWebServer(t, dir, nil)
	status, h := rawRequest(t, addr, "OPTIONS * HTTP/1.1\r\nHost: "+addr+"\r\nConnection: close\r\n\r\n")
	if !strings.HasPrefix(status, "405") || h.Get("Allow") != "GET, HEAD" {
		t.Errorf("OPTIONS *: %q, Allow %q; want 405 and GET, HEAD", status, h.Get("Allow"))
	}
	// The page itself is still served on the same server.
	if status, _ := rawRequest(t, addr, "GET / HTTP/1.1\r\nHost: "+addr+"\r\nConnection: close\r\n\r\n"); !strings.HasPrefix(status, "200") {
		t.Errorf("GET /: %q", status)
	}
}

// TestServeHeaderTimeout: a client that sends half a request line and
// waits is disconnected once the header timeout passes (200 ms here; 10 s
// in the program, serveHeaderTimeout). Before, the connection stayed
// open for ever. The close is awaited by a read with a generous deadline.
func TestServeHeaderTimeout(t *testing.T) {
	if serveHeaderTimeout <= 0 || serveReadTimeout <= 0 || serveIdleTimeout <= 0 {
		t.Fatal("serve has no header, read or idle timeout")
	}
	srv := webServer(nil)
	if srv.ReadHeaderTimeout != serveHeaderTimeout || srv.ReadTimeout != serveReadTimeout || srv.IdleTimeout != serveIdleTimeout || !srv.DisableGeneralOptionsHandler {
		t.Fatalf("webServer: header %v, read %v, idle %v, general OPTIONS handler off %v", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.IdleTimeout, srv.DisableGeneralOptionsHandler)
	}
	const timeout = 200 * time.Millisecond
	addr := startWebServer(t, t.TempDir(), func(s *http.Server) { s.ReadHeaderTimeout = timeout })
	c, err := net.DialTimeout("tcp", addr, serveDeadline)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sent := time.Now()
	if _, err := io.WriteString(c, "GET /index.ht"); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(serveDeadline))
	b, err := io.ReadAll(c) // until the server closes the connection
	elapsed := time.Since(sent)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the half-sent request was still open after %v", serveDeadline)
	}
	if elapsed < timeout/2 {
		t.Errorf("closed after %v, before the %v timeout could pass", elapsed, timeout)
	}
	if strings.HasPrefix(string(b), "HTTP/1.1 200") {
		t.Errorf("a half-sent request was answered: %q", b)
	}
}

// TestServeOnlyRegularFiles: a FIFO in the served folder (named like a
// page file, or index.html itself) answers 404 at once, as a directory
// does. Before, opening it blocked the request for ever, waiting for a
// writer. A regular file beside it is still served.
func TestServeOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "ok.js"), []byte("// ok"), 0o644)
	for _, name := range []string{"pipe.js", "index.html"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	os.Symlink("pipe.js", filepath.Join(dir, "link.js"))
	addr := startWebServer(t, dir, nil)
	client := &http.Client{Timeout: serveDeadline}
	for _, c := range []struct {
		path   string
		status int
	}{{"/pipe.js", 404}, {"/", 404}, {"/index.html", 404}, {"/link.js", 404}, {"/ok.js", 200}} {
		for _, method := range []string{"GET", "HEAD"} {
			req, _ := http.NewRequest(method, "http://"+addr+c.path, nil)
			res, err := client.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v (the request blocked)", method, c.path, err)
			}
			res.Body.Close()
			if res.StatusCode != c.status {
				t.Errorf("%s %s: %d, want %d", method, c.path, res.StatusCode, c.status)
			}
		}
	}
}
