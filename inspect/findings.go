package inspect

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Finding codes. They are stable: scripts and tests rely on them.
const (
	CodePageOverLimit           = "page-over-limit"
	CodeNearLimit               = "near-limit"
	CodeTitleBeyondCutoff       = "title-beyond-cutoff"
	CodeCanonicalBeyondCutoff   = "canonical-beyond-cutoff"
	CodeMetaRobotsBeyondCutoff  = "meta-robots-beyond-cutoff"
	CodeDescriptionBeyondCutoff = "meta-description-beyond-cutoff"
	CodeHreflangBeyondCutoff    = "hreflang-beyond-cutoff"
	CodeJSONLDCut               = "json-ld-cut"
	CodeJSONLDBeyondCutoff      = "json-ld-beyond-cutoff"
	CodeJSONLDInvalid           = "json-ld-invalid"
	CodeH1BeyondCutoff          = "h1-beyond-cutoff"
	CodeMainBeyondCutoff        = "main-beyond-cutoff"
	CodeHeadEndBeyondCutoff     = "head-end-beyond-cutoff"
	CodeElementAtRisk           = "element-at-risk"
	CodeUnclosedAtCutoff        = "unclosed-element-at-cutoff"
	CodeHeadAfterBodyStart      = "head-element-after-body-start"
	CodeNoindexHeader           = "noindex-header"
	CodeNoindexMeta             = "noindex-meta"
	CodeRobotsRules             = "robots-rules"
	CodeLinksLost               = "links-lost"
	CodeTextLost                = "text-lost"
	CodeHeadingsLost            = "headings-lost"
	CodeCanonicalMultiple       = "canonical-multiple"
	CodeTitleMissing            = "title-missing"
	CodeNoscriptEndsHead        = "noscript-ends-head"
	CodeCharsetMismatch         = "charset-mismatch"
	CodeInvalidUTF8             = "invalid-utf8"
	// CodeContributorPrefix starts the codes of contributor findings,
	// followed by the span kind: "contributor-data-uri".
	CodeContributorPrefix = "contributor-"
)

// findings collects findings while the analysis is read.
type findings struct {
	in      *Input
	a       *Analysis
	crawler string
	list    []finding.Finding
	perCode map[string]int
}

func (fs *findings) add(sev, code string, off *int64, format string, args ...any) {
	fs.perCode[code]++
	if fs.perCode[code] > finding.MaxPerCode {
		return
	}
	fs.list = append(fs.list, finding.Finding{Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), Offset: off})
}

// summarizeCapped adds one finding per capped code saying how many were
// left out.
func (fs *findings) summarizeCapped() {
	codes := make([]string, 0, len(fs.perCode))
	for c, n := range fs.perCode {
		if n > finding.MaxPerCode {
			codes = append(codes, c)
		}
	}
	sort.Strings(codes)
	for _, c := range codes {
		fs.list = append(fs.list, finding.Finding{Severity: finding.Info, Code: c,
			Message: fmt.Sprintf("%s more findings like the ones above (%s) are left out of this list.",
				thousands(fs.perCode[c]-finding.MaxPerCode), c)})
	}
}

func offsetPtr(off int64) *int64 { return &off }

func buildFindings(in *Input, a *Analysis) []finding.Finding {
	fs := &findings{in: in, a: a, crawler: crawlerName(in.Crawler), perCode: map[string]int{}}
	fs.limit()
	fs.beyond()
	fs.atRisk()
	fs.open()
	fs.afterBodyStart()
	fs.robots()
	fs.lost()
	fs.noscript()
	fs.document()
	fs.charset()
	fs.advice()
	fs.summarizeCapped()
	sort.SliceStable(fs.list, func(i, j int) bool {
		return finding.Rank(fs.list[i].Severity) > finding.Rank(fs.list[j].Severity)
	})
	return fs.list
}

func crawlerName(s string) string {
	if s == "" {
		return "the crawler"
	}
	return s
}

