# Cutoff: see README.md. Every target works on a fresh Debian machine; `deps`
# installs the system packages Fyne's cgo build needs when they are missing.

GO          ?= go
BIN         := cutoff
FYNE        := $(GO) run fyne.io/tools/cmd/fyne@v1.7.4
STATICCHECK := $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Fyne's GLFW 3.4 builds X11 and Wayland support in, so the window opens natively
# on either desktop; that needs the Wayland and xkbcommon headers as well.
DEB_PACKAGES := gcc libc6-dev libgl1-mesa-dev libgl1-mesa-dri libx11-dev libxcursor-dev libxrandr-dev \
                libxinerama-dev libxi-dev libxxf86vm-dev libwayland-dev libxkbcommon-dev chromium-headless-shell
SMOKE_PACKAGES := xvfb xauth

export LANG ?= C.UTF-8

.PHONY: deps build run demo test check unit race smoke bench package clean

## deps: install the Debian packages the cgo build needs, only those missing
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi

## build: the cutoff binary (window and command line)
build: deps
	$(GO) build -o $(BIN) .

## run: build and open the window
run: build
	./$(BIN)

## demo: open the window with the embedded demo site running
demo: build
	./$(BIN) --demo

## test: formatting, vet, the core's independence from Fyne, staticcheck, tests with the race detector, GUI smoke test
test: deps check unit race smoke

check:
	@echo "== gofmt"
	@out=$$(gofmt -l $$(find . -name '*.go' -not -path './.*')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	@echo "== go vet"
	$(GO) vet ./...
	@echo "== fetch/, inspect/, internal/ and cli/ import nothing from fyne.io; app/byteview imports no Cutoff package"
	@if $(GO) list -deps ./fetch/... ./inspect/... ./internal/... ./cli/... | grep '^fyne\.io/'; then echo "the core imports Fyne"; exit 1; fi
	@if $(GO) list -deps ./app/byteview | grep '^github.com/cutoffapp/' | grep -v '/app/byteview$$'; then echo "app/byteview imports Cutoff packages"; exit 1; fi
	@echo "== staticcheck"
	$(STATICCHECK) ./...

## unit: the core and the UI build and test without cgo or a display
unit:
	@echo "== tests without cgo (fetch, inspect, internal, cli, app under Fyne's test driver)"
	CGO_ENABLED=0 $(GO) test ./fetch/... ./inspect/... ./internal/... ./cli/... ./app/...

# Every package with tests runs under the race detector. Package main only wires
# (it has no tests) and links GLFW, so it is built by `build`, not here.
race:
	@echo "== tests with the race detector"
	$(GO) test -race $$($(GO) list ./... | grep -v '^github.com/cutoffapp/cutoff$$')

## smoke: the real window under Xvfb inspects the demo site and exits
smoke: build
	@echo "== GUI smoke test under Xvfb"
	@missing=$$(for p in $(SMOKE_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		$(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
	rt=$$(mktemp -d); XDG_RUNTIME_DIR=$$rt XDG_CONFIG_HOME=$$rt xvfb-run -a -s '-screen 0 1280x900x24' ./$(BIN) --demo --smoke 60s; \
	status=$$?; rm -rf $$rt; exit $$status

## bench: the benchmarks; BenchmarkBudgets prints the two budgets of README.md's Performance section
# side by side against the floor: x-floor (inspecting a page from a loopback server over a bare
# x/net/html tokenizer pass, at most 1.5) and rss/doc (peak memory of `cutoff inspect --json
# --no-resources` over the page size, at most 2 at 64 MB).
bench:
	CGO_ENABLED=0 $(GO) test -run '^$$' -bench . -benchmem ./fetch/... ./inspect/... ./app/...

## package: a Linux bundle (Cutoff.tar.xz) with the binary, the .desktop entry and the icon
# fyne package bumps Build in FyneApp.toml; the committed file is kept as it is.
package: deps
	@cp FyneApp.toml .FyneApp.toml.orig
	$(FYNE) package -os linux -name Cutoff -icon assets/Icon.png -release; \
	status=$$?; mv .FyneApp.toml.orig FyneApp.toml; exit $$status

clean:
	rm -f $(BIN) Cutoff.tar.xz
