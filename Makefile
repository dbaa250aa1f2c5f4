# Cutoff: see README.md. Every target works on a fresh Debian machine; `deps`
# installs the system packages Fyne's cgo build needs when they are missing.

GO          ?= go
BIN         := cutoff
FYNE        := $(GO) run fyne.io/tools/cmd/fyne@v1.7.4
STATICCHECK := $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
PREFIX      ?= /usr/local
# Fyne's GLFW 3.4 builds X11 and Wayland support in, so the window opens natively
# on either desktop; that needs the Wayland and xkbcommon headers as well, and
# pkg-config, which go-gl and the Wayland code ask for their flags. The rendered
# view drives Debian's chromium-headless-shell. Fyne draws text its own fonts
# lack (Chinese, Japanese, Korean) with a system font: fonts-droid-fallback is
# a small one that covers them, without which those pages show empty boxes
# (and the source view's CJK goldens measure other widths). .ci/run has
# these lists installed by `make` itself in a fresh Debian root, and
# installs them on the machine only when it cannot make that root.
DEB_PACKAGES := gcc libc6-dev pkg-config libgl1-mesa-dev libgl1-mesa-dri libx11-dev libxcursor-dev libxrandr-dev \
                libxinerama-dev libxi-dev libxxf86vm-dev libwayland-dev libxkbcommon-dev chromium-headless-shell \
                fonts-droid-fallback
# The smoke test's X server, and a session bus so Fyne's theme watch finds one.
SMOKE_PACKAGES := xvfb xauth dbus-daemon
PACKAGE_PACKAGES := xz-utils

export LANG ?= C.UTF-8

.PHONY: deps build run demo install test check unit race smoke bench package clean

# ensure installs those of the Debian packages $(1) that are missing, named on
# one line; with sudo when not root, and without sudo it says what to run.
define ensure
@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || printf '%s ' $$p; done); \
missing=$${missing% }; \
if [ -n "$$missing" ]; then \
	if [ "$$(id -u)" = 0 ]; then sudo=; \
	elif command -v sudo >/dev/null; then sudo=sudo; \
	else echo "missing Debian packages: $$missing; sudo is not installed, so as root (su -) run: apt-get install -y $$missing, then make again"; exit 1; fi; \
	echo "installing the missing Debian packages: $$missing"; \
	$$sudo apt-get update -q && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
fi
endef

## deps: install the Debian packages the cgo build needs, only those missing
deps:
	$(call ensure,$(DEB_PACKAGES))

## build: the cutoff binary (window and command line)
build: deps
	@echo "== go build (the first build downloads the Go modules and compiles Fyne's OpenGL and GLFW C code: about 3-5 minutes; later builds take seconds)"
	$(GO) build -o $(BIN) .

## run: build and open the window
run: build
	./$(BIN)

## demo: open the window with the embedded demo site running
demo: build
	./$(BIN) --demo

## install: build, then copy cutoff to $(PREFIX)/bin (as root; PREFIX=$$HOME/.local for your account only)
install: build
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/$(BIN)
	@echo "installed $(DESTDIR)$(PREFIX)/bin/$(BIN)"

## test: formatting, vet, the core's independence from Fyne, the window's one-way arrows, staticcheck, tests with the race detector, GUI smoke test
test: deps check unit race smoke

check:
	@echo "== gofmt"
	@out=$$(gofmt -l $$(find . -name '*.go' -not -path './.*')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	@echo "== go vet (the first run downloads the Go modules and compiles Fyne's OpenGL and GLFW C code: about 3-5 minutes)"
	$(GO) vet ./...
	@echo "== fetch/, inspect/, internal/ and cli/ import nothing from fyne.io; app/byteview imports no Cutoff package"
	@if $(GO) list -deps ./fetch/... ./inspect/... ./internal/... ./cli/... | grep '^fyne\.io/'; then echo "the core imports Fyne"; exit 1; fi
	@if $(GO) list -deps ./app/byteview | grep '^github.com/cutoffapp/' | grep -v '/app/byteview$$'; then echo "app/byteview imports Cutoff packages"; exit 1; fi
	@echo "== a tab package (app/*tab) imports neither the window (package app) nor another tab; app/job, app/kit and app/prefs import neither"
	@for p in $$($(GO) list -e ./app/... | grep -E '/app/([a-z]+tab|job|kit|prefs)$$'); do \
		bad=$$($(GO) list -e -deps $$p | grep -E '^github\.com/cutoffapp/cutoff/app(/[a-z]+tab)?$$' | grep -vx "$$p" | tr "\n" " "); \
		if [ -n "$$bad" ]; then echo "$$p imports, directly or through another package: $$bad"; exit 1; fi; \
	done
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
# It runs in a private session bus and runtime folder, as on a desktop, so the
# window starts without warnings about a missing session; the bus daemon's own
# notes (it cannot raise its file limit in a container) are not shown.
smoke: build
	$(call ensure,$(SMOKE_PACKAGES))
	@echo "== GUI smoke test under Xvfb"
	rt=$$(mktemp -d); XDG_RUNTIME_DIR=$$rt XDG_CONFIG_HOME=$$rt dbus-run-session -- sh -c 'exec "$$@" 2>&3 3>&-' sh \
		xvfb-run -a -s '-screen 0 1280x900x24' ./$(BIN) --demo --smoke 60s 3>&2 2>/dev/null; \
	status=$$?; rm -rf $$rt; exit $$status

## bench: the benchmarks; BenchmarkBudgets prints the two budgets of README.md's Performance section
# side by side against the floor: x-floor (inspecting a page from a loopback server over a bare
# x/net/html tokenizer pass, at most 1.5) and rss/doc (peak memory of `cutoff inspect --json
# --no-resources` over the page size, at most 2 at 64 MB).
bench:
	CGO_ENABLED=0 $(GO) test -run '^$$' -bench . -benchmem ./fetch/... ./inspect/... ./app/...

## package: a Linux bundle (Cutoff.tar.xz) with the binary, the .desktop entry and the icon
# fyne package bumps Build in FyneApp.toml; the committed file is kept as it is.
# A failed step removes the archive, so no partial Cutoff.tar.xz is left.
package: deps
	$(call ensure,$(PACKAGE_PACKAGES))
	@cp FyneApp.toml .FyneApp.toml.orig
	$(FYNE) package -os linux -name Cutoff -icon assets/Icon.png -release; \
	status=$$?; mv .FyneApp.toml.orig FyneApp.toml; \
	if [ $$status != 0 ]; then rm -f Cutoff.tar.xz; echo "make package failed; no Cutoff.tar.xz was left"; fi; exit $$status

clean:
	rm -f $(BIN) Cutoff.tar.xz
