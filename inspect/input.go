package inspect

import (
	"net/url"

	"github.com/cutoffapp/cutoff/fetch"
)

// NewInput builds the analysis input for a fetch result and the profile
// that fetched it. The result's body is shared, not copied.
func NewInput(res *fetch.Result, p *fetch.Profile) Input {
	in := Input{
		Body:         res.Body,
		Header:       res.Header,
		Cutoff:       res.CutoffOffset,
		BinaryCutoff: res.BinaryCutoffOffset,
		Limit:        res.LimitBytes,
		BinaryLimit:  res.LimitBinaryBytes,
		Incomplete:   !res.ReadComplete,
	}
	in.HeaderBytes = res.CountedHeaderBytes()
	if u, err := url.Parse(res.FinalURL); err == nil {
		in.URL = u
	}
	if p != nil {
		in.Tokens = p.RobotsTokens
		in.Crawler, in.Operator = p.Name, p.Operator
	}
	return in
}
