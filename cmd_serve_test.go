//go:build !js

package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckLoopback(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{"127.0.0.1:8080", true},
		{"127.0.0.1:0", true},
		{"127.1.2.3:80", true},
		{"[::1]:8080", true},
		{"localhost:8080", true},
		{"0.0.0.0:8080", false},
		{":8080", false},
		{"[::]:8080", false},
		{"192.168.1.10:8080", false},
		{"example.com:80", false},
		{"127.0.0.1", false},
		{"", false},
		{"127.0.0.1:65535", true},
		{"127.0.0.1:65536", false},
		{"127.0.0.1:99999", false},
		{"127.0.0.1:http", false},
		{"127.0.0.1:+80", false},
		{"127.0.0.1:-1", false},
		{"127.0.0.1:0x50", false},
		{"127.0.0.1: 80", false},
	} {
		err := checkLoopback(tc.addr)
		if (err == nil) != tc.ok {
			t.Errorf("checkLoopback(%q) = %v, want ok=%v", tc.addr, err, tc.ok)
		}
	}
}

func TestServeRefusesBadUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-dir", dir, "-addr", "0.0.0.0:8080"}, 2, "only loopback"},
		{[]string{"-dir", dir, "-addr", ":0"}, 2, "only loopback"},
		{[]string{"-nosuchflag"}, 2, "flag provided but not defined"},
		{[]string{"-dir", dir, "extra"}, 2, "unexpected argument"},
		{[]string{"-dir", filepath.Join(dir, "missing"), "-addr", "127.0.0.1:0"}, 2, "make web"},
	} {
		var out, errb bytes.Buffer
		if code := runServe(tc.args, &out, &errb); code != tc.code {
			t.Errorf("serve %q: exit %d, want %d (stderr %q)", tc.args, code, tc.code, errb.String())
		}
		if !strings.Contains(errb.String(), tc.msg) {
			t.Errorf("serve %q: stderr %q, want it to mention %q", tc.args, errb.String(), tc.msg)
		}
	}
}

func TestWebHandler(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<!doctype html><title>skewlab</title>")
	write("skewlab.wasm", "\x00asm\x01\x00\x00\x00")
	write("skewlab.wasm.gz", "\x1f\x8b")
	write("wasm_exec.js", "// go")
	write("fallback.png", "\x89PNG")
	write("sub/file.txt", "x")
	srv := httptest.NewServer(serveDirHandler(t, dir))
	defer srv.Close()

	for _, tc := range []struct {
		path   string
		status int
		ctype  string
		body   string
	}{
		{"/", 200, "text/html", "<title>skewlab</title>"},
		{"/?mode=accumulate-trs&set=Root.scale=3,1,1", 200, "text/html", "skewlab"},
		{"/skewlab.wasm", 200, "application/wasm", "\x00asm"},
		{"/skewlab.wasm.gz", 200, "application/gzip", "\x1f\x8b"},
		{"/wasm_exec.js", 200, "text/javascript", "// go"},
		{"/fallback.png", 200, "image/png", "\x89PNG"},
		{"/sub/", 404, "", ""},
		{"/sub", 404, "", ""},
		{"/sub/file.txt", 200, "text/plain", "x"},
		{"/missing.js", 404, "", ""},
		{"/../../etc/passwd", 404, "", ""},
	} {
		res, body := fetch(t, "GET", srv.URL+tc.path)
		if res.StatusCode != tc.status {
			t.Errorf("GET %s: status %d, want %d", tc.path, res.StatusCode, tc.status)
			continue
		}
		if tc.ctype != "" && !strings.HasPrefix(res.Header.Get("Content-Type"), tc.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %q", tc.path, res.Header.Get("Content-Type"), tc.ctype)
		}
		if tc.status == 200 && !strings.Contains(string(body), tc.body) {
			t.Errorf("GET %s: body %q, want it to contain %q", tc.path, body, tc.body)
		}
	}
}

// TestServeListensAndPrintsAddress runs the real command on a free
// loopback port and fetches the page from the address it prints.
func TestServeListensAndPrintsAddress(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	go runServe([]string{"-dir", dir, "-addr", "127.0.0.1:0"}, pw, io.Discard)
	line := make([]byte, 256)
	n, err := pr.Read(line)
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	s := string(line[:n])
	i := strings.Index(s, "http://127.0.0.1:")
	if i < 0 {
		t.Fatalf("serve printed %q, want an http://127.0.0.1:PORT/ address", s)
	}
	url := strings.Fields(s[i:])[0]
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "hello" {
		t.Errorf("GET %s = %q, want hello", url, body)
	}
}

// TestWebHandlerSymlinks checks that links inside the served folder work
// while links that leave it (to a file or a directory) are refused.
func TestWebHandlerSymlinks(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, body := range map[string]string{"index.html": "<title>skewlab</title>", "real/inside.txt": "inside"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"in.txt":     "real/inside.txt",
		"indir":      "real",
		"out.txt":    filepath.Join(outside, "secret.txt"),
		"up.txt":     "../" + filepath.Base(outside) + "/secret.txt",
		"outdir":     outside,
		"etc-passwd": "/etc/passwd",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(serveDirHandler(t, dir))
	defer srv.Close()
	for _, tc := range []struct {
		path   string
		status int
		body   string
	}{
		{"/in.txt", 200, "inside"},
		{"/indir/inside.txt", 200, "inside"},
		{"/out.txt", 404, ""},
		{"/up.txt", 404, ""},
		{"/outdir/secret.txt", 404, ""},
		{"/etc-passwd", 404, ""},
	} {
		res, body := fetch(t, "GET", srv.URL+tc.path)
		if res.StatusCode != tc.status {
			t.Errorf("GET %s: status %d, want %d (body %q)", tc.path, res.StatusCode, tc.status, body)
		}
		if tc.status == 200 && string(body) != tc.body {
			t.Errorf("GET %s: body %q, want %q", tc.path, body, tc.body)
		}
		if tc.status != 200 && strings.Contains(string(body), "secret") {
			t.Errorf("GET %s: served the file outside the folder", tc.path)
		}
	}
}

// TestWebHandlerMethods checks that only GET and HEAD are served; every
// other method gets 405 with an Allow header, and no body from the file.
func TestWebHandlerMethods(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<title>skewlab</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(serveDirHandler(t, dir))
	defer srv.Close()
	for _, method := range []string{"PUT", "DELETE", "TRACE", "POST", "PATCH", "OPTIONS"} {
		res, body := fetch(t, method, srv.URL+"/index.html")
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s: status %d, Allow %q; want 405 and \"GET, HEAD\"", method, res.StatusCode, res.Header.Get("Allow"))
		}
		if strings.Contains(string(body), "skewlab") {
			t.Errorf("%s: body %q serves the file", method, body)
		}
	}
	res, err := http.Head(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Errorf("HEAD /: status %d, Content-Type %q; want 200 text/html", res.StatusCode, res.Header.Get("Content-Type"))
	}
}

// fetch sends one request with method to url (a small body for methods
// other than GET and HEAD) and returns the response, closed, with its body.
func fetch(t *testing.T, method, url string) (*http.Response, []byte) {
	t.Helper()
	var payload io.Reader
	if method != "GET" && method != "HEAD" {
		payload = strings.NewReader("x")
	}
	req, err := http.NewRequest(method, url, payload)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, body
}

// serveDirHandler is the handler runServe builds for dir: webHandler
// over an os.Root of dir, closed when the test ends.
func serveDirHandler(t *testing.T, dir string) http.Handler {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return webHandler(root)
}
