package inspect

import "testing"

func TestFindingTitle(t *testing.T) {
	for code, want := range map[string]string{
		CodePageOverLimit:         "Page over limit",
		CodeJSONLDCut:             "JSON-LD cut",
		CodeCanonicalBeyondCutoff: "Canonical past the cutoff",
		CodeInvalidUTF8:           "Invalid UTF-8",
		"render-js-noindex":       "Render JavaScript noindex",
		"contributor-data-uri":    "Large data: URIs",
		"contributor-inline-svg":  "Large inline SVG images",
		"contributor-whitespace":  "Large runs of white space",
		"contributor-unknown":     "Contributor unknown",
		"advice-styles":           "What-if: styles",
	} {
		if got := FindingTitle(code); got != want {
			t.Errorf("FindingTitle(%q) = %q, want %q", code, got, want)
		}
	}
}
