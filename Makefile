# skewlab: `make run` opens the window, `make test` runs every check.
# Both install the system packages they need (apt, as root or via sudo).

GO            ?= go
STATICCHECK   := honnef.co/go/tools/cmd/staticcheck@v0.8.0
TOOLS         := $(CURDIR)/tools/bin
# Fuzzing runs a fixed number of inputs per target (scripts/fuzz.sh has
# the table), never a duration: see the script. FUZZFACTOR multiplies them.
FUZZFACTOR    ?= 1
XVFB          := xvfb-run -a -s "-screen 0 1280x720x24"

.PHONY: run test check gotest fuzz gltf-fixtures gltfcheck bakecheck publiccheck blendercheck bench costcheck build clean deps-run deps-test deps-blender idlecpu

run: deps-run build
	@./skewlab $(ARGS)

build:
	$(GO) build -o skewlab .

deps-run:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

deps-blender:
	@scripts/deps.sh blender

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
	GOOS=js GOARCH=wasm $(GO) vet ./...
	GOOS=js GOARCH=wasm $(TOOLS)/staticcheck ./...
	@echo "test: staticcheck"
	$(TOOLS)/staticcheck ./...

gotest:
	@echo "test: pure packages without cgo or a display"
	CGO_ENABLED=0 $(GO) test ./transform/... ./scene/... ./modes/... ./state/...
	@echo "test: every package (GUI tests under Xvfb)"
	$(XVFB) $(GO) test -count=1 ./...

fuzz:
	@scripts/fuzz.sh $(FUZZFACTOR)

# The glTF fixtures scripts/gengltf writes and the npm packages of
# checks/gltf (pinned in its package-lock.json), shared by gltfcheck and
# bakecheck: make test asks for both in one make, so they are made once.
GLTF_DIR      := out/gltf
gltf-fixtures: deps-web
	@echo "test: npm packages of checks/gltf (npm ci) and the glTF fixtures (scripts/gengltf) in $(GLTF_DIR)"
	cd checks/gltf && npm ci --no-audit --no-fund
	$(GO) run ./scripts/gengltf -o $(GLTF_DIR)

# The Khronos glTF validator (npm gltf-validator) on the fixtures: good
# ones must have no error, bad ones the validator can judge at least one
# (checks/gltf/validate.mjs; manifest.json says which is which).
gltfcheck: gltf-fixtures
	@echo "test: glTF fixtures through the Khronos validator"
	node checks/gltf/validate.mjs $(GLTF_DIR)

# The animated files bakecheck bakes with -anim (the stretchy arm at
# -max-error 0.5, which its lost shear needs; public samples with skins,
# animations and morph weights).
ANIM_BAKES := $(GLTF_DIR)/stretchy-arm.gltf testdata/public/RiggedSimple/RiggedSimple.gltf testdata/public/SimpleSkin/SimpleSkin.gltf testdata/public/SimpleMorph/SimpleMorph.gltf

