// Package render is the rendered view: what Google's renderer makes of the
// bytes the crawler kept. It drives a Chromium-based browser (Debian's
// chromium-headless-shell, Chrome, Chromium or Edge; see Browsers) through
// chromedp and renders a page twice, each time in a fresh browser
// context with every request the page makes intercepted and answered by
// Cutoff's own fetcher with the crawler profile:
//
//   - "google": the page cut at its cutoff, each script, stylesheet, XHR
//     and fetch cut at its own limit (counted as resources.Fetch counts),
//     requests robots.txt disallows failed, images, media and fonts not
//     fetched;
//   - "full": the whole page and whole resources, as a browser user gets
//     them (up to the fetch cap).
//
// It reads both rendered DOMs (title, robots meta, canonical, hreflang,
// JSON-LD, links, headings, visible text, a screenshot) and fills an
// inspect.Rendered with the comparison and a script table. Every render is
// bounded in time, requests and bytes; the browser runs in its own process
// group (a job object on Windows), which is killed when the job ends, so
// no browser process outlives it. The package never imports Fyne and builds with CGO_ENABLED=0.
//
// Setting CUTOFF_RENDER_DEBUG in the environment logs each render's phases
// and their times to stderr.
package render
