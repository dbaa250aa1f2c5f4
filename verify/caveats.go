package verify

import (
	"fmt"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// Caveats are the sentences a reader needs before trusting the summary's
// counts: why addresses are unknown (DNS not working here, a range file not
// loaded), how old the range files behind the verdicts are, and which
// claimed crawlers nothing published can verify. The text summary and the
// window print them under the counts.
func (s *LogSummary) Caveats() []string {
	var out []string
	byDNS, byFile := s.unknownCauses()
	switch {
	case s.DNSBroken && byDNS > 0:
		out = append(out, fmt.Sprintf("DNS is not working here: it answered \"no such name\" for every address, even for 66.249.66.1, "+
			"which Google documents as crawl-66-249-66-1.googlebot.com. So no verdict rests on DNS, and %s outside every loaded range %s unknown.",
			prose.Count(int64(byDNS), "address", "addresses"), isAre(byDNS)))
	case byDNS > 0:
		out = append(out, fmt.Sprintf("%s %s unknown because DNS could not be reached for %s and no loaded range decides.",
			prose.Count(int64(byDNS), "address", "addresses"), isAre(byDNS), itThem(byDNS)))
	}
	if byFile > 0 {
		out = append(out, fmt.Sprintf("%s %s unknown because the range file that would decide is not loaded (see each address's evidence).",
			prose.Count(int64(byFile), "address", "addresses"), isAre(byFile)))
	}
	if f, ok := s.oldestStale(); ok {
		out = append(out, fmt.Sprintf("The verdicts rest on range files up to %s old (%s, created %s): addresses added since are unknown, or fake where DNS is not asked; load fresh copies.",
			prose.Count(int64(f.AgeDays), "day", "days"), f.Name, f.Created[:min(len(f.Created), 10)]))
	}
	for _, c := range s.Crawlers {
		if c.Unverifiable == 0 {
			continue
		}
		def, _ := lookupClaim(c.Claimed)
		out = append(out, fmt.Sprintf("%s: %s from %s cannot be verified: %s publishes nothing to check them against.",
			c.Claimed, prose.Count(c.Requests, "request", "requests"), prose.Count(int64(c.Unverifiable), "address", "addresses"),
			familyLabel(def.family)))
	}
	return out
}

// unknownCauses splits the unknown results: DNS failed for them, or no DNS
// was asked and the deciding range file is not loaded.
func (s *LogSummary) unknownCauses() (byDNS, byFile int) {
	for _, r := range s.Results {
		if r.Verdict != Unknown {
			continue
		}
		if r.Error != "" {
			byDNS++
		} else {
			byFile++
		}
	}
	return byDNS, byFile
}

// oldestStale is the oldest loaded range file past StaleAfter.
func (s *LogSummary) oldestStale() (FileStatus, bool) {
	var oldest FileStatus
	found := false
	for _, f := range s.RangeFiles {
		if f.Loaded && f.Stale && (!found || f.AgeDays > oldest.AgeDays) {
			oldest, found = f, true
		}
	}
	return oldest, found
}

func itThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
