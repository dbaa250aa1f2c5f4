package fetch

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// exchange is one request on its own connection, with the response head
// read and the body not yet.
type exchange struct {
	target  target
	wd      *watchdog
	br      *bufio.Reader
	head    *responseHead
	request []byte
	timings Timings
	// insecure is true when TLS ran without certificate verification.
	insecure bool
}

// Fetch requests rawURL as profile p would, follows redirects, and reads
// the final response's body up to the cap, counting bytes the way the
// profile's crawler counts them. HTTP error statuses, truncation and a body
// cut short after the head arrived are reported in the Result; errors are
// *Error values for bad input (see IsUsageError) and for fetches that got
// no final response head. Fetch blocks until done or until ctx ends; any
// goroutine may call it. A nil Fetcher behaves as the zero Fetcher.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string, p Profile, opt Options) (*Result, error) {
	if f == nil {
		f = &Fetcher{}
	}
	start := time.Now()
	u, uerr := parseTarget(rawURL)
	if uerr != nil {
		return nil, uerr
	}
	hdrs, perr := newRequestHeaders(p, opt.ChromeVersion)
	if perr != nil {
		return nil, perr
	}
	d := opt.timeout()
	ctx, cancel := context.WithTimeoutCause(ctx, d, &timeoutCause{phase: "fetch", after: d})
	defer cancel()

	res := &Result{URL: strings.TrimSpace(rawURL), UserAgent: hdrs.userAgent,
		AcceptEncoding: hdrs.acceptEncoding, Redirects: []Hop{}}
	ex, err := f.follow(ctx, u, hdrs, p, opt, res)
	if err != nil {
		return nil, err
	}
	defer ex.wd.close()
	if err := f.readFinal(ctx, ex, p, opt, res); err != nil {
		return nil, err
	}
	res.Timings.Total = time.Since(start)
	return res, nil
}

// insecure reports whether TLS connections skip certificate verification.
func (f *Fetcher) insecure(opt Options) bool {
	return opt.Insecure || (f.TLSConfig != nil && f.TLSConfig.InsecureSkipVerify)
}

// follow sends the request and follows redirects, recording each hop in
// res, and returns the exchange of the final response.
func (f *Fetcher) follow(ctx context.Context, u *url.URL, hdrs requestHeaders, p Profile, opt Options, res *Result) (*exchange, error) {
	limit := p.maxRedirects()
	if opt.MaxRedirects != 0 {
		limit = opt.MaxRedirects
	}
	seen := map[string]bool{u.String(): true}
	for {
		ex, err := f.roundTrip(ctx, u, hdrs, opt)
		if err != nil {
			return nil, err
		}
		res.Insecure = res.Insecure || ex.insecure
		next, location, ok := redirectTarget(ex, u)
		if !ok || limit < 0 {
			return ex, nil
		}
		ex.wd.close()
		hop := Hop{URL: u.String(), Status: ex.head.status, Location: location, HeaderBytes: int64(len(ex.head.raw))}
		if next == nil {
			return nil, badLocation(u, location)
		}
		if len(res.Redirects) >= limit {
			return nil, tooManyRedirects(u, next, limit, seen)
		}
		res.Redirects = append(res.Redirects, hop)
		u = next
		seen[u.String()] = true
	}
}

// badLocation is the error of a redirect from u whose Location is no URL
// to follow, saying why.
func badLocation(u *url.URL, location string) *Error {
	from, quoted := u.String(), strconv.Quote(location)
	bad := func(id string, args ...any) *Error {
		return newError("redirect", from, ErrBadRedirect, nil, id, append([]any{"URL", from, "Location", quoted}, args...)...)
	}
	for i := 0; i < len(location); i++ {
		if c := location[i]; c < 0x20 || c == 0x7f {
			return bad("redirect-control-char", "Char", fmt.Sprintf("0x%02X", c), "Byte", strconv.Itoa(i))
		}
	}
	if _, err := url.Parse(location); err != nil {
		return bad("redirect-invalid-url", "Cause", rootCause(err))
	}
	return bad("redirect-not-http")
}

// tooManyRedirects describes a redirect chain longer than limit.
func tooManyRedirects(from, next *url.URL, limit int, seen map[string]bool) *Error {
	id := "too-many-redirects"
	if seen[next.String()] {
		id = "redirect-loop"
	}
	return newError("redirect", from.String(), ErrTooManyRedirects, nil, id, "Count", limit, "URL", next.String())
}

// redirectTarget returns where a redirect response points. ok is false
// when the response is not a redirect to follow; next is nil when its
// Location cannot be fetched.
func redirectTarget(ex *exchange, base *url.URL) (next *url.URL, location string, ok bool) {
	switch ex.head.status {
	case 301, 302, 303, 307, 308:
	default:
		return nil, "", false
	}
	location = ex.head.header.Get("Location")
	if location == "" {
		return nil, "", false
	}
	ref, err := url.Parse(location)
	if err != nil {
		return nil, location, true
	}
	next = base.ResolveReference(ref)
	next.Fragment, next.RawFragment = "", ""
	if checkURL(next) != nil {
		return nil, location, true
	}
	return next, location, true
}

// roundTrip connects, sends the request for u and reads the response head.
func (f *Fetcher) roundTrip(ctx context.Context, u *url.URL, hdrs requestHeaders, opt Options) (*exchange, error) {
	t := endpoint(u)
	if e := t.interrupted(ctx, "connect"); e != nil {
		return nil, e
	}
	ex := &exchange{target: t, request: hdrs.build(u)}
	began := time.Now()
	raw, err := f.dial(ctx, t)
	if err != nil {
		return nil, err
	}
	ex.timings.Connect = time.Since(began)
	ex.wd = watch(ctx, raw)
	conn := raw
	if strings.EqualFold(u.Scheme, "https") {
		began = time.Now()
		tc, err := f.handshake(ctx, raw, t, opt.Insecure)
		if err != nil {
			ex.wd.close()
			return nil, err
		}
		ex.timings.TLS, conn, ex.insecure = time.Since(began), tc, f.insecure(opt)
	}
	if err := f.exchangeHead(ctx, conn, ex); err != nil {
		ex.wd.close()
		return nil, err
	}
	return ex, nil
}

// exchangeHead writes the request on conn and reads the response head.
func (f *Fetcher) exchangeHead(ctx context.Context, conn net.Conn, ex *exchange) *Error {
	t := ex.target
	ex.wd.armFirstByte(f.firstByteTimeout())
	sent := time.Now()
	if _, err := conn.Write(ex.request); err != nil {
		return t.failed(ctx, ex.wd, "request", err)
	}
	fb := &firstByteReader{r: conn, w: ex.wd}
	ex.br = bufio.NewReaderSize(fb, 64<<10)
	head, err := readHead(ex.br, MaxHeaderBytes)
	if fb.seen {
		ex.timings.FirstByte = fb.at.Sub(sent)
	}
	if err != nil {
		return t.failed(ctx, ex.wd, "response", err)
	}
	ex.head = head
	return nil
}
