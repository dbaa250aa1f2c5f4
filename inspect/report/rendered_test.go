package inspect

import (
	"bytes"
	"strings"
	"testing"
)

func TestRenderedFindings(t *testing.T) {
	off := int64(2_100_000)
	page := func(mode string) *RenderedPage { return &RenderedPage{Mode: mode} }
	tests := []struct {
		name string
		rd   *Rendered
		crit []Critical
		want []string // codes, in order
	}{
		{"render failed", &Rendered{Error: "No Chromium browser was found."}, nil, []string{CodeRenderFailed}},
		{"lost items", &Rendered{Google: page("google"), Full: page("full"), Lost: []RenderedLost{
			{Kind: LostLink, Value: "https://a.example/x", Offset: &off},
			{Kind: LostJSONLD, Value: "Product"},
			{Kind: LostCanonical, Value: "https://a.example/", Only: "full"},
			{Kind: LostNoindex, Value: "robots: noindex", Only: "google"},
			{Kind: LostText, Value: "12 bytes of visible text"},
		}}, nil, []string{CodeRenderLinkLost, CodeRenderJSONLDLost, CodeRenderCanonicalLost, CodeRenderNoindexOnlyGoog,
			CodeRenderTextLost, CodeRenderJSNoindex}},
		{"scripts", &Rendered{Google: page("google"), Full: page("full"), Scripts: []RenderedScript{
			{Inline: true, Offset: 10, Reason: "Cut before </script> at byte 20, so never executed.", Why: ScriptCut},
			{URL: "https://a.example/t.js", Offset: 30, Reason: "Blocked by robots.txt: line 3.", Why: ScriptBlocked},
			{URL: "https://a.example/e.js", Offset: 40, Reason: "Threw at run time: TypeError: x"},
			{URL: "https://a.example/ok.js", Offset: 50, Ran: true},
		}}, nil, []string{CodeRenderScriptCut, CodeRenderScriptBlocked, CodeRenderScriptFailed}},
		{"canonical set by JavaScript", &Rendered{Google: &RenderedPage{Mode: "google", Canonical: "https://a.example/"},
			Full: page("full")}, nil, []string{CodeRenderJSCanonical}},
		{"canonical in the source", &Rendered{Google: &RenderedPage{Mode: "google", Canonical: "https://a.example/"},
			Full: page("full")}, []Critical{{Kind: ElementCanonical, Value: "https://a.example/"}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "lost items" {
				tc.rd.Google.MetaRobots = "noindex"
			}
			var got []string
			for _, f := range RenderedFindings(tc.rd, tc.crit) {
				got = append(got, f.Code)
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("codes %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRenderedTextAndReport(t *testing.T) {
	rd := &Rendered{Browser: "Chrome 156", Viewport: Viewport{Width: 412, Height: 732, Assumed: true},
		Google: &RenderedPage{Mode: "google", Title: "T", Links: 1},
		Full:   &RenderedPage{Mode: "full", Title: "T", Links: 2, Notes: []string{"1 navigation away from the page was not followed."}},
		Lost:   []RenderedLost{{Kind: LostLink, Value: "https://a.example/b"}},
		Scripts: []RenderedScript{{URL: "https://a.example/app.js", Offset: 5,
			Reason: "Cut at 1,999,800 bytes (its limit) and failed to parse: SyntaxError: x", Why: ScriptCut},
			{URL: "https://a.example/", Inline: true, Offset: 409, Ran: true}}}
	var b bytes.Buffer
	if err := WriteRenderedText(&b, rd); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Chrome 156, 412 × 732, assumed viewport", "Links", "link       https://a.example/b",
		"not run https://a.example/app.js: Cut at 1,999,800", "ran     inline at byte 409\n", "full render: 1 navigation"} {
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
	r := &Report{Analysis: &Analysis{}}
	r.AddRendered(rd)
	if r.Render != rd || len(r.Findings) != 3 || r.Findings[0].Severity != SeverityWarning {
		t.Errorf("AddRendered: %+v", r.Findings)
	}
}

// TestRenderedCountsHaveSeparators checks the text and HTML counts of a
// render that lost thousands of items.
func TestRenderedCountsHaveSeparators(t *testing.T) {
	rd := &Rendered{Browser: "Chrome", Viewport: Viewport{Width: 1920, Height: 1080},
		Google: &RenderedPage{Mode: "google", DurationMS: 12345}, Full: &RenderedPage{Mode: "full", H2: make([]string, 1200)},
		Lost: make([]RenderedLost, 1333)}
	var b bytes.Buffer
	if err := WriteRenderedText(&b, rd); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Chrome, 1,920 × 1,080", "Lost in Google's render (1,333):", "... and 1,303 more", "12,345 ms", "1,200"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	v := renderedView(rd)
	if v.LostLeftOut != "1,133" || v.Size != "1,920 × 1,080" {
		t.Errorf("HTML view: %q more, viewport %q", v.LostLeftOut, v.Size)
	}
}
