package robots

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// ReadCap is the most bytes of a robots.txt Cutoff reads, from a file or a
// response: 2 MiB, four times what Google parses, so a report can say how
// much lies past the limit while an endless source (a pipe, /dev/zero, a
// 20 MB file) costs no more than this.
const ReadCap = 2 << 20

// ReadBody reads at most ReadCap bytes from r. complete is false when r had
// more to give.
func ReadBody(r io.Reader) (body []byte, complete bool, err error) {
	body, err = io.ReadAll(io.LimitReader(r, ReadCap+1))
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", i18n.T("robots.err-read"), err)
	}
	if len(body) > ReadCap {
		return body[:ReadCap], false, nil
	}
	return body, true, nil
}

// ReadFile reads at most ReadCap bytes of the robots.txt at path; a file
// that never ends (a pipe, /dev/zero) is read that far and no further.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", i18n.T("robots.err-open"), err)
	}
	defer f.Close()
	body, _, err := ReadBody(f)
	return body, err
}

// AgentSpec is one column of a `cutoff robots` report: a crawler given by
// its token chain.
type AgentSpec struct {
	// Label names the column and fills Result.Agent, e.g. "googlebot".
	Label string `json:"label"`
	// Tokens is the chain, most specific first (see File.CheckChain).
	Tokens []string `json:"tokens"`
	// IgnoreStar is true for crawlers that never obey the "*" group.
	IgnoreStar bool `json:"ignore_star,omitempty"`
	// Note says what kind of token the column is when that matters to the
	// verdict's meaning, e.g. "control token (fetches nothing)".
	Note string `json:"note,omitempty"`
}

// TokenSpecs makes one column per token, each evaluated on its own (the
// repeatable --agent flag).
func TokenSpecs(tokens []string) []AgentSpec {
	specs := make([]AgentSpec, len(tokens))
	for i, t := range tokens {
		specs[i] = AgentSpec{Label: t, Tokens: []string{t}}
	}
	return specs
}

// ChainSpec makes one column for a crawler's whole chain (a profile's
// RobotsTokens and IgnoresStar), labelled by its first token.
func ChainSpec(tokens []string, ignoreStar bool) AgentSpec {
	return AgentSpec{Label: first(tokens), Tokens: tokens, IgnoreStar: ignoreStar}
}

// CommandReport is the output of `cutoff robots`: the robots.txt used and one
// result per URL and agent, URL-major. Its JSON form is the CLI contract.
type CommandReport struct {
	// Robots describes the robots.txt of the first URL (the only one with
	// --file or when every URL is on one host).
	Robots RobotsInfo `json:"robots"`
	// Files lists every robots.txt used when the URLs span several hosts.
	Files   []RobotsInfo `json:"robots_files,omitempty"`
	Results []Result     `json:"results"`
}

// RobotsInfo describes one robots.txt in a report.
type RobotsInfo struct {
	Source string `json:"source"` // SourceFile or SourceFetched
	URL    string `json:"url"`    // the robots.txt URL or file path
	Status int    `json:"status"` // final HTTP status, 0 for a file
	Bytes  int64  `json:"bytes"`
	// SizeBytes is the file's announced size when longer than Bytes
	// (reading stopped at ReadCap); 0 otherwise. Size says both in words.
	SizeBytes     int64       `json:"size_bytes,omitempty"`
	Size          string      `json:"-"`
	TruncatedAt   int64       `json:"truncated_at"`
	Policy        Policy      `json:"policy"`
	Reason        string      `json:"reason"`
	LooksLikeHTML bool        `json:"looks_like_html,omitempty"`
	Redirects     []fetch.Hop `json:"redirects,omitempty"`
	Error         string      `json:"error,omitempty"`
	Sitemaps      []string    `json:"sitemaps,omitempty"`
	Lint          []Issue     `json:"lint,omitempty"`
}

// Result is one URL evaluated for one agent.
type Result struct {
	URL string `json:"url"`
	// Requested is the URL as the crawler requests it when that differs
	// from URL (see Verdict.Requested).
	Requested string `json:"requested,omitempty"`
	Agent     string `json:"agent"`
	Allowed   bool   `json:"allowed"`
	Line      int    `json:"line"`
	Rule      string `json:"rule"`
	Group     string `json:"group"`
	Reason    string `json:"reason"`
	// RobotsURL is the robots.txt that decided, as in RobotsInfo.URL.
	RobotsURL string `json:"robots_url"`
	// Policy is how that robots.txt was treated (see Outcome.Policy).
	Policy        Policy   `json:"policy"`
	Trace         []string `json:"trace,omitempty"`
	Competing     []Match  `json:"competing,omitempty"`
	SecondOpinion *Opinion `json:"second_opinion,omitempty"`
	// Note is the agent's AgentSpec.Note.
	Note string `json:"note,omitempty"`
}

