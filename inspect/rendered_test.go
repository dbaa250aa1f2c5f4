package inspect

import (
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
