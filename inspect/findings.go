package inspect

import (
	"sort"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
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

// add adds the finding of severity sev and code at off, its message the
// catalog's id (in the findings area) filled with args.
func (fs *findings) add(sev, code string, off *int64, id string, args ...any) {
	fs.addMessage(sev, code, off, fs.t(id, args...))
}

// addSentence is add for a message that may start with a name in lower
// case ("the crawler"): its first letter is made upper case, unless it
// starts with a URL or a code, which stay as they are (prose.Capitalize).
func (fs *findings) addSentence(sev, code string, off *int64, id string, args ...any) {
	fs.addMessage(sev, code, off, prose.Capitalize(fs.t(id, args...)))
}

// addMessage adds the finding of severity sev and code at off whose
// message, made already, is msg.
func (fs *findings) addMessage(sev, code string, off *int64, msg string) {
	fs.perCode[code]++
	if fs.perCode[code] > finding.MaxPerCode {
		return
	}
	fs.list = append(fs.list, finding.Finding{Severity: sev, Code: code, Message: msg, Offset: off})
}

// t is the findings message id filled with args, the crawler's name given
// as Crawler and its cutoff (when the page is cut) as Cutoff.
func (fs *findings) t(id string, args ...any) string {
	all := append(make([]any, 0, len(args)+4), "Crawler", fs.crawler)
	if fs.in != nil && fs.in.Cutoff != nil {
		all = append(all, "Cutoff", *fs.in.Cutoff)
	}
	return i18n.T("findings."+id, append(all, args...)...)
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
			Message: i18n.T("findings.more-like-these", "Count", fs.perCode[c]-finding.MaxPerCode, "Code", c)})
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
		return i18n.T("findings.the-crawler")
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
		return i18n.T("findings.google-rule-unknown-operator", "Rule", rule, "Crawler", crawler)
	}
	return i18n.T("findings.google-rule-other-operator", "Rule", rule, "Operator", operator, "Crawler", crawler)
}

// ElementLabel names a critical element kind in a sentence, the way a
// consultant says it: "JSON-LD block", "last internal link".
func ElementLabel(kind string) string {
	if id, ok := elementIDs[kind]; ok {
		return i18n.T("findings.element-" + id)
	}
	return kind
}

// elementIDs are the catalog names of the critical element kinds: the
// label "findings.element-ID", "findings.the-element-ID" for the one
// element in a list, and "findings.elements-ID" for a count of them.
var elementIDs = map[string]string{
	scan.ElementTitle: "title", scan.ElementMetaDescription: "meta-description", scan.ElementMetaRobots: "meta-robots",
	scan.ElementCanonical: "canonical", scan.ElementHreflang: "hreflang", scan.ElementJSONLD: "json-ld",
	scan.ElementH1: "h1", scan.ElementMain: "main", scan.ElementHeadEnd: "head-end",
	scan.ElementLastInternalLink: "last-internal-link",
}

// counted is the number of bytes the crawler counts: header (when it
// counts) plus body.
func (fs *findings) counted() int64 { return fs.in.HeaderBytes + int64(len(fs.in.Body)) }

func (fs *findings) limit() {
	in := fs.in
	body := int64(len(in.Body))
	size := fs.t("size-body", "Body", body)
	if in.HeaderBytes > 0 {
		size = fs.t("size-page", "Total", fs.counted(), "Header", in.HeaderBytes, "Body", body)
	}
	if in.Incomplete { // reading stopped before the end
		size = fs.t("size-body-at-least", "Body", body)
		if in.HeaderBytes > 0 {
			size = fs.t("size-page-at-least", "Total", fs.counted(), "Header", in.HeaderBytes, "Body", body)
		}
	}
	if in.Cutoff != nil {
		c := *in.Cutoff
		if c == body {
			// Reading stopped at the cutoff: what lies beyond is unknown.
			id := "page-over-limit-read-to-cutoff"
			if in.Limit > 0 {
				id = "page-over-limit-of-read-to-cutoff"
			}
			fs.add(finding.Critical, CodePageOverLimit, offsetPtr(c), id, "Limit", in.Limit)
			return
		}
		id := "page-over-limit"
		if in.Limit > 0 {
			id = "page-over-limit-of"
		}
		fs.add(finding.Critical, CodePageOverLimit, offsetPtr(c), id,
			"Size", size, "Limit", in.Limit, "Lost", body-c, "Percent", percentOf(body-c, body))
		return
	}
	if in.Limit > 0 && fs.counted()*5 > in.Limit*4 {
		fs.add(finding.Warning, CodeNearLimit, nil, "near-limit", "Size", size,
			"Percent", percentOf(fs.counted(), in.Limit), "Limit", in.Limit, "More", in.Limit-fs.counted()+1)
	}
}
