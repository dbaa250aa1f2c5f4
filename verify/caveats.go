package verify

import "github.com/cutoffapp/cutoff/internal/i18n"

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
		out = append(out, i18n.T("verify.caveat-dns-broken", "Count", byDNS))
	case byDNS > 0:
		out = append(out, i18n.T("verify.caveat-dns", "Count", byDNS))
	}
	if byFile > 0 {
		out = append(out, i18n.T("verify.caveat-file", "Count", byFile))
	}
	if f, ok := s.oldestStale(); ok {
		out = append(out, i18n.T("verify.caveat-stale", "Count", f.AgeDays, "File", f.Name, "Date", f.Created[:min(len(f.Created), 10)]))
	}
	for _, c := range s.Crawlers {
		if c.Unverifiable == 0 {
			continue
		}
		def, _ := lookupClaim(c.Claimed)
		out = append(out, i18n.T("verify.caveat-unverifiable", "Crawler", c.Claimed, "Requests", i18n.T("verify.requests", "Count", c.Requests),
			"Addresses", i18n.T("verify.addresses", "Count", c.Unverifiable), "Operator", familyLabel(def.family)))
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