# skewlab bake on every good fixture, checked by third-party tools
# (checks/gltf/bakecheck.mjs): the Khronos validator, world vertices
# computed with @gltf-transform/core against skewlab's expectation of the
# original (scripts/worldverts), and @gltf-transform/functions' flatten()
# against the bake on the skewed rig; then bake -anim on ANIM_BAKES,
# played by checks/gltf/animcheck.mjs against scripts/worldverts -anim.
bakecheck: gltf-fixtures build
	@echo "test: skewlab bake of every good fixture into $(GLTF_DIR)/baked, with scripts/worldverts' expectation of the original"
	rm -rf $(GLTF_DIR)/baked && mkdir -p $(GLTF_DIR)/baked
	$(GO) build -o out/worldverts ./scripts/worldverts
	@set -e; for f in $$(node -p "require('./$(GLTF_DIR)/manifest.json').fixtures.filter((f) => f.good).map((f) => f.name).join(' ')"); do \
	  echo "./skewlab bake $(GLTF_DIR)/$$f -o $(GLTF_DIR)/baked/$$f.glb"; \
	  ./skewlab bake $(GLTF_DIR)/$$f -o $(GLTF_DIR)/baked/$$f.glb; \
	  echo "out/worldverts $(GLTF_DIR)/$$f > $(GLTF_DIR)/baked/$$f.expect.json"; \
	  out/worldverts $(GLTF_DIR)/$$f > $(GLTF_DIR)/baked/$$f.expect.json; \
	done
	@echo "test: baked files through the Khronos validator, glTF-Transform's world vertices and flatten() (checks/gltf/bakecheck.mjs)"
	node checks/gltf/bakecheck.mjs $(GLTF_DIR)
	@echo "test: skewlab bake -anim of the stretchy arm and the public animated samples into $(GLTF_DIR)/baked-anim, with scripts/worldverts -anim's expectation of the originals"
	rm -rf $(GLTF_DIR)/baked-anim && mkdir -p $(GLTF_DIR)/baked-anim
	@set -e; for f in $(ANIM_BAKES); do \
	  n=$$(basename $$f); \
	  echo "./skewlab bake -anim -max-error 0.5 $$f -o $(GLTF_DIR)/baked-anim/$$n.glb"; \
	  ./skewlab bake -anim -max-error 0.5 $$f -o $(GLTF_DIR)/baked-anim/$$n.glb >/dev/null; \
	  out/worldverts -anim 30 $$f > $(GLTF_DIR)/baked-anim/$$n.expect.json; \
	done
	@echo "test: animated bakes through the Khronos validator and played by glTF-Transform's data with the script's own player (checks/gltf/animcheck.mjs)"
	node checks/gltf/animcheck.mjs $(GLTF_DIR)/baked-anim

# skewlab bake on every public sample model in testdata/public (its
# README.md: sources and licences), and the Khronos validator on each
# original and copy: a copy may have no validator error code its original
# does not have, and every bake must exit 0 (checks/gltf/publiccheck.mjs).
# The same for internal/gltfgen's edge files (written by scripts/gengltf
# into $(GLTF_DIR)/edge), whose originals must have no error at all.
# What the copies draw is checked by the Go tests (cmd_public_test.go).
publiccheck: gltf-fixtures build
	@echo "test: skewlab bake of every public sample model into $(GLTF_DIR)/public, originals and copies through the Khronos validator"
	node checks/gltf/publiccheck.mjs ./skewlab testdata/public $(GLTF_DIR)/public
	PUBLICCHECK_CLEAN=1 node checks/gltf/publiccheck.mjs ./skewlab $(GLTF_DIR)/edge $(GLTF_DIR)/edge-baked

# The browser test runs after the Go tests, not in parallel with them;
# its mutation check after it (the web build is made once). gltfcheck,
# bakecheck and publiccheck share one make, so their fixtures are made once.
test: deps-test check gotest fuzz
	$(MAKE) gltfcheck bakecheck publiccheck
	$(MAKE) webtest
	$(MAKE) webtest-mutation

