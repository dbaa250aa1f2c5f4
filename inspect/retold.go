package inspect

import (
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

// Retold is the report with its sentences made again in the language in
// use (i18n.Current()), from the same fetched bytes and results, without
// any network access: the analysis, its advice and every finding are made
// again from r.Fetch, as Simulate makes them; the resources, robots.txt
// verdicts, rendered view, Generated and the rest are kept. The robots
// summaries' own sentences are said again where they are Cutoff's (a
// local file, a crawler that ignores robots.txt, the verdict's
// explanation); the robots.txt fetch's reason and the resources' own
// reasons stay as they were said. The codes, offsets and numbers are the
// report's. r is not modified; a report without a fetched page is copied
// as it is.
func (r *Report) Retold() *Report {
	if r == nil {
		return nil
	}
	out := *r
	if r.Fetch == nil || r.Analysis == nil {
		return &out
	}
	p := r.profile()
	res := *r.Fetch
	out.Fetch = &res
	a := Analyze(NewInput(&res, &p))
	a.Links = r.Links
	if res.Kind != fetch.KindHTML {
		a.documentOnly()
	}
	out.Analysis = a
	out.Robots, out.FinalRobots = r.retoldRobots(r.Robots, p, r.URL), r.retoldRobots(r.FinalRobots, p, r.FinalURL)
	if r.skipped != "" {
		out.ResourcesSkipped = skippedSentence(r.skipped)
	}
	out.Render = nil
	out.addFindings(p)
	for _, f := range r.Findings {
		if f.Code == CodeSchemeAssumed {
			out.Findings = append(out.Findings, finding.Finding{Severity: f.Severity, Code: f.Code, Offset: f.Offset,
				Message: schemeAssumed(strings.TrimPrefix(r.URL, "http://"), r.URL)})
		}
	}
	if r.Render != nil {
		rd := *r.Render
		out.AddRendered(&rd)
	}
	return &out
}

// profile is the crawler profile the report was made with: the built-in
// one of its ID, or one made of what the report keeps of it (a custom
// profile, whose operator is not known).
func (r *Report) profile() fetch.Profile {
	s := r.Profile
	if p, ok := fetch.Lookup(s.ID); ok && p.Name == s.Name {
		return p
	}
	return fetch.Profile{ID: s.ID, Name: s.Name, RobotsTokens: s.RobotsTokens, IgnoresStar: s.IgnoresStar,
		ObeysRobots: s.ObeysRobots, CountsHeaders: s.CountsHeaders, Custom: true}
}

// retoldRobots is s with its sentences said again: the reason no
// robots.txt was consulted, or the verdict's explanation, checked again
// against the robots.txt already fetched for pageURL.
func (r *Report) retoldRobots(s *RobotsSummary, p fetch.Profile, pageURL string) *RobotsSummary {
	if s == nil {
		return nil
	}
	t := *s
	switch {
	case s.Skipped && r.Fetch.Local:
		t.Reason = robotsLocalReason()
	case s.Skipped:
		t.Reason = robotsIgnored(p).Reason
	case s.Outcome != nil:
		t.Why = s.Outcome.Check(p.RobotsTokens, p.IgnoresStar, pageURL).Reason
	}
	return &t
}
