package robots

import (
	"errors"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"

	"github.com/temoto/robotstxt"
)

// SecondParserName names the parser behind second opinions.
const SecondParserName = "temoto/robotstxt"

// errSecondPanic reports a panic inside the second-opinion parser.
var errSecondPanic error = message("robots.err-second-panic")

// Opinion is what the second-opinion parser says about a verdict. It never
// changes the Google verdict; it shows where other crawlers may disagree.
type Opinion struct {
	Parser  string `json:"parser"`
	Allowed bool   `json:"allowed"`
	// Differs is true when Allowed is not the Google verdict.
	Differs bool `json:"differs"`
	// Error is set when the parser rejects the file; Allowed is then
	// meaningless.
	Error string `json:"error,omitempty"`
	// Skipped is true when the question cannot be put to the parser (a
	// crawler that ignores the "*" group); Allowed is then meaningless.
	Skipped bool `json:"skipped,omitempty"`
	// Note explains a difference, a rejection or a skip in one sentence.
	Note string `json:"note,omitempty"`
}

// Second holds a robots.txt parsed by github.com/temoto/robotstxt, the
// parser behind Colly and many Go crawlers. It is safe for concurrent use.
type Second struct {
	data *robotstxt.RobotsData
	err  error
}

// NewSecond parses the first MaxBytes bytes of body with temoto/robotstxt.
func NewSecond(body []byte) *Second {
	if len(body) > MaxBytes {
		body = body[:MaxBytes]
	}
	s := new(Second)
	s.data, s.err = parseSecond(body)
	return s
}

// parseSecond runs the third-party parser, turning a panic into an error so
// untrusted input cannot crash the caller.
func parseSecond(body []byte) (data *robotstxt.RobotsData, err error) {
	defer func() {
		if recover() != nil {
			data, err = nil, errSecondPanic
		}
	}()
	data, err = robotstxt.FromBytes(body)
	if err != nil {
		return nil, &rejectError{cause: firstError(err)}
	}
	return data, nil
}

// firstError shortens the parser's multi-line error to its first cause.
func firstError(err error) string {
	var pe *robotstxt.ParseError
	if errors.As(err, &pe) && len(pe.Errs) > 0 {
		return pe.Errs[0].Error()
	}
	return strings.TrimSpace(err.Error())
}

// Allowed asks the second parser about one token and URL. It matches the
// same path, params and query as Google.
func (s *Second) Allowed(agent, rawURL string) (allowed bool, err error) {
	if s.err != nil {
		return false, s.err
	}
	defer func() {
		if recover() != nil {
			allowed, err = false, errSecondPanic
		}
	}()
	return s.data.TestAgent(PathParamsQuery(rawURL), agent), nil
}

// Compare asks the second parser about v's agent and URL and says whether
// it disagrees with Google's verdict. f, the Google parse of the same bytes,
// may be nil; with it the note can name the line the other parser reads
// differently.
func (s *Second) Compare(f *File, v Verdict) Opinion {
	op := Opinion{Parser: SecondParserName}
	allowed, err := s.Allowed(v.Agent, v.Matched())
	if err != nil {
		op.Error = err.Error()
		op.Note = i18n.T("robots.second-rejects-note", "Parser", SecondParserName, "Cause", firstCause(err))
		return op
	}
	op.Allowed = allowed
	op.Differs = allowed != v.Allowed
	if op.Differs {
		op.Note = differenceNote(f, v, allowed)
	}
	return op
}

// differenceNote explains a disagreement, naming the most likely line.
func differenceNote(f *File, v Verdict, allowed bool) string {
	says := i18n.T("robots.second-says-allowed")
	if !allowed {
		says = i18n.T("robots.second-says-disallowed")
	}
	if line, value := prefixGroup(f, v.Agent); line > 0 && !strings.EqualFold(ExtractUserAgent(value), v.Group) {
		return i18n.T("robots.second-differs-prefix", "Line", strconv.Itoa(line), "Parser", SecondParserName,
			"Value", quote(value), "Agent", v.Agent, "Says", says)
	}
	if v.Line > 0 {
		return i18n.T("robots.second-differs-line", "Line", strconv.Itoa(v.Line), "Parser", SecondParserName, "Says", says)
	}
	return i18n.T("robots.second-differs-file", "Parser", SecondParserName, "Says", says)
}

// prefixGroup finds the user-agent line a prefix-matching parser picks for
// agent: the longest value, in lower case, that starts the agent's name.
func prefixGroup(f *File, agent string) (line int, value string) {
	if f == nil {
		return 0, ""
	}
	name, best := asciiLower(agent), 0
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			v := asciiLower(a.Value)
			if !a.Star && v != "" && len(v) > best && strings.HasPrefix(name, v) {
				line, value, best = a.Line, a.Value, len(v)
			}
		}
	}
	return line, value
}

// rejectError is the second parser's rejection of a whole file, with the
// parser's own first cause (its words, not Cutoff's).
type rejectError struct{ cause string }

func (e *rejectError) Error() string {
	return i18n.T("robots.err-second-rejects", "Parser", SecondParserName, "Cause", e.cause)
}

// firstCause is the parser's own cause of a Second error, or the whole
// error when it has none.
func firstCause(err error) string {
	var re *rejectError
	if errors.As(err, &re) {
		return re.cause
	}
	return err.Error()
}

// SecondOpinion runs temoto/robotstxt on the first MaxBytes bytes of body for
// one token and URL. It never decides the Google verdict; compare with
// File.Check, or use Second.Compare for a sentence.
func SecondOpinion(body []byte, agent, rawURL string) (allowed bool, err error) {
	return NewSecond(body).Allowed(agent, rawURL)
}
