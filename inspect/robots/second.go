package robots

import (
	"errors"
	"fmt"
	"strings"

	"github.com/temoto/robotstxt"
)

// SecondParserName names the parser behind second opinions.
const SecondParserName = "temoto/robotstxt"

// errSecondPanic reports a panic inside the second-opinion parser.
var errSecondPanic = errors.New("robots: the second-opinion parser failed on this file")

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
		return nil, fmt.Errorf("robots: %s rejects the file: %s", SecondParserName, firstError(err))
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
		op.Note = fmt.Sprintf("%s rejects the whole file (%s), so crawlers using it may ignore it entirely; Google still reads every valid line.", SecondParserName, firstCause(err))
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
	says := fmt.Sprintf("says %s where Google says %s", allowedWord(allowed), allowedWord(v.Allowed))
	if line, value := prefixGroup(f, v.Agent); line > 0 && !strings.EqualFold(ExtractUserAgent(value), v.Group) {
		return fmt.Sprintf("Non-Google parsers may read line %d differently: %s applies the group %s to %s because it matches agent names by prefix, and %s.",
			line, SecondParserName, quote(value), v.Agent, says)
	}
	if v.Line > 0 {
		return fmt.Sprintf("Non-Google parsers may read line %d differently: %s %s.", v.Line, SecondParserName, says)
	}
	return fmt.Sprintf("Non-Google parsers may read this file differently: %s %s.", SecondParserName, says)
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

// firstCause strips the package prefix from a Second error.
func firstCause(err error) string {
	msg := err.Error()
	if _, after, ok := strings.Cut(msg, "rejects the file: "); ok {
		return after
	}
	return msg
}

// SecondOpinion runs temoto/robotstxt on the first MaxBytes bytes of body for
// one token and URL. It never decides the Google verdict; compare with
// File.Check, or use Second.Compare for a sentence.
func SecondOpinion(body []byte, agent, rawURL string) (allowed bool, err error) {
	return NewSecond(body).Allowed(agent, rawURL)
}
