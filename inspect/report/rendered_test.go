package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

func TestRenderedTextAndReport(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome 156", Viewport: inspect.Viewport{Width: 412, Height: 732, Assumed: true},
		Google: &inspect.RenderedPage{Mode: "google", Title: "T", Links: 1},
		Full:   &inspect.RenderedPage{Mode: "full", Title: "T", Links: 2, Notes: []string{"1 navigation away from the page was not followed."}},
		Lost:   []inspect.RenderedLost{{Kind: inspect.LostLink, Value: "https://a.example/b"}},
		Scripts: []inspect.RenderedScript{{URL: "https://a.example/app.js", Offset: 5,
			Reason: "Cut at 1,999,800 bytes (its limit) and failed to parse: SyntaxError: x", Why: inspect.ScriptCut},
			{URL: "https://a.example/", Inline: true, Offset: 409, Ran: true}}}
	var b bytes.Buffer
	if err := WriteRenderedText(&b, rd); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Chrome 156, 412 × 732, assumed viewport", "Links", "link       https://a.example/b",
		"not run https://a.example/app.js: Cut at 1,999,800", "ran     inline at byte 409\n",
		"  In the render of the whole page, 1 navigation away from the page was not followed.\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	for i, want := range []string{"not run  https://a.example/app.js: Cut at 1,999,800 bytes (its limit) and failed to parse: SyntaxError: x",
		"ran  inline at byte 409"} {
		if got := ScriptLine(rd.Scripts[i]); got != want {
			t.Errorf("ScriptLine = %q, want %q", got, want)
		}
	}
	r := &inspect.Report{Analysis: &inspect.Analysis{}}
	r.AddRendered(rd)
	if r.Render != rd || len(r.Findings) != 3 || r.Findings[0].Severity != finding.Warning {
		t.Errorf("AddRendered: %+v", r.Findings)
	}
}

// TestRenderedCountsHaveSeparators checks the text and HTML counts of a
// render that lost thousands of items.
func TestRenderedCountsHaveSeparators(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome", Crawler: "Googlebot Smartphone", Viewport: inspect.Viewport{Width: 1920, Height: 1080},
		Google: &inspect.RenderedPage{Mode: "google", DurationMS: 12345}, Full: &inspect.RenderedPage{Mode: "full", H2: make([]string, 1200)},
		Lost: make([]inspect.RenderedLost, 1333)}
	var b bytes.Buffer
	if err := WriteRenderedText(&b, rd); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Chrome, 1,920 × 1,080", "Lost in Googlebot Smartphone's render (1,333):", "... and 1,303 more", "12,345 ms", "1,200"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	v := renderedView(rd)
	if v.LostLeftOut != "1,133" || v.Size != "1,920 × 1,080" {
		t.Errorf("HTML view: %q more, viewport %q", v.LostLeftOut, v.Size)
	}
}

// TestRenderedNamesTheCrawler writes a render of what Bingbot kept: the
// text and the HTML name Bingbot's render, never Google's.
func TestRenderedNamesTheCrawler(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome", Crawler: "Bingbot", Viewport: inspect.Viewport{Width: 1920, Height: 1080},
		Google: &inspect.RenderedPage{Mode: "google", Notes: []string{"Stopped at the cap."}}, Full: &inspect.RenderedPage{Mode: "full"},
		Lost:    []inspect.RenderedLost{{Kind: inspect.LostLink, Value: "https://a.example/x"}, {Kind: inspect.LostCanonical, Value: "/c", Only: "google"}},
		Scripts: []inspect.RenderedScript{{URL: "https://a.example/ok.js", Ran: true}}}
	var b bytes.Buffer
	if err := WriteRenderedText(&b, rd); err != nil {
		t.Fatal(err)
	}
	r := fileReport(t, 0)
	r.AddRendered(rd)
	html := string(render(t, r, "html"))
	if i := strings.Index(html, "<h2>Rendered"); i >= 0 {
		html = html[i:]
		if j := strings.Index(html[4:], "<h2>"); j >= 0 {
			html = html[:j+4]
		}
	}
	kept, _ := RenderedHeadings(rd)
	caption, _ := RenderedCaptions(rd)
	for name, out := range map[string]string{"text": b.String(), "html": html, "heading": kept, "caption": caption,
		"lost line": LostLine(rd, rd.Lost[1])} {
		if strings.Contains(out, "Google") {
			t.Errorf("%s speaks of Google for a Bingbot render:\n%s", name, out)
		}
		if !strings.Contains(out, "Bingbot") {
			t.Errorf("%s does not name Bingbot:\n%s", name, out)
		}
	}
}
