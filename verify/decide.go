package verify

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// decide sets the verdict, family, error and evidence of res from the range
// match already in res and what DNS said. Rules, first match wins:
//
//  1. a published Google range holds the address: verified when the claim is
//     Google's (or no claim), fake when it claims another operator;
//  2. a name in the claimed domains resolves back to the address: verified;
//  3. DNS gave no answer (timeout, no network): unknown;
//  4. DNS answered against the claim: fake.
func decide(res *Result, def claimDef, ev dnsEvidence, ranges *Ranges) {
	googleOK := def.family == FamilyGoogle || def.family == ""
	var lead string
	if def.name == "" && res.Claimed != "" {
		lead = i18n.T("verify.lead-unknown-claim", "Claimed", strconv.Quote(res.Claimed))
	}
	switch {
	case res.Ranges.Matched:
		decideByRange(res, def, ev, ranges)
	case proofOf(def) == proofNone:
		decideUnverifiable(res, def)
	case proofOf(def) == proofRanges:
		decideRangesOnly(res, def, ranges)
	case ev.confirmed != "":
		decideConfirmed(res, def, ev, ranges)
	case ev.reverse.status == lookupCancelled, ev.forwardFailedRes.status == lookupCancelled:
		res.Verdict, res.Error = Unknown, "cancelled"
		res.Evidence = i18n.T("verify.evidence-cancelled")
	case errors.Is(ev.reverse.err, errDNSEmpty):
		res.Verdict = Unknown
		res.Error = reverseError(res.IP, ev.reverse.err)
		res.Evidence = i18n.T("verify.evidence-dns-empty", "Why", errDNSEmpty.Error(), "NoRange", noRangeClause(res.IP, def, ranges))
	case ev.reverse.status == lookupFailed:
		res.Verdict = Unknown
		res.Error = reverseError(res.IP, ev.reverse.err)
		res.Evidence = i18n.T("verify.evidence-dns-unreachable", "Error", fmt.Sprint(ev.reverse.err), "NoRange", noRangeClause(res.IP, def, ranges))
	case ev.forwardFailed != "":
		res.Verdict = Unknown
		res.Error = i18n.T("verify.err-forward", "Name", ev.forwardFailed, "Error", fmt.Sprint(ev.forwardFailedRes.err))
		res.Evidence = i18n.T("verify.evidence-forward-failed", "Name", ev.forwardFailed, "Error", fmt.Sprint(ev.forwardFailedRes.err),
			"NoRange", noRangeClause(res.IP, def, ranges))
	default:
		res.Verdict = Fake
		res.Evidence = fakeSentence(res.IP, def, ev) + outsideRangesClause(res.IP, googleOK, ranges)
	}
	res.Evidence = lead + res.Evidence
}

// reverseError is the error of a reverse lookup that gave no answer.
func reverseError(ip string, err error) string {
	return i18n.T("verify.err-reverse", "IP", ip, "Error", fmt.Sprint(err))
}

// decideByRange handles an address inside a published range: verified when
// the claim is the file's operator's (or no claim), fake when it claims
// another operator's crawler.
func decideByRange(res *Result, def claimDef, ev dnsEvidence, ranges *Ranges) {
	owner := res.Ranges.Family
	if owner == "" {
		owner = FamilyGoogle
	}
	res.Family = owner
	s := rangeSentence(res.IP, res.Ranges, ranges)
	if def.family != "" && def.family != owner {
		res.Verdict = Fake
		res.Evidence = s + i18n.T("verify.evidence-other-operator", "Operator", familyLabel(owner), "Crawler", def.name)
		return
	}
	res.Verdict = Verified
	res.Evidence = s + rangeDNSNote(ev) + classNote(def, res.Ranges.Class)
	if ev.reverse.status == lookupFailed {
		res.Error = reverseError(res.IP, ev.reverse.err)
	}
}

// decideConfirmed handles a forward-confirmed name in an accepted domain.
func decideConfirmed(res *Result, def claimDef, ev dnsEvidence, ranges *Ranges) {
	res.Verdict, res.Family = Verified, ev.confirmedCheck.family
	res.Evidence = i18n.T("verify.evidence-confirmed", "Name", ev.confirmed, "Kind", nameOfClass(ev.confirmedCheck.class), "Domains", domainList(res.Family), "IP", res.IP)
	if res.Family == FamilyGoogle && ranges.loaded() {
		res.Evidence += i18n.T("verify.evidence-in-no-file")
	}
	res.Evidence += classNote(def, ev.confirmedCheck.class)
}

