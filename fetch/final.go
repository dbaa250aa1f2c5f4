package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// readFinal fills res from the final response: its head, then its body up
// to the cap, then the byte accounting. It fails only when the caller
// cancelled while the body was arriving.
func (f *Fetcher) readFinal(ctx context.Context, ex *exchange, p Profile, opt Options, res *Result) error {
	h := ex.head
	res.FinalURL, res.Status, res.StatusLine, res.Header = ex.target.url, h.status, h.statusLine, h.header
	res.RawHeader, res.HeaderBytes, res.InformationalHeaderBytes = h.raw, int64(len(h.raw)), h.interim
	res.Request, res.Timings = string(ex.request), ex.timings
	res.ContentType = h.header.Get("Content-Type")
	res.ContentEncoding = strings.Join(headerList(h.header, "Content-Encoding"), ", ")
	framed, length, err := bodyFraming(ex.br, h)
	if err != nil {
		return newError("response", res.FinalURL, ErrMalformedResponse, err, "conflicting-length", "Addr", ex.target.addr)
	}
	wire := &wireCounter{r: framed}
	decoded, note := contentDecoder(wire, res.ContentEncoding)
	if decoded != io.Reader(wire) {
		length = -1 // Content-Length counts encoded bytes, progress counts decoded ones
	}
	readErr := collect(decoded, length, p, opt, res)
	res.WireBodyBytes = wire.n
	msg, stop := ex.target.bodyFailure(ctx, ex.wd, wire, readErr, res.BodyBytes)
	if stop != nil {
		return stop
	}
	if note != nil || msg != nil {
		res.sayBodyError = func() string { return joinSentences(note, msg) }
		res.BodyError = res.sayBodyError()
	}
	return nil
}

// collect reads the decoded body into res up to the cap, detects its kind
// and does the accounting. It returns the error that stopped reading before
// the end of the body, if any. length is the expected size or -1.
func collect(r io.Reader, length int64, p Profile, opt Options, res *Result) error {
	s := &sink{total: length, progress: opt.Progress}
	s.reserve(initialBuffer, initialBuffer)
	err := s.fill(r, sniffLen)
	res.Kind = DetectKind(res.ContentType, s.buf, res.FinalURL)
	limit := limitFor(p, res.Kind, opt)
	capBytes := max(opt.Cap, 0)
	if capBytes == 0 {
		capBytes = DefaultCap(limit.Bytes)
	}
	// MaxCap bounds memory whatever the caller asked for; only a limit
	// above it (read in full, as DefaultCap says) may go further.
	capBytes = min(max(capBytes, limit.Bytes), max(MaxCap, limit.Bytes))
	res.CapBytes = capBytes
	if length >= 0 {
		s.total = min(length, capBytes)
	}
	capped := false
	if err == nil {
		s.reserve(expectedBody(length, capBytes), capBytes)
	}
	if opt.Body != nil {
		s.observer = opt.Body
		res.CountsHeaders = p.CountsHeaders // as the accounting below sets it
		at := cutoffAt(limit.Bytes, res.CountedHeaderBytes())
		opt.Body.Begin(BodyHead{FinalURL: res.FinalURL, CutoffAt: at, Expected: max(s.total, 0)}, s.buf)
	}
	if err == nil {
		if err = s.fill(r, capBytes); err == nil {
			capped, err = probe(r)
		}
	}
	if int64(len(s.buf)) > capBytes {
		s.buf, capped = s.buf[:capBytes], true
	}
	s.fit()
	if opt.Body != nil {
		opt.Body.End(s.buf)
	}
	if err == io.EOF {
		err = nil
	}
	res.Body, res.BodyBytes = s.buf, int64(len(s.buf))
	res.ReadComplete = !capped && err == nil
	s.report()
	res.account(limit, p.CountsHeaders, capped)
	return err
}

// limitFor is the limit that applies to a document of kind k.
func limitFor(p Profile, k Kind, opt Options) Limit {
	if opt.LimitOverride > 0 {
		return Limit{Bytes: opt.LimitOverride}
	}
	return p.LimitFor(k)
}

// wireCounter counts the body bytes as transferred and remembers a
// transport error.
type wireCounter struct {
	r   io.Reader
	n   int64
	err error
}

func (c *wireCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// bodyFailure explains why reading the body stopped early. It returns the
// sentence for Result.BodyError, said when called, or an error when the
// caller cancelled, which ends the fetch.
func (t target) bodyFailure(ctx context.Context, wd *watchdog, wire *wireCounter, err error, got int64) (func() string, *Error) {
	if err == nil {
		return nil, nil
	}
	cause := wd.reason()
	if cause == nil {
		cause = interruption(ctx)
	}
	var tc *timeoutCause
	var de *decodeError
	switch {
	case cause != nil && errors.As(cause, &tc):
		return i18n.Later("fetch.body-time-limit", "Duration", humanDuration(tc.after), "Bytes", strconv.FormatInt(got, 10)), nil
	case errors.Is(cause, context.DeadlineExceeded):
		return i18n.Later("fetch.body-deadline", "Bytes", strconv.FormatInt(got, 10)), nil
	case cause != nil:
		return nil, t.stopped("body", cause)
	case errors.Is(wire.err, io.ErrUnexpectedEOF):
		return i18n.Later("fetch.body-closed", "Bytes", strconv.FormatInt(wire.n, 10)), nil
	case wire.err != nil:
		return i18n.Later("fetch.body-broken", "Cause", rootCause(wire.err)), nil
	case errors.As(err, &de):
		return i18n.Later("fetch.body-corrupt", "Coding", de.coding, "Bytes", strconv.FormatInt(got, 10), "Cause", rootCause(de.err)), nil
	case errors.Is(err, io.ErrNoProgress):
		return i18n.Later("fetch.body-no-progress"), nil
	}
	return i18n.Later("fetch.body-failed", "Cause", rootCause(err)), nil
}

// joinSentences says the sentences of says, nil ones left out, joined
// with "; ".
func joinSentences(says ...func() string) string {
	var out []string
	for _, say := range says {
		if say != nil {
			out = append(out, say())
		}
	}
	return strings.Join(out, "; ")
}

// failed describes a failure while sending the request or reading the
// response head.
func (t target) failed(ctx context.Context, wd *watchdog, op string, err error) *Error {
	if cause := wd.reason(); cause != nil {
		return t.stopped(op, cause)
	}
	if e := t.interrupted(ctx, op); e != nil {
		return e
	}
	var he *headError
	switch {
	case errors.Is(err, errHeadTooLarge):
		return newError(op, t.url, ErrHeaderTooLarge, err, "header-too-large", "Addr", t.addr)
	case errors.Is(err, io.EOF):
		return newError(op, t.url, ErrNoResponse, err, "no-response", "Addr", t.addr)
	case errors.Is(err, errHTTP2Only):
		return newError(op, t.url, ErrNoResponse, err, "http2-only", "Addr", t.addr)
	case errors.Is(err, errHeadCut):
		return newError(op, t.url, ErrNoResponse, err, "header-cut", "Addr", t.addr)
	case errors.As(err, &he):
		return newError(op, t.url, ErrMalformedResponse, err, "not-http", "Addr", t.addr, "Line", quoteShort(he.line))
	}
	return t.ioError(op, err)
}

// quoteShort quotes s, shortened to 60 bytes.
func quoteShort(s string) string {
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return fmt.Sprintf("%q", s)
}