// errNoOutcome explains the results for a URL whose outcome function
// returned nil.
var errNoOutcome error = message("robots.err-no-outcome")

// BuildReport evaluates every URL for every agent. outcome returns the
// robots.txt outcome for a URL (the same *Outcome for URLs that share it);
// a nil outcome yields results that say so.
func BuildReport(agents []AgentSpec, urls []string, outcome func(rawURL string) *Outcome) *CommandReport {
	r := &CommandReport{Results: []Result{}}
	seen := make(map[*Outcome]bool)
	for _, u := range urls {
		o := outcome(u)
		if o == nil {
			o = &Outcome{Policy: PolicyInvalid, Reason: errNoOutcome.Error(), Err: errNoOutcome.Error()}
		}
		if !seen[o] {
			seen[o] = true
			r.Files = append(r.Files, robotsInfo(o))
		}
		for _, a := range agents {
			r.Results = append(r.Results, result(o, a, u))
		}
	}
	if len(r.Files) > 0 {
		r.Robots = r.Files[0]
	}
	if len(r.Files) < 2 {
		r.Files = nil
	}
	return r
}

// ReportFile builds the report for --file: one robots.txt for every URL.
func ReportFile(path string, body []byte, agents []AgentSpec, urls []string) *CommandReport {
	o := FromFile(path, body)
	r := BuildReport(agents, urls, func(string) *Outcome { return o })
	if len(urls) == 0 {
		r.Robots = robotsInfo(o)
	}
	return r
}

// robotsInfo summarises an outcome, with the file's lint when parsed.
func robotsInfo(o *Outcome) RobotsInfo {
	info := RobotsInfo{Source: o.Source, URL: o.RobotsURL, Status: o.Status, Bytes: o.Bytes,
		SizeBytes: o.SizeBytes, Size: o.SizeText(),
		TruncatedAt: o.TruncatedAt, Policy: o.Policy, Reason: o.Reason, LooksLikeHTML: o.LooksLikeHTML,
		Redirects: o.Redirects, Error: o.Err}
	if o.Policy == PolicyParsed && o.File != nil {
		info.Sitemaps = o.Sitemaps()
		info.Lint = o.Lint()
	}
	return info
}

// result evaluates one URL for one agent, with the second opinion.
func result(o *Outcome, a AgentSpec, rawURL string) Result {
	v := o.Check(a.Tokens, a.IgnoreStar, rawURL)
	res := Result{URL: rawURL, Requested: v.Requested, Agent: a.Label, Allowed: v.Allowed, Line: v.Line, Rule: v.Rule,
		Group: v.Group, Reason: v.Reason, RobotsURL: o.RobotsURL, Policy: o.Policy, Trace: v.Trace, Competing: v.Competing,
		Note: a.Note}
	if s := o.Second(); s != nil && v.Path != "/robots.txt" {
		res.SecondOpinion = secondOpinion(s, o.File, a, v)
	}
	return res
}

// secondOpinion compares v with the second parser, unless the verdict
// rests on ignoring "*", which that parser cannot express.
func secondOpinion(s *Second, f *File, a AgentSpec, v Verdict) *Opinion {
	if a.IgnoreStar && v.Group == "" && len(f.star) > 0 {
		return &Opinion{Parser: SecondParserName, Skipped: true,
			Note: i18n.T("robots.second-skipped", "Parser", SecondParserName)}
	}
	op := s.Compare(f, v)
	return &op
}

// WriteJSON writes the report as indented JSON.
func (r *CommandReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("%s: %w", i18n.T("robots.err-write-json"), err)
	}
	return nil
}

// ReportFetched builds the report for live URLs: each URL is evaluated
// against its own host's robots.txt, fetched once per host through c.
func ReportFetched(ctx context.Context, c *Cache, agents []AgentSpec, urls []string) *CommandReport {
	return BuildReport(agents, urls, func(u string) *Outcome { return c.Get(ctx, u) })
}