# skewlab against real Blender (docs/engines.md, "Checking against real
# Blender"): BLENDER_ARMATURES random armatures (about 5 bones each, every
# Inherit Scale mode; BLENDER_SEED seeds them) built and posed in Blender,
# whose pose_bone.matrix must match skewlab's worlds within 1e-4
# relative; and animated, skinned
# glTF files imported into Blender, whose evaluated vertices at every key
# time and between keys must match skewlab's within 1e-5 of the mesh's
# size; and the stretchy arm's bake -anim copy, whose vertices Blender
# must place where skewlab plays the copy (1e-5) and where it plays the
# original within the bake's stated error. Installs Blender (apt) if
# missing; about 15 s after that. Not part of make test.
BLENDER_DIR       := out/blender
BLENDER_ARMATURES ?= 400
BLENDER_SEED      ?= 1
BLENDER           := blender -b --factory-startup --python-exit-code 1
blendercheck: deps-blender
	@mkdir -p $(BLENDER_DIR)
	$(GO) build -o $(BLENDER_DIR)/blendercheck ./scripts/blendercheck
	@echo "blendercheck: $(BLENDER_ARMATURES) random armatures posed in Blender (checks/blender/armatures.py)"
	$(BLENDER) -P checks/blender/armatures.py -- $(BLENDER_DIR)/armatures.json --armatures $(BLENDER_ARMATURES) --seed $(BLENDER_SEED)
	$(BLENDER_DIR)/blendercheck armatures $(BLENDER_DIR)/armatures.json
	@echo "blendercheck: animated, skinned glTF imported into Blender (checks/blender/anim.py)"
	$(BLENDER_DIR)/blendercheck fixture $(BLENDER_DIR)
	$(BLENDER) -P checks/blender/anim.py -- $(BLENDER_DIR)/blendercheck-arm.gltf $(BLENDER_DIR)/blendercheck-arm.json
	$(BLENDER_DIR)/blendercheck anim $(BLENDER_DIR)/blendercheck-arm.gltf $(BLENDER_DIR)/blendercheck-arm.json
	$(GO) run ./scripts/gengltf -o $(BLENDER_DIR)/gltf -triangles 2 >/dev/null
	$(BLENDER) -P checks/blender/anim.py -- $(BLENDER_DIR)/gltf/stretchy-arm.gltf $(BLENDER_DIR)/stretchy-arm.json
	$(BLENDER_DIR)/blendercheck anim $(BLENDER_DIR)/gltf/stretchy-arm.gltf $(BLENDER_DIR)/stretchy-arm.json
	@echo "blendercheck: the stretchy arm's bake -anim copy imported into Blender: the copy as skewlab plays it, and the original within the stated error"
	$(GO) run . bake -anim -max-error 0.5 $(BLENDER_DIR)/gltf/stretchy-arm.gltf -o $(BLENDER_DIR)/arm-anim.glb
	$(BLENDER) -P checks/blender/anim.py -- $(BLENDER_DIR)/arm-anim.glb $(BLENDER_DIR)/arm-anim.json
	$(BLENDER_DIR)/blendercheck anim $(BLENDER_DIR)/arm-anim.glb $(BLENDER_DIR)/arm-anim.json
	$(BLENDER_DIR)/blendercheck bakeanim $(BLENDER_DIR)/gltf/stretchy-arm.gltf $(BLENDER_DIR)/arm-anim.glb $(BLENDER_DIR)/arm-anim.json

# The benchmark tables of docs/performance.md: ratios against the Mul4 baseline (median
# of RUNS separate runs), ratios against the hand-written 3x4 floor at 10^3 to
# 10^6 nodes, single-threaded and on all cores (BenchmarkMillion,
# BenchmarkFloorSizes), and ns/node at 10^3, 10^4 and 10^5 nodes, printed as
# Markdown. About ten minutes; not part of make test. Run it on a quiet machine.
RUNS          ?= 5
bench:
	@GO=$(GO) scripts/bench.sh $(RUNS)

# The cost lab against modes' benchmarks (docs/cost.md): skewlab cost's ns
# per node and BenchmarkFloorSizes' at NODES (default 100000) within
# TOLERANCE (default 0.3), each side the least of RUNS runs.
# Timing: a quiet machine; not part of make test.
NODES         ?= 100000
TOLERANCE     ?= 0.3
costcheck: build
	@GO=$(GO) NODES=$(NODES) TOLERANCE=$(TOLERANCE) RUNS=$(RUNS) scripts/costcheck.sh

# The window's CPU use over 10 s once idle, under Xvfb (docs/performance.md,
# "Quiet when idle"); ARGS go to the app (ARGS=-spin for comparison).
idlecpu: deps-test build
	@scripts/idlecpu.sh $(ARGS)

clean:
	rm -rf skewlab dist tools/bin

include web.mk
