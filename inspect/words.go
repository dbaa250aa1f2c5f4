package inspect

import "strconv"

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
		return "byte " + Bytes(start)
	}
	return "bytes " + Bytes(start) + "–" + Bytes(end-1) + " (" + Bytes(end-start) + " bytes)"
}

// StatusWord is a resource's status as every view shows it: the HTTP
// status, "failed" for a request that got no response, "—" when none was
// sent.
func (r *Resource) StatusWord() string {
	switch {
	case r.Status > 0:
		return strconv.Itoa(r.Status)
	case r.Requested:
		return "failed"
	}
	return "—"
}

// RobotsWord is the verdict of a resource's robots.txt as every view shows
// it: "allowed (line 4)", "disallowed (line 2)", "could not be checked"
// (Google's policy for an unreachable file decided), "not consulted", or
// "—" when there is none.
func (r *Resource) RobotsWord() string {
	rr := r.Robots
	switch {
	case rr == nil:
		return "—"
	case rr.Skipped:
		return "not consulted"
	case rr.Unchecked():
		return "could not be checked"
	}
	s := "disallowed"
	if rr.Allowed {
		s = "allowed"
	}
	if rr.Line > 0 {
		s += " (line " + strconv.Itoa(rr.Line) + ")"
	}
	return s
}

// SeenWord says whether the crawler ever sees the reference.
func (r *Resource) SeenWord() string {
	if r.DiscoveredBeforeCutoff {
		return "before cutoff"
	}
	return "after cutoff"
}

// Verdicts on a critical element, as Verdict gives them.
const (
	VerdictKept = "yes"  // before the cutoff
	VerdictCut  = "CUT"  // starts before the cutoff, ends after it
	VerdictLost = "LOST" // past the cutoff
)

// Verdict says whether the crawler gets a critical element: VerdictKept,
// VerdictCut or VerdictLost.
func Verdict(c Critical) string {
	switch {
	case c.HasFlag(FlagCut):
		return VerdictCut
	case c.BeyondCutoff:
		return VerdictLost
	}
	return VerdictKept
}

// KeptWord says whether the crawler gets a critical element, in the words
// every view uses: its Verdict, followed by "(kept if MB means MiB)" when
// the binary reading of the limit would keep it.
func KeptWord(c Critical) string {
	w := Verdict(c)
	if c.AtRisk && w != VerdictKept {
		w += " " + keptIfBinary
	}
	return w
}

// keptIfBinary qualifies a verdict the binary reading of the limit reverses.
const keptIfBinary = "(kept if MB means MiB)"

// KindColors are the colours of the span kinds on a light background, as
// "#rrggbb": the evidence pack uses them, and the window's ruler draws the
// same under a light theme (a test holds the two palettes equal).
var KindColors = map[string]string{
	"header": "#4b5e9a", "inline-script": "#c27c00", "json-ld": "#a84c80", "inline-style": "#1f87c4",
	"data-uri": "#b04a00", "inline-svg": "#00805d", "comment": "#a89a00", "markup": "#a9b2bc",
	"text": "#c9d3bd", "whitespace": "#e2e5e9",
}
