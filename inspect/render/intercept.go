package render

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Render modes.
const (
	ModeGoogle = "google" // the bytes the crawler kept
	ModeFull   = "full"   // the whole page, as a browser user gets it
)

// interceptor answers one render's paused requests.
type interceptor struct {
	mode    string
	src     *source
	reach   *reach
	pageURL string
	opt     Options
	// fetchCtx bounds the fetches: the job's, so that one render ending
	// does not fail a fetch the other render waits on, and cancelled when
	// the job ends.
	fetchCtx context.Context

	mu        sync.Mutex
	requests  []inspect.RenderedRequest
	notes     []string
	served    int64
	count     int
	inflight  int
	mainFrame cdp.FrameID
	navAway   int
	unlisted  int           // requests answered but not listed (past maxListed)
	changed   chan struct{} // signalled when inflight changes
}

func newInterceptor(ctx context.Context, mode string, src *source, rc *reach, pageURL string, opt Options) *interceptor {
	return &interceptor{fetchCtx: ctx, mode: mode, src: src, reach: rc, pageURL: pageURL, opt: opt,
		changed: make(chan struct{}, 1)}
}

// answer is how one paused request is answered.
type answer struct {
	status int64
	header []*cdpfetch.HeaderEntry
	body   []byte
	fail   network.ErrorReason // set to fail the request instead
}

// handle answers one paused request; it runs on its own goroutine.
func (in *interceptor) handle(ctx context.Context, ev *cdpfetch.EventRequestPaused) {
	in.busy(1)
	defer in.busy(-1)
	rec := inspect.RenderedRequest{URL: ev.Request.URL, Kind: strings.ToLower(string(ev.ResourceType))}
	a := in.decide(in.fetchCtx, ev, &rec)
	in.record(rec)
	if a.fail != "" {
		_, _ = chromedp.Call(ctx, cdpfetch.FailRequest, cdpfetch.FailRequestParams{RequestID: ev.RequestID,
			ErrorReason: a.fail})
		return
	}
	if len(a.body) > bigBody {
		if acquire(ctx, in.src.sending) != nil {
			return
		}
		defer release(in.src.sending)
	}
	_, _ = chromedp.Call(ctx, cdpfetch.FulfillRequest, cdpfetch.FulfillRequestParams{RequestID: ev.RequestID,
		ResponseCode: a.status, ResponseHeaders: a.header, Body: a.body})
}

// bigBody is the size past which a body handed to the browser waits for
// its turn (see maxSending): small ones and refusals go at once.
const bigBody = 256 << 10

// decide chooses the answer and fills rec with what was done.
func (in *interceptor) decide(ctx context.Context, ev *cdpfetch.EventRequestPaused, rec *inspect.RenderedRequest) answer {
	if reason := in.refuse(ev); reason != "" {
		rec.NotFetchedReason = reason
		if reason == navigatedAway() {
			// 204 No Content: the navigation does not commit and the page stays.
			return answer{status: http.StatusNoContent}
		}
		return answer{fail: network.ErrorReasonBlockedByClient}
	}
	if rec.URL != in.pageURL {
		if reason := in.reach.refused(ctx, rec.URL); reason != "" {
			rec.NotFetchedReason = reason
			return answer{fail: network.ErrorReasonBlockedByClient}
		}
	}
	// The page's own robots.txt verdict is the inspection's to report; the
	// render shows what the page would give if it is crawled.
	if in.mode == ModeGoogle && rec.URL != in.pageURL {
		rr, blocked := in.src.verdict(ctx, rec.URL)
		if rr != nil {
			rec.RobotsLine = rr.Line
		}
		switch {
		case blocked != "" && rr != nil && rr.Unreachable:
			rec.RobotsUnchecked, rec.NotFetchedReason = true, unreachableReason(rr.URL, in.src.profile.Name)
			return answer{fail: network.ErrorReasonBlockedByClient}
		case blocked != "":
			rec.BlockedByRobots, rec.NotFetchedReason = true, blocked
			return answer{fail: network.ErrorReasonBlockedByClient}
		}
	}
	res, err := in.src.get(ctx, rec.URL)
	switch {
	case errors.Is(err, errPrivate):
		rec.NotFetchedReason = privateReason()
		return answer{fail: network.ErrorReasonBlockedByClient}
	case isHeld(err):
		rec.NotFetchedReason = err.Error()
		return answer{fail: network.ErrorReasonBlockedByClient}
	}
	if err != nil {
		rec.Error = err.Error()
		return answer{fail: network.ErrorReasonFailed}
	}
	return in.serve(res, rec)
}

// unreachableReason is why a request whose host's robots.txt got no answer
// from this machine was not fetched: this machine's failure, not a rule.
func unreachableReason(robotsURL, crawler string) string {
	return i18n.T("render.unreachable", "Robots", robotsURL, "Crawler", crawler)
}

// navigatedAway is the reason of a top-level navigation that was refused.
func navigatedAway() string { return i18n.T("render.navigated-away") }

