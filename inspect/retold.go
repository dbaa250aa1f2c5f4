package inspect

import (
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/resources"
)

// Retold is the report with its sentences made again in the language in
// use (i18n.Current()), from the same fetched bytes and results, without
// any network access: the analysis, its advice and every finding are made
// again from r.Fetch, as Simulate makes them; the fetch's own sentence (why
// its body stopped early), the robots.txt summaries (why the file was
// treated so, the verdict's explanation) and the resources' sentences (why
// one is not fetched, why its fetch failed, its robots.txt verdict) are
// said again from the facts they were first said from. The codes, offsets
// and numbers are the report's. r is not modified; a report without a
// fetched page is copied as it is.
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
	res.Retell()
	out.Fetch = &res
	out.Resources = resources.Retold(r.Resources)
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
// robots.txt was consulted, or how the file fetched for pageURL was
// treated and the verdict's explanation, checked again against it.
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
		o := s.Outcome.Retold()
		t.Outcome, t.Reason = o, o.Reason
		t.Why = o.Check(p.RobotsTokens, p.IgnoresStar, pageURL).Reason
	}
	return &t
}
