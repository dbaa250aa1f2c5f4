package scan

import "net/url"

// Input is what a test reads: a body, its cutoff (nil when nothing is
// cut), the crawler's robots.txt tokens and the page's URL, as the
// analysis hands them to the pass.
type Input struct {
	Body   []byte
	Tokens []string
	Cutoff *int64
	URL    *url.URL
}

// analyze runs the pass over in as the analysis does: tokens lower-cased,
// the cutoff kept inside the body, tokens stepped over from steps. s is
// the stream whose pass read the body while it arrived, or nil. Its
// values are read as UTF-8.
func analyze(in Input, steps Steps, s *Stream) *Result {
	cut := int64(-1)
	if in.Cutoff != nil {
		cut = min(max(*in.Cutoff, 0), int64(len(in.Body)))
	}
	r := s.ResultFor(in.Body, cut, false)
	if r == nil {
		r = Run(in.Body, cut, LowerAll(in.Tokens), in.URL, steps, false)
	}
	return r.Decode(in.Body, nil)
}

// runDefault is analyze with the default steps and no stream.
func runDefault(in Input) *Result { return analyze(in, DefaultSteps, nil) }
