package inspect

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

func TestRenderedFindings(t *testing.T) {
	off := int64(2_100_000)
	page := func(mode string) *RenderedPage { return &RenderedPage{Mode: mode} }
	tests := []struct {
		name string
		rd   *Rendered
		crit []scan.Critical
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
			Full: page("full")}, []scan.Critical{{Kind: scan.ElementCanonical, Value: "https://a.example/"}}, nil},
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

// TestRenderedFindingsNameTheCrawler renders as Bingbot: no finding
// speaks of Google's render, each names Bingbot's.
func TestRenderedFindingsNameTheCrawler(t *testing.T) {
	off := int64(2_100_000)
	rd := &Rendered{Crawler: "Bingbot", Google: &RenderedPage{Mode: "google", MetaRobots: "noindex", Canonical: "https://a.example/",
		Notes: []string{"The page made more requests than the render's cap."}}, Full: &RenderedPage{Mode: "full"},
		Lost: []RenderedLost{
			{Kind: LostLink, Value: "https://a.example/x", Offset: &off},
			{Kind: LostJSONLD, Value: "Product"},
			{Kind: LostCanonical, Value: "https://a.example/", Only: "full"},
			{Kind: LostNoindex, Value: "robots: noindex", Only: "full"},
			{Kind: LostText, Value: "12 bytes of visible text"},
		},
		Scripts: []RenderedScript{
			{Inline: true, Offset: 10, Reason: "Cut before </script> at byte 20, so never executed.", Why: ScriptCut},
			{URL: "https://a.example/u.js", Offset: -1, Why: ScriptFailed, RobotsUnchecked: true},
		}}
	for _, f := range RenderedFindings(rd, nil) {
		if strings.Contains(f.Message, "Google") {
			t.Errorf("%s speaks of Google for a Bingbot render: %s", f.Code, f.Message)
		}
		if f.Code != CodeRenderCanonicalLost && f.Code != CodeRenderNoindexLost && !strings.Contains(f.Message, "Bingbot") {
			t.Errorf("%s does not name Bingbot: %s", f.Code, f.Message)
		}
	}
}

// TestRenderedScriptsGrouped gives one finding per reason, however many
// scripts share it, naming the first few.
func TestRenderedScriptsGrouped(t *testing.T) {
	rd := &Rendered{Crawler: "Googlebot Smartphone", Google: &RenderedPage{Mode: "google"}, Full: &RenderedPage{Mode: "full"}}
	for i := range 40 {
		rd.Scripts = append(rd.Scripts, RenderedScript{URL: fmt.Sprintf("https://a.example/s%d.js", i), Offset: int64(100 + i),
			Reason: "Cut at 2,000,000 bytes.", Why: ScriptCut})
	}
	rd.Scripts = append(rd.Scripts,
		RenderedScript{URL: "https://a.example/t.js", Offset: 30, Reason: "Blocked by robots.txt: line 3.", Why: ScriptBlocked},
		RenderedScript{URL: "https://a.example/e.js", Offset: 40, Reason: "Threw at run time: TypeError: x"},
		RenderedScript{URL: "https://a.example/f.js", Offset: 50, Reason: "Failed to parse: x", Why: ScriptFailed})
	var got []string
	for _, f := range RenderedFindings(rd, nil) {
		got = append(got, f.Code)
		if f.Code == CodeRenderScriptCut {
			want := "40 scripts did not run in Googlebot Smartphone's render because the crawler's cutoff or their own limit cut them: " +
				"https://a.example/s0.js, https://a.example/s1.js"
			if !strings.HasPrefix(f.Message, want) || !strings.Contains(f.Message, "35 more") || *f.Offset != 100 {
				t.Errorf("cut scripts: %s (offset %v)", f.Message, *f.Offset)
			}
		}
	}
	want := []string{CodeRenderScriptCut, CodeRenderScriptBlocked, CodeRenderScriptFailed}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("codes %v, want one per reason %v", got, want)
	}
}
