package inspect

import (
	"net/http"
	"net/url"

	"github.com/cutoffapp/cutoff/inspect/charset"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// Input is what the analysis reads: data only, no network.
type Input struct {
	// Body is the decoded response body (content coding removed), as read
	// up to the cap. It is not modified.
	Body []byte
	// Header is the final response's header, for X-Robots-Tag; may be nil.
	Header http.Header
	// URL is the page's final URL, to tell internal links from external
	// ones; may be nil (then only relative links count as internal).
	URL *url.URL
	// Cutoff is the body offset where the crawler stops under the decimal
	// reading of its limit; nil when nothing is cut.
	Cutoff *int64
	// BinaryCutoff is the same under the binary reading (2 MB =
	// 2,097,152 bytes); nil when that reading cuts nothing or does not exist.
	BinaryCutoff *int64
	// Tokens is the crawler's robots.txt token chain ("googlebot-news",
	// "googlebot"), for crawler-specific meta names and X-Robots-Tag
	// prefixes.
	Tokens []string
	// Limit is the crawler's limit in bytes (decimal reading); 0 when
	// unknown. BinaryLimit is its binary reading, 0 when the limit is not
	// stated in MB.
	Limit, BinaryLimit int64
	// HeaderBytes is the header block's size when it counts toward the
	// limit, 0 when it does not.
	HeaderBytes int64
	// Crawler names the crawler in messages, e.g. "Googlebot Smartphone".
	Crawler string
	// Operator is who runs it ("Google", "Bing"; "" for a custom
	// profile): a rule only Google documents is said to be Google's for
	// another operator's crawler.
	Operator string
	// Incomplete is true when Body is not the whole body: the cap or an
	// error stopped reading, so sizes are lower bounds.
	Incomplete bool
	// Links asks for Analysis.Links, where every <a href> is.
	Links bool

	// recorded found the movable elements while the pass read Body, for
	// the advice (nil: the advice finds them itself).
	recorded *whatif.Recorder
}

// Analysis is what Analyze learns about one page. Offsets are byte offsets
// into the decoded body. It is plain data, safe to marshal as JSON.
type Analysis struct {
	BodyBytes          int64  `json:"body_bytes"`
	CutoffOffset       *int64 `json:"cutoff_offset"`
	BinaryCutoffOffset *int64 `json:"binary_cutoff_offset,omitempty"`
	// Critical lists the critical elements in document order.
	Critical []scan.Critical `json:"critical"`
	// Composition sums the body bytes per span kind; it adds up to
	// BodyBytes.
	Composition scan.Composition `json:"composition"`
	// ByteMap holds the spans covering the body exactly. It can hold
	// millions of spans for a big page, so it is left out of JSON;
	// ByteMap.Coarsen reduces it for drawing.
	ByteMap scan.ByteMap `json:"-"`
	// Contributors ranks the inline content that pushes critical elements
	// past the cutoff; empty when nothing is cut.
	Contributors []Contributor `json:"contributors"`
	// Advice proposes the fixes that bring lost critical elements back,
	// each stated by what simulating exactly its moves predicts; empty
	// when nothing is cut.
	Advice []whatif.Advice `json:"advice"`
	// Impact compares the full page with what the crawler keeps; nil when
	// nothing is cut.
	Impact     *scan.Impact `json:"impact,omitempty"`
	Directives Directives   `json:"directives"`
	// Charset is the body's character encoding, where it was declared and
	// whether the bytes agree.
	Charset charset.Charset `json:"charset"`
	// Findings are sorted by severity, most severe first.
	Findings []finding.Finding `json:"findings"`
	// Links locates the page's links when Input.Links asked for them.
	Links scan.Anchors `json:"-"`

	notes pageNotes
}

// pageNotes are facts the findings need that the JSON does not carry.
type pageNotes struct {
	svgTitles    int    // <title> elements inside inline SVG
	noscriptAt   int64  // a head <noscript> that ends the head without scripting, -1 when none
	noscriptWhat string // what in it does: "<img>", "text"
}

// Analyze reads a page's body once with the HTML tokenizer (the kept
// prefix's pass forks from it shortly before the cutoff) and returns the byte map, the
// critical elements, the truncation impact, the robots rules and the
// findings. Input is untrusted: Analyze never panics and its memory stays
// proportional to the body. It may be called from any goroutine.
func Analyze(in Input) *Analysis {
	return analyze(in, scan.DefaultSteps, nil)
}

// analyze is Analyze with the sizes from which tokens are stepped over.
// s, when not nil, is the stream whose pass read the body while it
// arrived: that pass is used when it read the same body with the same
// cutoff, else the body is read again.
func analyze(in Input, steps scan.Steps, s *scan.Stream) *Analysis {
	in = prepare(in)
	charset := detectCharsetAside(&in)
	full := s.ResultFor(in.Body, in.cut(), in.Links)
	if full != nil {
		in.recorded, _ = s.Visitor().(*whatif.Recorder)
	} else if rec := adviceRecorder(in.Limit, in.HeaderBytes, in.Cutoff); rec != nil {
		in.recorded = rec
		full = scan.RunVisiting(in.Body, in.cut(), in.Tokens, in.URL, steps, in.Links, rec)
	} else {
		full = scan.Run(in.Body, in.cut(), in.Tokens, in.URL, steps, in.Links)
	}
	cs := <-charset
	return fromPass(&in, full.Decode(in.Body, cs.Text()), cs)
}

// detectCharsetAside detects in's charset on a goroutine of its own, while
// the pass runs: a pure function of the whole body that costs about a
// twentieth of the pass, which the other core then does.
func detectCharsetAside(in *Input) <-chan charset.Charset {
	out := make(chan charset.Charset, 1)
	body, contentType := in.Body, in.Header.Get("Content-Type")
	go func() { out <- charset.Detect(body, contentType) }()
	return out
}

// prepare normalises what the analysis takes from in: lower-case tokens,
// cutoffs within the body.
func prepare(in Input) Input {
	in.Tokens = scan.LowerAll(in.Tokens)
	in.Cutoff = clampCutoff(in.Cutoff, len(in.Body))
	in.BinaryCutoff = clampCutoff(in.BinaryCutoff, len(in.Body))
	return in
}

// cut is the cutoff offset, -1 when nothing is cut.
func (in *Input) cut() int64 {
	if in.Cutoff == nil {
		return -1
	}
	return *in.Cutoff
}

// fromPass derives the analysis from what the full pass over in's body
// found and its charset.
func fromPass(in *Input, full *scan.Result, charset charset.Charset) *Analysis {
	markCutoff(full.Critical, in)

	a := &Analysis{
		BodyBytes:          int64(len(in.Body)),
		CutoffOffset:       in.Cutoff,
		BinaryCutoffOffset: in.BinaryCutoff,
		ByteMap:            full.ByteMap,
		Composition:        full.ByteMap.Composition(),
		Contributors:       []Contributor{},
		Advice:             []whatif.Advice{},
		notes:              pageNotes{full.SVGTitles, full.NoscriptAt, full.NoscriptWhat},
		Charset:            charset,
		Impact:             full.Impact,
		Links:              full.Anchors,
	}
	a.finish(in, full.Critical)
	return a
}

// finish orders the critical elements and derives the robots rules, the
// contributors and the findings from the passes' results.
func (a *Analysis) finish(in *Input, crit []scan.Critical) {
	a.Critical = append([]scan.Critical{}, crit...)
	sortCritical(a.Critical)
	a.Directives = directives(in.Header, a.Critical, in.Tokens, in.Cutoff)
	a.Directives.All = nonNil(a.Directives.All)
	if in.Cutoff != nil {
		a.Contributors = nonNil(contributors(in.Body, &a.ByteMap, a.Critical, *in.Cutoff))
	}
	a.Advice = advise(in, a)
	a.Findings = nonNil(buildFindings(in, a))
}

// nonNil is s, or an empty slice for nil: empty lists, not nulls, keep
// the JSON shape stable.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// clampCutoff keeps a cutoff inside the body, so that a caller's
// inconsistent numbers cannot index past it.
func clampCutoff(c *int64, n int) *int64 {
	if c == nil {
		return nil
	}
	v := min(max(*c, 0), int64(n))
	return &v
}

// markCutoff sets BeyondCutoff, AtRisk and the cut flag of each element.
func markCutoff(crit []scan.Critical, in *Input) {
	if in.Cutoff == nil {
		return
	}
	c := *in.Cutoff
	for i := range crit {
		e := &crit[i]
		e.BeyondCutoff = e.End > c
		if !e.BeyondCutoff {
			continue
		}
		if e.Offset < c {
			e.Flags = append(e.Flags, scan.FlagCut)
		}
		e.AtRisk = in.BinaryLimit > 0 && (in.BinaryCutoff == nil || e.End <= *in.BinaryCutoff)
	}
}