// refuse returns why a request is failed without a fetch, "" to fetch it.
func (in *interceptor) refuse(ev *cdpfetch.EventRequestPaused) string {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.count++
	switch {
	case ev.ResourceType == network.ResourceTypeDocument && in.mainFrame == "":
		in.mainFrame = ev.FrameID
		if ev.Request.URL == in.pageURL {
			return "" // the page itself, served from the inspection's fetch
		}
	case ev.ResourceType == network.ResourceTypeDocument && ev.FrameID == in.mainFrame:
		in.navAway++
		return navigatedAway()
	}
	if r := skippedType(ev.ResourceType, in.src.profile); r != "" {
		return r
	}
	if ev.Request.Method != http.MethodGet {
		return i18n.T("render.not-get", "Method", ev.Request.Method)
	}
	if !strings.HasPrefix(ev.Request.URL, "http://") && !strings.HasPrefix(ev.Request.URL, "https://") {
		return i18n.T("render.not-http")
	}
	if strings.HasPrefix(ev.Request.URL, localOrigin) {
		return i18n.T("render.local-file")
	}
	if in.count > in.opt.MaxRequests {
		return i18n.T("render.cap-requests", "Max", strconv.Itoa(in.opt.MaxRequests))
	}
	if in.served >= in.opt.MaxBytes {
		return i18n.T("render.cap-bytes", "Bytes", in.opt.MaxBytes)
	}
	return ""
}

// skippedType says why the renderer does not fetch a type of resource:
// Google documents what its renderer fetches, and a render as another
// operator's crawler p follows that rule, said to be Google's.
func skippedType(t network.ResourceType, p fetch.Profile) string {
	switch t {
	case network.ResourceTypeDocument, network.ResourceTypeScript, network.ResourceTypeStylesheet,
		network.ResourceTypeXHR, network.ResourceTypeFetch:
		return ""
	case network.ResourceTypeImage, network.ResourceTypeMedia, network.ResourceTypeFont:
		return i18n.T("render.not-fetched-rule", "Rule", inspect.GoogleRule(p.Operator, p.Name, i18n.T("render.rule-no-media")))
	}
	return i18n.T("render.not-fetched-rule", "Rule", inspect.GoogleRule(p.Operator, p.Name,
		i18n.T("render.rule-types", "Type", strings.ToLower(string(t)))))
}

// serve builds the answer from a fetch: the kept prefix in the google
// render, all that was read in the full one.
func (in *interceptor) serve(res *fetch.Result, rec *inspect.RenderedRequest) answer {
	r := resources.FromFetch(rec.URL, resources.Kind(rec.Kind), res)
	rec.Status, rec.HeaderBytes, rec.BodyBytes = r.Status, r.HeaderBytes, r.BodyBytes
	rec.LimitBytes, rec.Truncated, rec.CutoffOffset = r.LimitBytes, r.Truncated, r.CutoffOffset
	rec.ReadComplete, rec.Error = r.ReadComplete, r.Error
	body := res.Body
	if in.mode == ModeGoogle && res.CutoffOffset != nil && *res.CutoffOffset < int64(len(body)) {
		body = body[:*res.CutoffOffset]
	}
	in.mu.Lock()
	room := in.opt.MaxBytes - in.served
	if int64(len(body)) > room {
		body = body[:max(room, 0)]
		in.notes = append(in.notes, i18n.T("render.served-in-part", "URL", rec.URL, "Bytes", in.opt.MaxBytes))
	}
	in.served += int64(len(body))
	in.mu.Unlock()
	rec.ServedBytes = int64(len(body))
	status := int64(res.Status)
	if status < 100 {
		status = http.StatusOK
	}
	header := responseHeaders(res.Header)
	if res.Header.Get("Content-Type") == "" && rec.Kind == "document" {
		header = append(header, &cdpfetch.HeaderEntry{Name: "Content-Type", Value: "text/html"})
	}
	return answer{status: status, header: header, body: body}
}

// dropped are response headers not passed to the browser: framing and
// coding (the body is decoded and whole), cookies (the renderer is
// stateless), and downloads.
var dropped = map[string]bool{"Content-Length": true, "Content-Encoding": true, "Transfer-Encoding": true,
	"Set-Cookie": true, "Content-Disposition": true, "Connection": true, "Keep-Alive": true}

func responseHeaders(h http.Header) []*cdpfetch.HeaderEntry {
	var out []*cdpfetch.HeaderEntry
	for name, vals := range h {
		if dropped[http.CanonicalHeaderKey(name)] {
			continue
		}
		for _, v := range vals {
			out = append(out, &cdpfetch.HeaderEntry{Name: name, Value: v})
		}
	}
	return out
}

// maxListed bounds the requests a render lists, as a multiple of its
// request cap: a page that loops on navigations makes thousands.
const maxListed = 2

func (in *interceptor) record(rec inspect.RenderedRequest) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if len(in.requests) < maxListed*in.opt.MaxRequests {
		in.requests = append(in.requests, rec)
	} else {
		in.unlisted++
	}
}

// busy counts requests being answered, for the network-idle wait.
func (in *interceptor) busy(d int) {
	in.mu.Lock()
	in.inflight += d
	in.mu.Unlock()
	select {
	case in.changed <- struct{}{}:
	default:
	}
}

func (in *interceptor) idle() bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.inflight == 0
}
