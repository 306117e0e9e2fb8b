# skewlab: `make run` opens the window, `make test` runs every check.
# Both install the system packages they need (apt, as root or via sudo).

GO            ?= go
STATICCHECK   := honnef.co/go/tools/cmd/staticcheck@v0.8.0
TOOLS         := $(CURDIR)/tools/bin
# Fuzzing runs a fixed number of inputs per target (scripts/fuzz.sh has
# the table), never a duration: see the script. FUZZFACTOR multiplies them.
FUZZFACTOR    ?= 1
XVFB          := xvfb-run -a -s "-screen 0 1280x720x24"

.PHONY: run test check gotest fuzz gltfcheck bench build clean deps-run deps-test idlecpu

run: deps-run build
	@./skewlab $(ARGS)

build:
	$(GO) build -o skewlab .

deps-run:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

$(TOOLS)/staticcheck:
	@echo "test: installing staticcheck ($(STATICCHECK)) into tools/bin"
	GOBIN=$(TOOLS) $(GO) install $(STATICCHECK)

check: $(TOOLS)/staticcheck
	@echo "test: gofmt"
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	@echo "test: go vet"
	$(GO) vet ./...
	@echo "test: go vet and staticcheck of the browser build (GOOS=js)"
	GOOS=js GOARCH=wasm $(GO) vet .
	GOOS=js GOARCH=wasm $(TOOLS)/staticcheck .
	@echo "test: staticcheck"
	$(TOOLS)/staticcheck ./...

gotest:
	@echo "test: pure packages without cgo or a display"
	CGO_ENABLED=0 $(GO) test ./transform/... ./scene/... ./modes/... ./state/...
	@echo "test: every package (GUI tests under Xvfb)"
	$(XVFB) $(GO) test -count=1 ./...

fuzz:
	@scripts/fuzz.sh $(FUZZFACTOR)

# The Khronos glTF validator (npm gltf-validator, pinned in
# checks/gltf/package-lock.json) on the fixtures scripts/gengltf writes:
# good ones must have no error, bad ones the validator can judge at least
# one (checks/gltf/validate.mjs; manifest.json says which is which).
gltfcheck: deps-web
	@echo "test: glTF fixtures (scripts/gengltf) through the Khronos validator"
	cd checks/gltf && npm ci --no-audit --no-fund
	$(GO) run ./scripts/gengltf -o out/gltf
	node checks/gltf/validate.mjs out/gltf

# The browser test runs after the Go tests, not in parallel with them;
# its mutation check after it (the web build is made once).
test: deps-test check gotest fuzz
	$(MAKE) gltfcheck
	$(MAKE) webtest
	$(MAKE) webtest-mutation

# The README's benchmark tables: ratios against the Mul4 baseline (median
# of RUNS separate runs) and ns/node at 10^3, 10^4 and 10^5 nodes, printed
# as Markdown. A few minutes; not part of make test.
RUNS          ?= 5
bench:
	@GO=$(GO) scripts/bench.sh $(RUNS)

# The window's CPU use over 10 s once idle, under Xvfb (README,
# "Quiet when idle"); ARGS go to the app (ARGS=-spin for comparison).
idlecpu: deps-test build
	@scripts/idlecpu.sh $(ARGS)

clean:
	rm -rf skewlab dist tools/bin

include web.mk
