package resources

import (
	"net/url"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// CodeRobotsUnchecked is the finding about resources whose host's
// robots.txt could not be fetched: no rule decided, Google's policy for an
// unreachable robots.txt (disallow all) did.
const CodeRobotsUnchecked = "resource-robots-unchecked"

// OfflineHosts is how many unreachable hosts make one summary sentence
// instead of a finding per host: past it, the likelier cause is this
// machine's network, not each host.
const OfflineHosts = 3

// uncheckedHost is one robots.txt that could not be checked and the
// resources that depend on it.
type uncheckedHost struct {
	robots      *Robots
	resources   []*Resource
	severity    string
	unreachable bool
}

// noteUnchecked records r, whose robots.txt could not be checked.
func (w *resFindingWriter) noteUnchecked(r *Resource) {
	key := r.Robots.URL
	h := w.unchecked[key]
	if h == nil {
		h = &uncheckedHost{robots: r.Robots, severity: finding.Warning, unreachable: r.Robots.Unreachable}
		w.unchecked[key] = h
		w.uncheckedOrder = append(w.uncheckedOrder, key)
	}
	h.resources = append(h.resources, r)
	if !h.unreachable && finding.Rank(resSeverity(r)) > finding.Rank(h.severity) {
		h.severity = resSeverity(r)
	}
}

// uncheckedFindings says, per robots.txt that answered 429 or 5xx, that
// it could not be checked and what Google's policy makes of it; hosts
// that gave no answer at all are one sentence each, or a single summary
// when there are OfflineHosts or more of them.
func (w *resFindingWriter) uncheckedFindings() []finding.Finding {
	var out, unreachable []finding.Finding
	var hosts []string
	n := 0
	seen := map[string]bool{}
	for _, key := range w.uncheckedOrder {
		h := w.unchecked[key]
		f := finding.Finding{Severity: h.severity, Code: CodeRobotsUnchecked, Message: w.uncheckedSentence(h)}
		if !h.unreachable {
			out = append(out, f)
			continue
		}
		unreachable = append(unreachable, f)
		n += len(h.resources)
		// A host's http and https origins each have a robots.txt: one
		// host, counted and named once.
		if host := RobotsHost(key); !seen[host] {
			seen[host] = true
			hosts = append(hosts, host)
		}
	}
	if len(hosts) < OfflineHosts {
		return append(out, unreachable...)
	}
	return append(out, finding.Finding{Severity: finding.Warning, Code: CodeRobotsUnchecked,
		Message: i18n.T("resources.robots-unchecked-offline", "Hosts", len(hosts), "Rule", w.unreachableRule,
			"Crawler", w.profile, "Count", n, "List", ListAtMost(hosts, 6))})
}

// uncheckedSentence is the finding for one robots.txt not checked.
func (w *resFindingWriter) uncheckedSentence(h *uncheckedHost) string {
	first := h.resources[0]
	what := i18n.T("resources.resource-at", "Resource", resNoun(first), "URL", first.URL)
	if len(h.resources) > 1 {
		what = i18n.T("resources.resource-and-more", "Resource", what, "Count", len(h.resources)-1)
	}
	id, status := "resources.robots-unchecked-no-answer", ""
	if h.robots.Status > 0 {
		id, status = "resources.robots-unchecked-status", resStatusText(h.robots.Status)
	}
	return i18n.T(id, "Robots", resOr(h.robots.URL, "robots.txt"), "Status", status, "Rule", w.unreachableRule,
		"Crawler", w.profile, "Resources", what)
}

// unreachableRule says how the profile's crawler treats an unreachable
// robots.txt (no answer, 429 or 5xx): Google documents it as
// disallow-all, and so does the robots.txt standard (RFC 9309); for
// another operator's crawler it is said to be that rule, not the
// operator's own, which it does not publish.
func unreachableRule(p fetch.Profile) string {
	if p.IsGoogle() {
		return i18n.T("resources.unreachable-rule-google")
	}
	if p.Operator == "" {
		return i18n.T("resources.unreachable-rule-unknown-operator")
	}
	return i18n.T("resources.unreachable-rule-other", "Operator", p.Operator)
}

// RobotsHost is the host of a robots.txt URL, the URL itself when it has
// none.
func RobotsHost(robotsURL string) string {
	if u, err := url.Parse(robotsURL); err == nil && u.Host != "" {
		return u.Host
	}
	return robotsURL
}

// ListAtMost lists the first max items the language's way, saying how
// many more there are: "a.example, b.example and 3 more".
func ListAtMost(items []string, max int) string {
	comma := i18n.T("findings.list-comma")
	if len(items) <= max {
		return strings.Join(items, comma)
	}
	return i18n.T("findings.list-and-more", "Items", strings.Join(items[:max], comma), "Count", len(items)-max)
}
