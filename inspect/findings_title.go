package inspect

import (
	"strings"

	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// titleWords turns the words of a finding code into the words people read.
var titleWords = strings.NewReplacer("json ld", "JSON-LD", "jsonld", "JSON-LD", "utf8", "UTF-8",
	"tls", "TLS", "beyond cutoff", "past the cutoff", "js ", "JavaScript ")

func titleOf(code string) string { return titleWords.Replace(strings.ReplaceAll(code, "-", " ") + " ") }

// FindingTitle names a finding by a short phrase for lists and tables,
// where the whole message does not fit: "page-over-limit" gives "Page over
// limit", "json-ld-cut" gives "JSON-LD cut", "contributor-data-uri" gives
// "Large data: URIs". The code stays the stable key of JSON and CSV; the
// title is only for people.
func FindingTitle(code string) string {
	if name, ok := strings.CutPrefix(code, CodeContributorPrefix); ok {
		var kind scan.SpanKind
		if kind.UnmarshalText([]byte(name)) == nil {
			return i18n.T("findings.title-contributor-" + contributorName(kind, false)) // "Large inline scripts"
		}
	}
	if kind, ok := strings.CutPrefix(code, CodeAdvicePrefix); ok {
		return i18n.T("findings.title-advice", "Kind", kind) // "What-if: styles"
	}
	id := "findings.title-" + code
	if title := i18n.T(id); title != id {
		return title
	}
	return prose.Capitalize(strings.TrimSpace(titleOf(code))) // a code the catalog does not name
}
