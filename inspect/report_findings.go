package inspect

import (
	"sort"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/inspect/whatif"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Finding codes the report adds to the page analysis.
const (
	CodePageBlockedByRobots = "page-blocked-by-robots"
	CodeRobotsUnreachable   = "robots-unreachable"
	CodePageStatus          = "page-status"
	CodeReadIncomplete      = "read-incomplete"
	CodeInsecure            = "tls-not-verified"
	// CodeLocalNoHeader: a page read from a file counts no header bytes
	// toward a limit that counts them.
	CodeLocalNoHeader = "local-file-no-header"
	// CodeSchemeAssumed: a host and port typed without a scheme were read
	// as an http URL.
	CodeSchemeAssumed = "scheme-assumed"
)

// addFindings adds the findings about robots.txt, the fetch itself and the
// subresources to the analysis findings, most severe first.
func (r *Report) addFindings(p fetch.Profile) {
	r.notePartial()
	list := r.Findings
	list = append(list, r.robotsFindings(p)...)
	list = append(list, r.fetchFindings()...)
	list = append(list, resources.Findings(r.Resources, p, r.Fetch.CutoffOffset)...)
	sort.SliceStable(list, func(i, j int) bool {
		return finding.Rank(list[i].Severity) > finding.Rank(list[j].Severity)
	})
	r.Findings = list
}

// HasFindingAtLeast reports whether a finding is at least as severe as min
// ("critical" or "warning"): the command line's --fail-on.
func (r *Report) HasFindingAtLeast(min string) bool {
	for _, f := range r.Findings {
		if finding.AtLeast(f, min) {
			return true
		}
	}
	return false
}

// robotsFindings says when robots.txt keeps the crawler from the page or
// from the URL it redirects to: by a rule, or because robots.txt could not
// be had. A cause shared by both URLs (one host's robots.txt) is said once.
func (r *Report) robotsFindings(p fetch.Profile) []finding.Finding {
	var out []finding.Finding
	seen := map[string]bool{}
	for i, s := range []*RobotsSummary{r.Robots, r.FinalRobots} {
		if s == nil || s.Skipped || s.Allowed {
			continue
		}
		page := "page"
		if i == 1 {
			page = "redirect"
		}
		if s.Policy == string(robots.PolicyDisallowAll) {
			if !seen[s.URL] {
				seen[s.URL] = true
				out = append(out, finding.Finding{Severity: finding.Critical, Code: CodeRobotsUnreachable,
					Message: i18n.T("findings.robots-unreachable", "Reason", s.Reason, "Rule", unreachableRule(p, page, r.FinalURL, s.URL),
						"Anyway", i18n.T("findings.fetched-anyway"))})
			}
			continue
		}
		id, line := "findings.robots-blocks-"+page+"-by-rules", ""
		if s.Line > 0 {
			id, line = "findings.robots-blocks-"+page+"-by-line", strconv.Itoa(s.Line)
		}
		out = append(out, finding.Finding{Severity: finding.Critical, Code: CodePageBlockedByRobots,
			Message: i18n.T(id, "Crawler", p.Name, "URL", r.FinalURL, "Robots", s.URL, "Line", line, "Rule", s.Rule)})
	}
	return out
}

// unreachableRule says what an unreachable robots.txt means for the
// profile's crawler, about page ("page", or "redirect": the URL it
// redirects to, url). The reasons state Google's documented handling; for
// another operator's crawler that is said to be Google's rule (and RFC
// 9309's), not its own.
func unreachableRule(p fetch.Profile, page, url, robotsURL string) string {
	if p.IsGoogle() {
		return i18n.T("findings.robots-unreachable-google-"+page, "Crawler", p.Name, "URL", url, "Robots", robotsURL)
	}
	return i18n.T("findings.robots-unreachable-other-"+page, "Operator", p.OperatorName(), "Crawler", p.Name,
		"URL", url, "Robots", robotsURL)
}

func (r *Report) fetchFindings() []finding.Finding {
	res := r.Fetch
	var out []finding.Finding
	if res.Status >= 400 {
		out = append(out, finding.Finding{Severity: finding.Critical, Code: CodePageStatus,
			Message: i18n.T("findings.page-status", "Status", strconv.Itoa(res.Status))})
	}
	if pr := r.Partial; pr != nil {
		out = append(out, r.partialFinding(pr))
	}
	if res.Insecure {
		out = append(out, finding.Finding{Severity: finding.Warning, Code: CodeInsecure,
			Message: i18n.T("findings.tls-not-verified")})
	}
	if res.Local && res.CountsHeaders && res.HeaderBytes == 0 {
		out = append(out, finding.Finding{Severity: finding.Info, Code: CodeLocalNoHeader,
			Message: i18n.T("findings.local-file-no-header", "Crawler", r.Profile.Name)})
	}
	return out
}

// LocalHeaderNote says what the header bytes of a page read from a file
// are, for the byte accounting: "" for a page fetched over HTTP or a
// crawler that does not count the header; for a file, that it has no
// header and --header-bytes sets one, or that the count was given so.
func LocalHeaderNote(a *fetch.Accounting, local bool) string {
	switch {
	case !local || !a.CountsHeaders:
		return ""
	case a.HeaderBytes > 0:
		return i18n.T("findings.header-bytes-given")
	}
	return i18n.T("findings.header-bytes-none")
}

// documentOnly drops from the analysis of a document that is not HTML (a
// PDF, an image) what only HTML has: critical elements, impact, inline
// contributors and the findings about them. The byte accounting stays.
func (a *Analysis) documentOnly() {
	a.Critical = []scan.Critical{}
	a.Impact = nil
	a.Contributors = []Contributor{}
	a.Advice = []whatif.Advice{}
	kept := a.Findings[:0]
	for _, f := range a.Findings {
		switch f.Code {
		case CodePageOverLimit, CodeNearLimit, CodeNoindexHeader:
			kept = append(kept, f)
		}
	}
	a.Findings = kept
}

// notePartial records what is known of a body not read to its end and,
// when the announced length puts the binary reading's cutoff past the
// bytes read, gives the fetch that offset: a small --cap must not hide
// the binary reading of the limit.
func (r *Report) notePartial() {
	r.Partial = partialRead(r.Fetch)
	if pr := r.Partial; pr != nil && r.Fetch.BinaryCutoffOffset == nil && r.Fetch.CutoffOffset != nil {
		r.Fetch.BinaryCutoffOffset = pr.BinaryCutoffOffset
	}
}

// partialFinding says what was read, what the server announced and where
// the cutoff falls on the announced length. A read that broke off is a
// warning: the report covers only part of what the crawler would get.
func (r *Report) partialFinding(pr *PartialRead) finding.Finding {
	res := r.Fetch
	if pr.Error == "" {
		id, binary := "findings.read-capped", int64(0)
		if pr.AnnouncedBytes > 0 {
			id = "findings.read-capped-announced"
			if b := pr.BinaryCutoffOffset; b != nil && *b > pr.ReadBytes {
				id, binary = "findings.read-capped-announced-binary", *b
			}
		}
		return finding.Finding{Severity: finding.Info, Code: CodeReadIncomplete,
			Message: i18n.T(id, "Read", pr.ReadBytes, "Announced", pr.AnnouncedBytes, "Binary", binary)}
	}
	args := []any{"Read", pr.ReadBytes, "Error", strings.TrimSuffix(pr.Error, "."), "Announced", pr.AnnouncedBytes,
		"Crawler", r.Profile.Name, "Limit", res.LimitBytes}
	id := "findings.read-broke-off-cut"
	switch {
	case pr.AnnouncedBytes == 0:
		id = "findings.read-broke-off-unannounced"
	case pr.CutoffOffset == nil:
		id = "findings.read-broke-off-fits"
	default:
		args = append(args, "Cutoff", *pr.CutoffOffset)
	}
	return finding.Finding{Severity: finding.Warning, Code: CodeReadIncomplete, Message: i18n.T(id, args...)}
}
