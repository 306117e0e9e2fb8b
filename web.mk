# Web build, included by the Makefile: `make web` builds dist/, `make serve`
# serves it on loopback, `make webtest` drives it in headless Chromium.

GO            ?= go
DIST          ?= dist
WEBADDR       ?= 127.0.0.1:8080
# The gzip the page downloads must stay under this (bytes): blog readers
# on slow links wait for every megabyte. It was 7.1 MB until issue 32 left
# out the five bitmap font faces debugui never draws (WEBMOD below) and
# compiled the start-up-only packages without inlining (WEB_NOINLINE):
# 7,024,674 bytes before, docs/web.md has the sizes after.
WEB_GZ_LIMIT  ?= 5000000
# The module file the web build compiles with: go.mod plus a replace line
# that swaps github.com/hajimehoshi/bitmapfont/v4 for a copy of the same
# version embedding only the faces the web build draws (scripts/webmod:
# it reads which from the sources, and stops the build when the module
# changed shape). The native build keeps go.mod as it is.
WEBMOD        ?= out/webmod
# Packages that run only while the page starts or opens a file (Ebitengine's
# shader compiler and its go/parser, go/constant, math/big and
# text/template; JSON, gob, XML, PNG and JPEG decoding; the glTF reader;
# compression; logging) are compiled without inlining: about 220 KB less
# gzip, and no drawn frame runs their code (make
# webprofile counts the time spent in them per frame: 0). Inlining stays
# on everywhere else, the runtime and every per-frame path included.
WEB_NOINLINE  := go/... text/template/... math/big regexp/... internal/lazyregexp \
	github.com/hajimehoshi/ebiten/v2/internal/shader github.com/hajimehoshi/ebiten/v2/internal/shaderir/... \
	github.com/hajimehoshi/ebiten/v2/internal/legacyshader github.com/hajimehoshi/ebiten/v2/internal/builtinshader \
	github.com/hajimehoshi/ebiten/v2/internal/colormshader github.com/hajimehoshi/ebiten/v2/internal/vmprotocol \
	encoding/json encoding/gob encoding/xml compress/... archive/... log/... image/png image/jpeg os/exec \
	github.com/go-text/... golang.org/x/text/... github.com/pierrec/lz4/... github.com/qmuntal/gltf/... \
	golang.org/x/image/tiff/... golang.org/x/image/ccitt
WEB_GOFLAGS   := -modfile=$(WEBMOD)/go.mod -trimpath $(foreach p,$(WEB_NOINLINE),-gcflags=$(p)=-l)

.PHONY: webbaseline webprofile web serve webtest webtest-mutation webnoise webidlecpu webtest-server webtest-gltf deps-web

# The glTF files the browser test drops onto the page, written by the
# fixture generator on every run (never committed or downloaded).
WEBTEST_GLTF  ?= out/webtest/gltf

deps-web:
	@scripts/deps.sh web

# dist/fallback.png comes from the export command (skipped, with a note,
# in a build without it); the page shows it where WebAssembly or WebGL
# is missing. Each long step says what it does before it starts: the two
# compilations take minutes on a first build (seconds once Go's build
# cache is warm), and make prints nothing else meanwhile
# (TestMakeWebSaysWhatItDoes).
web:
	@mkdir -p $(DIST)
	@echo "web: writing $(WEBMOD)/go.mod, which leaves the font faces debugui never draws out of the build (scripts/webmod)"
	$(GO) run ./scripts/webmod -o $(WEBMOD)
	@echo "web: compiling the WebAssembly build into $(DIST)/skewlab.wasm (GOOS=js GOARCH=wasm; minutes on a first build, seconds with a warm build cache)"
	GOOS=js GOARCH=wasm $(GO) build $(WEB_GOFLAGS) -ldflags='-s -w' -o $(DIST)/skewlab.wasm .
	@echo "web: compressing it into $(DIST)/skewlab.wasm.gz (gzip -9, a few seconds)"
	gzip -9 -n -c $(DIST)/skewlab.wasm > $(DIST)/skewlab.wasm.gz
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $(DIST)/wasm_exec.js
	@raw=$$(wc -c < $(DIST)/skewlab.wasm); gz=$$(wc -c < $(DIST)/skewlab.wasm.gz); \
	  sed -e "s/@GZSIZE@/$$gz/" -e "s/@RAWSIZE@/$$raw/" assets/web/index.html > $(DIST)/index.html; \
	  echo "web: skewlab.wasm $$raw bytes, skewlab.wasm.gz $$gz bytes (limit $(WEB_GZ_LIMIT))"
	@echo "web: compiling the desktop build for skewlab export, which draws $(DIST)/fallback.png (minutes on a first build)"
	@if $(GO) run . export -h >/dev/null 2>&1; then \
	  echo "web: $(DIST)/fallback.png (skewlab export)"; \
	  $(GO) run . export -o $(DIST)/fallback.png; \
	else \
	  echo "web: no export command in this build yet; $(DIST)/fallback.png not made"; \
	fi
	@echo "web: $(DIST) is ready (make serve serves it on http://$(WEBADDR))"

