package verify

import (
	"errors"
	"fmt"
	"strings"
	"time"
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
		lead = fmt.Sprintf("%q is not a crawler Cutoff can verify, so any known crawler was accepted. ", res.Claimed)
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
		res.Evidence = "The run was cancelled before DNS answered."
	case errors.Is(ev.reverse.err, errDNSEmpty):
		res.Verdict = Unknown
		res.Error = fmt.Sprintf("reverse DNS lookup of %s: %v", res.IP, ev.reverse.err)
		res.Evidence = fmt.Sprintf("%s, so the verdict rests on the published ranges alone, and %s", errDNSEmpty.Error(), noRangeClause(res.IP, def, ranges))
	case ev.reverse.status == lookupFailed:
		res.Verdict = Unknown
		res.Error = fmt.Sprintf("reverse DNS lookup of %s: %v", res.IP, ev.reverse.err)
		res.Evidence = fmt.Sprintf("DNS could not be reached (%v), and %s", ev.reverse.err, noRangeClause(res.IP, def, ranges))
	case ev.forwardFailed != "":
		res.Verdict = Unknown
		res.Error = fmt.Sprintf("forward DNS lookup of %s: %v", ev.forwardFailed, ev.forwardFailedRes.err)
		res.Evidence = fmt.Sprintf("Reverse DNS gives %s, but the forward lookup that would confirm it failed (%v), and %s",
			ev.forwardFailed, ev.forwardFailedRes.err, noRangeClause(res.IP, def, ranges))
	default:
		res.Verdict = Fake
		res.Evidence = fakeSentence(res.IP, def, ev) + outsideRangesClause(res.IP, googleOK, ranges)
	}
	res.Evidence = lead + res.Evidence
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
		res.Evidence = s + fmt.Sprintf(" The address is %s's, so it is not %s.", familyLabel(owner), def.name)
		return
	}
	res.Verdict = Verified
	res.Evidence = s + rangeDNSNote(ev) + classNote(def, res.Ranges.Class)
	if ev.reverse.status == lookupFailed {
		res.Error = fmt.Sprintf("reverse DNS lookup of %s: %v", res.IP, ev.reverse.err)
	}
}

// decideConfirmed handles a forward-confirmed name in an accepted domain.
func decideConfirmed(res *Result, def claimDef, ev dnsEvidence, ranges *Ranges) {
	res.Verdict, res.Family = Verified, ev.confirmedCheck.family
	kind := ""
	if c := ev.confirmedCheck.class; c != "" {
		kind = " (the name of a Google " + strings.TrimSuffix(classLabel(c), "s") + ")"
	}
	res.Evidence = fmt.Sprintf("Reverse DNS gives %s%s, in %s, and that name resolves back to %s.",
		ev.confirmed, kind, domainList(res.Family), res.IP)
	if res.Family == FamilyGoogle && ranges.loaded() {
		res.Evidence += " The address is in none of the loaded Google range files: a newer file may list it."
	}
	res.Evidence += classNote(def, ev.confirmedCheck.class)
}

// rangeSentence states the range match and the file's date.
func rangeSentence(ip string, m RangeMatch, ranges *Ranges) string {
	date := ""
	if t, ok := ranges.CreationTime(m.File); ok {
		date = ", created " + t.Format(time.DateOnly)
	}
	owner := m.Family
	if owner == "" {
		owner = FamilyGoogle
	}
	return fmt.Sprintf("%s is inside %s, listed in %s (%s's published ranges for %s%s).",
		ip, m.Prefix, m.File, familyLabel(owner), classLabel(m.Class), date)
}

// rangeDNSNote says what DNS added to a range match.
func rangeDNSNote(ev dnsEvidence) string {
	switch {
	case ev.confirmed != "":
		return fmt.Sprintf(" Reverse DNS agrees: %s resolves back to it.", ev.confirmed)
	case errors.Is(ev.reverse.err, errDNSEmpty):
		return " " + errDNSEmpty.Error() + ", so the verdict rests on the published range alone."
	case ev.reverse.status == lookupFailed:
		return " DNS could not be reached, but the published range decides."
	case ev.reverse.status == lookupSkipped:
		return " DNS was not asked: the published range decides."
	case ev.reverse.status == lookupCancelled:
		return " The run was cancelled before DNS answered, but the published range decides."
	case ev.reverse.status != lookupOK:
		return ""
	case ev.spoofed != "":
		return fmt.Sprintf(" Its reverse DNS name %s does not resolve back to it, but the published range decides.", ev.spoofed)
	case ev.outside != "":
		return fmt.Sprintf(" Its reverse DNS name %s is outside Google's domains, but the published range decides.", ev.outside)
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
	return fmt.Sprintf(" Note: that places it among Google's %s, while %s is one of the %s.",
		classLabel(class), def.name, classLabel(def.class))
}

// fakeSentence explains why DNS contradicts the claim.
func fakeSentence(ip string, def claimDef, ev dnsEvidence) string {
	switch {
	case ev.spoofed != "" && len(ev.spoofedAddrs) == 0:
		return fmt.Sprintf("Reverse DNS gives %s, but that name does not exist in forward DNS: the reverse record is forged.", ev.spoofed)
	case ev.spoofed != "":
		return fmt.Sprintf("Reverse DNS gives %s, but that name resolves to %s, not to %s: the reverse record is forged.",
			ev.spoofed, strings.Join(capList(ev.spoofedAddrs, 4), ", "), ip)
	case len(ev.names) == 0:
		return fmt.Sprintf("%s has no reverse DNS name, while every genuine %s address has one in %s.",
			ip, claimLabel(def), domainList(def.family))
	}
	s := fmt.Sprintf("Reverse DNS gives %s, which is not in %s.", ev.outside, domainList(def.family))
	if owner := checkName("", ev.outside); owner.accepted {
		s = fmt.Sprintf("Reverse DNS gives %s, a %s name, not in %s.", ev.outside, familyLabel(owner.family), domainList(def.family))
	} else if inDomain(ev.outside, "googleusercontent.com") {
		s += " Other googleusercontent.com names belong to Google Cloud customers' machines, which anyone can rent."
	}
	return s
}

// outsideRangesClause adds the range evidence to a fake verdict.
func outsideRangesClause(ip string, googleOK bool, ranges *Ranges) string {
	if !googleOK || !ranges.loaded() {
		return ""
	}
	return fmt.Sprintf(" %s is also outside every published Google range.", ip)
}

// noRangeClause ends an "unknown" sentence: why no range decided either.
func noRangeClause(ip string, def claimDef, ranges *Ranges) string {
	switch {
	case def.family != "" && def.family != FamilyGoogle && ranges.hasFamily(def.family):
		return fmt.Sprintf("%s is outside %s's published ranges, so nothing decides.", ip, familyLabel(def.family))
	case def.family == FamilyBing:
		return "bingbot.json, Bing's range file, is not loaded, so nothing decides."
	case def.family != "" && def.family != FamilyGoogle:
		return fmt.Sprintf("%s publishes no range file Cutoff reads, so nothing decides.", familyLabel(def.family))
	case !ranges.loaded():
		return "no Google range file is loaded, so nothing decides."
	}
	return fmt.Sprintf("%s is outside every published Google range, so nothing decides.", ip)
}

func claimLabel(def claimDef) string {
	if def.name == "" {
		return "crawler"
	}
	return def.name
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