// googleRule returns rule, a behaviour Google documents ("Google ignores
// a canonical link outside the head"), as it applies to the inspected
// crawler: as it stands for Google's crawlers (and when no profile is
// known), marked as Google's rule for another operator's crawler, whose
// operator documents none (CRAWLERS.md).
func (fs *findings) googleRule(rule string) string {
	if fs.in.Crawler == "" {
		return rule
	}
	return GoogleRule(fs.in.Operator, fs.crawler, rule)
}

// GoogleRule returns rule, a behaviour Google documents, as it applies to
// crawler, run by operator ("Google", "Bing"; "" when unknown): as it
// stands for Google's crawlers, followed by "(Google's documented rule;
// Bing publishes none for Bingbot)" for another's.
func GoogleRule(operator, crawler, rule string) string {
	if operator == fetch.OperatorGoogle {
		return rule
	}
	if operator == "" {
		operator = "its operator"
	}
	return rule + " (Google's documented rule; " + operator + " publishes none for " + crawler + ")"
}

// capitalize is prose.Capitalize, under the name the findings' code uses.
func capitalize(s string) string { return prose.Capitalize(s) }

// ElementLabel names a critical element kind in a sentence, the way a
// consultant says it: "JSON-LD block", "last internal link".
func ElementLabel(kind string) string {
	switch kind {
	case scan.ElementTitle:
		return "title"
	case scan.ElementMetaDescription:
		return "meta description"
	case scan.ElementMetaRobots:
		return "robots meta tag"
	case scan.ElementCanonical:
		return "canonical link"
	case scan.ElementHreflang:
		return "hreflang link"
	case scan.ElementJSONLD:
		return "JSON-LD block"
	case scan.ElementH1:
		return "h1 heading"
	case scan.ElementMain:
		return "<main> element"
	case scan.ElementHeadEnd:
		return "end of the head"
	case scan.ElementLastInternalLink:
		return "last internal link"
	}
	return kind
}

// counted is the number of bytes the crawler counts: header (when it
// counts) plus body.
func (fs *findings) counted() int64 { return fs.in.HeaderBytes + int64(len(fs.in.Body)) }

func (fs *findings) limit() {
	in := fs.in
	body := int64(len(in.Body))
	atLeast := ""
	if in.Incomplete {
		atLeast = "at least " // reading stopped before the end
	}
	size := fmt.Sprintf("The page body is %s%s bytes", atLeast, Bytes(body))
	if in.HeaderBytes > 0 {
		size = fmt.Sprintf("The page is %s%s bytes (%s of header and %s of body)",
			atLeast, Bytes(fs.counted()), Bytes(in.HeaderBytes), Bytes(body))
	}
	if in.Cutoff != nil {
		over := ""
		if in.Limit > 0 {
			over = fmt.Sprintf(", over %s's limit of %s bytes", fs.crawler, Bytes(in.Limit))
		}
		c := *in.Cutoff
		if c == body {
			// Reading stopped at the cutoff: what lies beyond is unknown.
			fs.add(finding.Critical, CodePageOverLimit, offsetPtr(c),
				"The page is over %s's limit%s; it was read only up to the cutoff at body byte %s of the body, so what the crawler loses is not known.",
				fs.crawler, strings.TrimPrefix(over, ", over "+fs.crawler+"'s limit"), Bytes(c))
			return
		}
		fs.add(finding.Critical, CodePageOverLimit, offsetPtr(c),
			"%s%s: everything after byte %s of the body (%s bytes, %s of it) is never fetched.",
			size, over, Bytes(c), Bytes(body-c), percentOf(body-c, body))
		return
	}
	if in.Limit > 0 && fs.counted()*5 > in.Limit*4 {
		fs.add(finding.Warning, CodeNearLimit, nil,
			"%s, %s of %s's limit of %s bytes: %s more bytes and the end of the page will be cut.",
			size, percentOf(fs.counted(), in.Limit), fs.crawler, Bytes(in.Limit), Bytes(in.Limit-fs.counted()+1))
	}
}