serve: web
	$(GO) run . serve -dir $(DIST) -addr $(WEBADDR)

# The browser test builds web itself (through this target), serves dist/
# with skewlab serve on a free loopback port and fails when the gzip is
# over the limit. Screenshots go to out/webtest (the log says where).
webtest: webtest-server webtest-gltf webbaseline
	node web/test/browser.mjs --dist $(DIST) --server out/skewlab-serve --out out/webtest --gltf $(WEBTEST_GLTF) --baseline $(WEBBASE)

# The browser test's comparisons with the page that should match opened in
# the wrong mode: passes only when every comparison fails (its tolerance
# still catches a wrong picture).
webtest-mutation: webtest-server webtest-gltf
	node web/test/browser.mjs --dist $(DIST) --server out/skewlab-serve --mutate wrong-mode --gltf $(WEBTEST_GLTF)

# Measures the pixel noise behind the browser test's tolerances (not part
# of make test: about 40 s, prints a table).
webnoise: webtest-server
	node web/test/noise.mjs --dist $(DIST) --server out/skewlab-serve

# Chromium's CPU over 10 s for a settled page and a spinning one (not
# part of make test: about 40 s; docs/web.md has the numbers).
webidlecpu: webtest-server
	node web/test/idlecpu.mjs --dist $(DIST) --server out/skewlab-serve

# The browser test's yardstick (web/baseline): a minimal ebiten program
# drawing 2,000 spinning triangles, with its own page, in $(WEBBASE).
WEBBASE       ?= out/webbaseline
webbaseline:
	@mkdir -p $(WEBBASE)
	@echo "web: compiling the baseline program into $(WEBBASE)/baseline.wasm (the frame-rate check's yardstick)"
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $(WEBBASE)/baseline.wasm ./web/baseline
	cp web/baseline/index.html $(WEBBASE)/index.html
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $(WEBBASE)/wasm_exec.js

# The page's JavaScript and WebAssembly time per drawn frame, from a CPU
# profile (Chrome DevTools protocol) of the spinning pages and of the
# baseline, with a breakdown (not part of make test: about a minute;
# docs/web.md has the numbers).
# The page profiled is built as make web builds it, but keeping the
# functions' names (no -s -w) so the profile can say where time goes.
WEBPROF       ?= out/webprof
webprofile: webtest-server webbaseline
	@mkdir -p $(WEBPROF)
	@echo "web: compiling $(WEBPROF)/skewlab.wasm, the web build with its functions' names, for the profile"
	GOOS=js GOARCH=wasm $(GO) build $(WEB_GOFLAGS) -o $(WEBPROF)/skewlab.wasm .
	gzip -1 -n -c $(WEBPROF)/skewlab.wasm > $(WEBPROF)/skewlab.wasm.gz
	cp $(DIST)/index.html $(DIST)/wasm_exec.js $(WEBPROF)/
	@echo "web: compiling $(WEBBASE)/baseline.wasm with its functions' names"
	GOOS=js GOARCH=wasm $(GO) build -trimpath -o $(WEBBASE)/baseline.wasm ./web/baseline
	node web/test/frameprof.mjs --dist $(WEBPROF) --baseline $(WEBBASE) --server out/skewlab-serve $(PROFILE_ARGS)

webtest-gltf:
	$(GO) run ./scripts/gengltf -o $(WEBTEST_GLTF) -triangles 2000 >/dev/null

webtest-server: deps-web web
	@gz=$$(wc -c < $(DIST)/skewlab.wasm.gz); if [ $$gz -gt $(WEB_GZ_LIMIT) ]; then \
	  echo "webtest: $(DIST)/skewlab.wasm.gz is $$gz bytes, over the limit of $(WEB_GZ_LIMIT)"; exit 1; fi
	cd web/test && npm ci --no-audit --no-fund
	mkdir -p out && $(GO) build -o out/skewlab-serve .
