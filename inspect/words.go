package inspect

import (
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The words and numbers in this file are the ones every view shows (the
// window, the text report, the CSV and the HTML evidence pack), so that a
// number or verdict reads the same wherever it is pasted from. Offsets
// shown to people are body bytes and ranges name their last byte
// (inclusive); JSON and CSV keep end offsets exclusive, as CLI.md says.

// BodyRange writes the body range [start, end) for people, naming its last
// byte: "bytes 1,999,000–2,001,511 (2,512 bytes)", or "byte 120" for a
// single byte. The window's byteview.ByteRange writes the same.
func BodyRange(start, end int64) string {
	if end-start <= 1 {
		return i18n.T("findings.range-one", "Offset", start)
	}
	return i18n.T("findings.range", "Start", start, "Last", end-1, "Size", end-start)
}

// Verdicts on a critical element, as Verdict gives them.
const (
	VerdictKept = "yes"  // before the cutoff
	VerdictCut  = "CUT"  // starts before the cutoff, ends after it
	VerdictLost = "LOST" // past the cutoff
)

// Verdict says whether the crawler gets a critical element: VerdictKept,
// VerdictCut or VerdictLost.
func Verdict(c scan.Critical) string {
	switch {
	case c.HasFlag(scan.FlagCut):
		return VerdictCut
	case c.BeyondCutoff:
		return VerdictLost
	}
	return VerdictKept
}

// KeptWord says whether the crawler gets a critical element, in the CSV's
// stable words: its Verdict, followed by "(kept if MB means MiB)" when the
// binary reading of the limit would keep it. KeptText says it in the
// language in use.
func KeptWord(c scan.Critical) string {
	w := Verdict(c)
	if c.AtRisk && w != VerdictKept {
		w += " " + keptIfBinary
	}
	return w
}

// keptIfBinary qualifies a verdict the binary reading of the limit reverses.
const keptIfBinary = "(kept if MB means MiB)"

// KeptText is KeptWord in the language in use, for the views people read
// (the text report, the evidence pack, the window); KeptWord stays the
// CSV's stable word.
func KeptText(c scan.Critical) string {
	id := map[string]string{VerdictKept: "verdict-kept", VerdictCut: "verdict-cut", VerdictLost: "verdict-lost"}[Verdict(c)]
	w := i18n.T("findings." + id)
	if c.AtRisk && Verdict(c) != VerdictKept {
		return i18n.T("findings.verdict-kept-if-binary", "Verdict", w)
	}
	return w
}

// KindColors are the colours of the span kinds on a light background, as
// "#rrggbb": the evidence pack uses them, and the window's ruler draws the
// same under a light theme (a test holds the two palettes equal).
var KindColors = map[string]string{
	"header": "#4b5e9a", "inline-script": "#c27c00", "json-ld": "#a84c80", "inline-style": "#1f87c4",
	"data-uri": "#b04a00", "inline-svg": "#00805d", "comment": "#a89a00", "markup": "#a9b2bc",
	"text": "#c9d3bd", "whitespace": "#e2e5e9",
}

// SpanKindText names a kind of bytes (a scan.SpanKind's name, or "header"
// for the counted HTTP header) for people, in the language in use, with
// the words of the window's ruler legend ("inline script", "data: URI"),
// so that the reports' composition and legend read as the window's. The
// kind itself is a code, which JSON keeps.
func SpanKindText(kind string) string {
	if _, ok := KindColors[kind]; ok {
		return i18n.T("byteview.kind-" + kind)
	}
	return kind
}