// rangeSentence states the range match and the file's date.
func rangeSentence(ip string, m RangeMatch, ranges *Ranges) string {
	owner := m.Family
	if owner == "" {
		owner = FamilyGoogle
	}
	id, date := "verify.evidence-in-range", ""
	if t, ok := ranges.CreationTime(m.File); ok {
		id, date = "verify.evidence-in-range-created", t.Format(time.DateOnly)
	}
	return i18n.T(id, "IP", ip, "Prefix", m.Prefix, "File", m.File, "Operator", familyLabel(owner), "Class", classLabel(m.Class), "Date", date)
}

// rangeDNSNote says what DNS added to a range match.
func rangeDNSNote(ev dnsEvidence) string {
	switch {
	case ev.confirmed != "":
		return i18n.T("verify.range-dns-agrees", "Name", ev.confirmed)
	case errors.Is(ev.reverse.err, errDNSEmpty):
		return i18n.T("verify.range-dns-empty", "Why", errDNSEmpty.Error())
	case ev.reverse.status == lookupFailed:
		return i18n.T("verify.range-dns-unreachable")
	case ev.reverse.status == lookupSkipped:
		return i18n.T("verify.range-dns-skipped")
	case ev.reverse.status == lookupCancelled:
		return i18n.T("verify.range-dns-cancelled")
	case ev.reverse.status != lookupOK:
		return ""
	case ev.spoofed != "":
		return i18n.T("verify.range-dns-spoofed", "Name", ev.spoofed)
	case ev.outside != "":
		return i18n.T("verify.range-dns-outside", "Name", ev.outside)
	}
	return ""
}

// classNote flags evidence of a Google class other than the claimed one. It
// does not change the verdict: the address is Google's either way, but a
// consultant counting Googlebot's crawl should know.
func classNote(def claimDef, class string) string {
	if def.class == "" || class == "" || def.class == class {
		return ""
	}
	return i18n.T("verify.class-note", "Class", classLabel(class), "Crawler", def.name, "ClaimedClass", classLabel(def.class))
}

// fakeSentence explains why DNS contradicts the claim.
func fakeSentence(ip string, def claimDef, ev dnsEvidence) string {
	switch {
	case ev.spoofed != "" && len(ev.spoofedAddrs) == 0:
		return i18n.T("verify.fake-no-forward", "Name", ev.spoofed)
	case ev.spoofed != "":
		return i18n.T("verify.fake-spoofed", "Name", ev.spoofed, "Addresses", strings.Join(capList(ev.spoofedAddrs, 4), ", "), "IP", ip)
	case len(ev.names) == 0:
		if def.name == "" {
			return i18n.T("verify.fake-no-name-any", "IP", ip, "Domains", domainList(def.family))
		}
		return i18n.T("verify.fake-no-name", "IP", ip, "Crawler", def.name, "Domains", domainList(def.family))
	}
	s := i18n.T("verify.fake-outside", "Name", ev.outside, "Domains", domainList(def.family))
	if owner := checkName("", ev.outside); owner.accepted {
		s = i18n.T("verify.fake-other-operator", "Name", ev.outside, "Operator", familyLabel(owner.family), "Domains", domainList(def.family))
	} else if inDomain(ev.outside, "googleusercontent.com") {
		s += i18n.T("verify.fake-cloud")
	}
	return s
}

// outsideRangesClause adds the range evidence to a fake verdict.
func outsideRangesClause(ip string, googleOK bool, ranges *Ranges) string {
	if !googleOK || !ranges.loaded() {
		return ""
	}
	return i18n.T("verify.fake-outside-ranges", "IP", ip)
}

// noRangeClause ends an "unknown" sentence: why no range decided either.
func noRangeClause(ip string, def claimDef, ranges *Ranges) string {
	switch {
	case def.family != "" && def.family != FamilyGoogle && ranges.hasFamily(def.family):
		return i18n.T("verify.norange-outside-operator", "IP", ip, "Operator", familyLabel(def.family))
	case def.family == FamilyBing:
		return i18n.T("verify.norange-bing")
	case def.family != "" && def.family != FamilyGoogle:
		return i18n.T("verify.norange-no-file", "Operator", familyLabel(def.family))
	case !ranges.loaded():
		return i18n.T("verify.norange-no-google")
	}
	return i18n.T("verify.norange-outside-google", "IP", ip)
}

func familyLabel(family string) string {
	switch family {
	case FamilyGoogle:
		return "Google"
	case FamilyBing:
		return "Bing"
	case FamilyApple:
		return "Apple"
	case FamilyYandex:
		return "Yandex"
	case FamilyOpenAI:
		return "OpenAI"
	case FamilyPerplexity:
		return "Perplexity"
	case FamilyAnthropic:
		return "Anthropic"
	}
	return family
}

func capList(s []string, n int) []string {
	if len(s) > n {
		return append(s[:n:n], "…")
	}
	return s
}
