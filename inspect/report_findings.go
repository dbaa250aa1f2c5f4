package inspect

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/inspect/whatif"
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
		page := "this page"
		if i == 1 {
			page = "the URL this page redirects to (" + r.FinalURL + ")"
		}
		if s.Policy == string(robots.PolicyDisallowAll) {
			if !seen[s.URL] {
				seen[s.URL] = true
				out = append(out, finding.Finding{Severity: finding.Critical, Code: CodeRobotsUnreachable,
					Message: fmt.Sprintf("%s %s %s", s.Reason, unreachableRule(p, page, s.URL), fetchedAnyway)})
			}
			continue
		}
		rule := "its rules"
		if s.Line > 0 {
			rule = fmt.Sprintf("line %d (%s)", s.Line, s.Rule)
		}
		out = append(out, finding.Finding{Severity: finding.Critical, Code: CodePageBlockedByRobots,
			Message: fmt.Sprintf("%s may not fetch %s: %s disallows it by %s. %s", p.Name, page, s.URL, rule, fetchedAnyway)})
	}
	return out
}

// unreachableRule says what an unreachable robots.txt means for the
// profile's crawler. The reasons state Google's documented handling; for
// another operator's crawler that is said to be Google's rule (and RFC
// 9309's), not its own.
func unreachableRule(p fetch.Profile, page, robotsURL string) string {
	if p.IsGoogle() {
		return fmt.Sprintf("%s may not fetch %s until %s can be fetched.", p.Name, page, robotsURL)
	}
	return fmt.Sprintf("That is Google's documented rule, and the robots.txt standard's (RFC 9309: a server error or an unreachable file means disallow all); %s publishes none of its own, so %s should not fetch %s until %s can be fetched.",
		p.OperatorName(), p.Name, page, robotsURL)
}

// fetchedAnyway ends the robots findings: the report shows a page the
// crawler would not fetch.
const fetchedAnyway = "Cutoff fetched it anyway to show what the crawler would get."

func (r *Report) fetchFindings() []finding.Finding {
	res := r.Fetch
	var out []finding.Finding
	if res.Status >= 400 {
		out = append(out, finding.Finding{Severity: finding.Critical, Code: CodePageStatus,
			Message: fmt.Sprintf("The page answered HTTP %d; a crawler does not index an error page.", res.Status)})
	}
	if pr := r.Partial; pr != nil {
		out = append(out, r.partialFinding(pr))
	}
	if res.Insecure {
		out = append(out, finding.Finding{Severity: finding.Warning, Code: CodeInsecure,
			Message: "The TLS certificate was not verified (--insecure); a crawler would refuse an invalid certificate."})
	}
	if res.Local && res.CountsHeaders && res.HeaderBytes == 0 {
		out = append(out, finding.Finding{Severity: finding.Info, Code: CodeLocalNoHeader,
			Message: fmt.Sprintf("The page was read from a file, which has no response header: 0 header bytes count toward %s's limit, where a server's header would count a few hundred. --header-bytes N counts the N bytes of the server's header.", r.Profile.Name)})
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
		return "header bytes given with --header-bytes, not read"
	}
	return "a file has no header; --header-bytes N counts one"
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
		msg := fmt.Sprintf("Cutoff stopped reading at %s decoded bytes (the cap)", Bytes(pr.ReadBytes))
		if pr.AnnouncedBytes > 0 {
			msg += fmt.Sprintf(" of the %s the server announced", Bytes(pr.AnnouncedBytes))
			if b := pr.BinaryCutoffOffset; b != nil && *b > pr.ReadBytes {
				msg += fmt.Sprintf("; if MB means MiB the cutoff falls at body byte %s of that length, past the bytes read", Bytes(*b))
			}
		}
		return finding.Finding{Severity: finding.Info, Code: CodeReadIncomplete, Message: msg + "; what lies beyond was not analysed."}
	}
	msg := fmt.Sprintf("The body broke off after %s bytes (%s)", Bytes(pr.ReadBytes), strings.TrimSuffix(pr.Error, "."))
	switch {
	case pr.AnnouncedBytes == 0:
		msg += "; the server did not announce its length, so where the cutoff falls is not known."
	case pr.CutoffOffset == nil:
		msg += fmt.Sprintf("; the server announced %s bytes, which fit %s's limit of %s, so the crawler would keep all of them, but this report covers only the bytes read.",
			Bytes(pr.AnnouncedBytes), r.Profile.Name, Bytes(res.LimitBytes))
	default:
		msg += fmt.Sprintf("; the server announced %s bytes, so %s's cutoff falls at body byte %s (counted byte %s), past the bytes read: what the crawler keeps between them and what it loses was not analysed.",
			Bytes(pr.AnnouncedBytes), r.Profile.Name, Bytes(*pr.CutoffOffset), Bytes(res.LimitBytes))
	}
	return finding.Finding{Severity: finding.Warning, Code: CodeReadIncomplete, Message: msg}
}
