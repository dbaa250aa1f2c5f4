package app

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cutoffapp/cutoff/inspect/verify"
)

// noPTRSentence is the evidence sentence verify writes for an address with
// no reverse DNS name.
var noPTRSentence = regexp.MustCompile(`^\S+ has no reverse DNS name, while every genuine .*? has one in .*?\.( |$)`)

// explainDNS looks at a run as a whole: when no address got a reverse DNS
// name, not even one inside Google's published ranges (every genuine one
// has a name), or every lookup failed with the same error, it is DNS that
// is not working here, not each address that lacks a name. It then says so
// before text and rewrites the evidence that leaned on the missing names:
// the verdicts rest on the published ranges alone. Otherwise it returns
// its arguments unchanged.
func explainDNS(results []verify.Result, text string) ([]verify.Result, string) {
	cause, ok := dnsNotWorking(results)
	if !ok {
		return results, text
	}
	out := make([]verify.Result, len(results))
	for i, r := range results {
		if loc := noPTRSentence.FindStringIndex(r.Evidence); loc != nil {
			rest := strings.Replace(r.Evidence[loc[1]:], " is also outside", " is outside", 1)
			r.Evidence = strings.TrimSpace("DNS is not working here, so the missing reverse DNS name proves nothing; the verdict rests on the published ranges alone. " + rest)
		}
		out[i] = r
	}
	note := fmt.Sprintf("DNS is not working here: none of the %d addresses got a reverse DNS name%s. The verdicts rest on the published ranges alone. ",
		len(results), cause)
	return out, note + text
}

// dnsNotWorking reports whether a run's DNS answers show DNS itself
// failing, with the clause that says why.
func dnsNotWorking(results []verify.Result) (cause string, ok bool) {
	if len(results) < 2 {
		return "", false
	}
	inRange, sameErr := 0, errorRoot(results[0].Error)
	for _, r := range results {
		if len(r.ReverseDNS) > 0 || r.ForwardConfirmed {
			return "", false
		}
		if r.Ranges.Matched && !strings.Contains(r.Evidence, "DNS was not asked") {
			inRange++
		}
		if errorRoot(r.Error) != sameErr {
			sameErr = ""
		}
	}
	switch {
	case sameErr == "cancelled":
		return "", false // a cancelled run is said as such
	case sameErr != "":
		return " (every lookup failed: " + sameErr + ")", true
	case inRange > 0:
		return fmt.Sprintf(", not even the %d inside Google's published ranges, where every genuine address has one", inRange), true
	}
	return "", false
}

// errorRoot is the part of a lookup error that names the failure, without
// the address looked up: "no such host", "i/o timeout".
func errorRoot(err string) string {
	if i := strings.LastIndex(err, ": "); i >= 0 {
		return err[i+2:]
	}
	return err
}
