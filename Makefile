# Cutoff: see README.md. Every target works on a fresh Debian machine; `deps`
# installs the system packages Fyne's cgo build needs when they are missing.

GO          ?= go
BIN         := cutoff
FYNE        := $(GO) run fyne.io/tools/cmd/fyne@v1.7.4
STATICCHECK := $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
ACTIONLINT  := $(GO) run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
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

.PHONY: deps build run demo install test check arrows unit race smoke bench package clean package-windows test-windows package-darwin

# ensure installs those of the Debian packages $(1) that are missing, named on
# one line; with sudo when not root, and without sudo it says what to run.
# On macOS it does nothing: Go and the Xcode command line tools are all the
# build needs there.
ifeq ($(shell uname -s),Darwin)
define ensure
@:
endef
else
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
endif

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

check: arrows
	@echo "== gofmt"
	@out=$$(gofmt -l $$(find . -name '*.go' -not -path './.*')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	@echo "== go vet (the first run downloads the Go modules and compiles Fyne's OpenGL and GLFW C code: about 3-5 minutes)"
	$(GO) vet ./...
	@echo "== staticcheck"
	$(STATICCHECK) ./...
	@echo "== go vet for Windows (every package but main, which needs cgo) and macOS (the core; Fyne needs cgo there)"
	GOOS=windows CGO_ENABLED=0 $(GO) vet $$(GOOS=windows $(GO) list ./... | grep -v '^github.com/cutoffapp/cutoff$$')
	GOOS=darwin CGO_ENABLED=0 $(GO) vet ./fetch/... ./inspect/... ./internal/... ./cli/... ./verify/... ./history/...
	@echo "== actionlint (the release workflow)"
	$(ACTIONLINT)

# only fails when package $(1) imports, directly or through another, a Cutoff
# package other than itself and those the pattern $(2) names (paths below
# the module, as an extended regular expression: a|b/(c|d)).
define only
@deps=$$($(GO) list -deps $(1)) || exit 1; \
bad=$$(echo "$$deps" | sed -n 's|^github.com/cutoffapp/cutoff/||p' | grep -vxE '$(patsubst ./%,%,$(1))|$(2)'); \
if [ -n "$$bad" ]; then echo "$(1) may import only $(2) of Cutoff's packages, yet imports:" $$bad; exit 1; fi
endef

# never fails when one of the packages $(1) imports, directly or through
# another, a package whose path matches the pattern $(2).
define never
@deps=$$($(GO) list -deps $(1)) || exit 1; \
bad=$$(echo "$$deps" | grep -E '$(2)'); \
if [ -n "$$bad" ]; then echo "$(1) must not import:" $$bad; exit 1; fi
endef

## arrows: the imports point the one way ARCHITECTURE.md draws (part of check)
arrows:
	@echo "== the arrows of ARCHITECTURE.md point one way"
	$(call never,./fetch/... ./inspect/... ./internal/... ./history/... ./cli/... ./verify/...,^fyne\.io/)
	$(call only,./app/byteview,)
	$(call only,./inspect/finding,)
	$(call only,./internal/i18n,)
	$(call only,./internal/prose,internal/i18n)
	$(call only,./internal/golden,)
	$(call only,./fetch/demosite,assets)
	$(call only,./inspect/charset,internal/(prose|i18n))
	$(call only,./fetch,internal/(prose|i18n))
	$(call only,./inspect/robots,fetch|internal/(prose|i18n))
	$(call only,./inspect/scan,fetch|internal/(prose|i18n))
	$(call only,./inspect/resources,inspect/(robots|finding)|fetch|internal/(prose|i18n))
	$(call only,./inspect/whatif,inspect/scan|fetch|internal/(prose|i18n))
	$(call only,./inspect,inspect/(charset|finding|resources|robots|scan|whatif)|fetch|internal/(prose|i18n))
	$(call only,./inspect/report,inspect|inspect/(charset|finding|resources|robots|scan|whatif)|fetch|internal/(prose|i18n))
	$(call only,./inspect/compare,inspect|inspect/(charset|finding|resources|robots|scan|whatif)|fetch|internal/(prose|i18n))
	$(call only,./inspect/render,inspect|inspect/(charset|dom|finding|resources|robots|scan|whatif)|fetch|internal/(prose|i18n))
	$(call only,./inspect/dom,)
	$(call only,./inspect/site,inspect|inspect/(charset|finding|resources|robots|scan|whatif|report)|fetch|internal/(prose|i18n))
	$(call only,./history,inspect|inspect/(charset|finding|resources|robots|scan|whatif|report|site)|fetch|internal/(prose|i18n))
	$(call only,./verify,assets|internal/(prose|i18n))
	$(call only,./app/whatiftab,app/(byteview|job|kit|prefs)|inspect|inspect/(charset|finding|resources|robots|scan|whatif)|fetch|internal/(prose|i18n))
	$(call never,./cli,/cutoff/app(/|$$))
	$(call never,./app/...,/cutoff/cli$$)
	@echo "== a tab package (app/*tab) imports neither the window (package app) nor another tab; app/job, app/kit and app/prefs import neither"
	@for p in $$($(GO) list -e ./app/... | grep -E '/app/([a-z]+tab|job|kit|prefs)$$'); do \
		bad=$$($(GO) list -e -deps $$p | grep -E '^github\.com/cutoffapp/cutoff/app(/[a-z]+tab)?$$' | grep -vx "$$p" | tr "\n" " "); \
		if [ -n "$$bad" ]; then echo "$$p imports, directly or through another package: $$bad"; exit 1; fi; \
	done

## unit: the core and the UI build and test without cgo or a display
unit:
	@echo "== tests without cgo (fetch, inspect, internal, history, cli, verify, app under Fyne's test driver)"
	CGO_ENABLED=0 $(GO) test ./fetch/... ./inspect/... ./internal/... ./history/... ./cli/... ./verify/... ./app/...

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
	rt=$$(mktemp -d); XDG_RUNTIME_DIR=$$rt XDG_CONFIG_HOME=$$rt CUTOFF_HISTORY=$$rt/history.sqlite dbus-run-session -- sh -c 'exec "$$@" 2>&3 3>&-' sh \
		xvfb-run -a -s '-screen 0 1280x900x24' ./$(BIN) --demo --smoke 60s 3>&2 2>/dev/null; \
	status=$$?; rm -rf $$rt; exit $$status

## bench: the benchmarks; BenchmarkBudgets and BenchmarkSiteBudget print the budgets of README.md's Performance section
# side by side against the floor: x-floor (inspecting a page from a loopback server over a bare
# x/net/html tokenizer pass, at most 1.5), rss/doc (peak memory of `cutoff inspect --json
# --no-resources` over the page size, at most 2 at 64 MB) and the site run's x-floor (`cutoff site
# --jsonl --urls` over 1,000 pages from a server process, over fetching them with 2 workers and one
# bare tokenizer pass each, at most 1.3).
bench:
	CGO_ENABLED=0 $(GO) test -run '^$$' -bench . -benchmem ./fetch/... ./inspect/... ./verify/... ./app/...

## package: a Linux bundle (Cutoff.tar.xz) with the binary, the .desktop entry and the icon
# fyne package bumps Build in FyneApp.toml; the committed file is kept as it is.
# A failed step removes the archive, so no partial Cutoff.tar.xz is left.
package: deps
	$(call ensure,$(PACKAGE_PACKAGES))
	@cp FyneApp.toml .FyneApp.toml.orig
	$(FYNE) package -os linux -name Cutoff -icon assets/Icon.png -release; \
	status=$$?; mv .FyneApp.toml.orig FyneApp.toml; \
	if [ $$status != 0 ]; then rm -f Cutoff.tar.xz; echo "make package failed; no Cutoff.tar.xz was left"; fi; exit $$status

# The fyne tool that packages for Windows and macOS, built for this machine
# (a `go run` with the cross compiler in CC would build the tool with it).
FYNE_TOOL := .cache/bin/fyne
$(FYNE_TOOL):
	@echo "== the fyne packaging tool, built for this machine"
	GOOS= GOARCH= CC= GOBIN=$(CURDIR)/.cache/bin $(GO) install fyne.io/tools/cmd/fyne@v1.7.4

# package-os packages for system $(1) with the fyne tool and the environment
# $(2). FyneApp.toml gives the version unless VERSION=1.2.3 is set; the Build
# number fyne bumps is not kept.
define package-os
@cp FyneApp.toml .FyneApp.toml.orig
$(2) $(FYNE_TOOL) package -os $(1) -name Cutoff -icon assets/Icon.png -release $(if $(VERSION),-app-version $(VERSION)); \
status=$$?; mv .FyneApp.toml.orig FyneApp.toml; exit $$status
endef

## package-windows: Cutoff-windows.zip, holding Cutoff.exe (icon, version), cross-compiled with mingw-w64
# The first cross-compile builds Fyne's C code for Windows (about 10 minutes on
# two busy cores); .cache/go-build-windows keeps it for the next ones.
WINDOWS_PACKAGES := gcc-mingw-w64-x86-64 zip
WINDOWS_ENV := GOCACHE=$(CURDIR)/.cache/go-build-windows CC=x86_64-w64-mingw32-gcc CGO_ENABLED=1 GOOS=windows GOARCH=amd64
package-windows: $(FYNE_TOOL)
	$(call ensure,$(WINDOWS_PACKAGES))
	@echo "== Cutoff.exe for Windows (fyne package -os windows)"
	@rm -f Cutoff.exe Cutoff-windows.zip
	$(call package-os,windows,$(WINDOWS_ENV))
	zip -q -j Cutoff-windows.zip Cutoff.exe
	@echo "Cutoff-windows.zip: $$(du -h Cutoff-windows.zip | cut -f1), Cutoff.exe inside"

## test-windows: Cutoff.exe under Wine: its GUI header, its command line against the Linux binary's, its window
TEST_WINDOWS_PACKAGES := wine64 wine xvfb xauth x11-utils imagemagick
test-windows: build package-windows
	$(call ensure,$(TEST_WINDOWS_PACKAGES))
	.ci/test-windows

## package-darwin: on a Mac, Cutoff-macos.zip holding Cutoff.app (needs Go and the Xcode command line tools)
package-darwin: $(FYNE_TOOL)
	@rm -rf Cutoff.app Cutoff-macos.zip
	$(call package-os,darwin,)
	ditto -c -k --keepParent Cutoff.app Cutoff-macos.zip
	@echo "Cutoff-macos.zip: $$(du -h Cutoff-macos.zip | cut -f1), Cutoff.app inside"

clean:
	rm -rf $(BIN) Cutoff.tar.xz Cutoff.exe Cutoff-windows.zip Cutoff.app Cutoff-macos.zip
