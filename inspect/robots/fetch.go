package robots

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"golang.org/x/net/idna"
)

// MaxRedirects is how many redirects a robots.txt fetch follows: Google
// follows at least five, then treats the file as 404 (allow all).
const MaxRedirects = 5

// Sentinel errors for page URLs that have no robots.txt location.
var (
	ErrNoHost            error = message("robots.err-no-host")
	ErrUnsupportedScheme error = message("robots.err-unsupported-scheme")
)

// RobotsURL returns the robots.txt URL that governs pageURL:
// scheme://host[:port]/robots.txt, with scheme and host in lower case and a
// default port (80 for http, 443 for https) left out, as Google scopes it.
func RobotsURL(pageURL string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(pageURL))
	if err != nil {
		return "", fmt.Errorf("%s: %w", i18n.T("robots.err-invalid-url", "URL", strconv.Quote(pageURL)), err)
	}
	scheme, host, port := strings.ToLower(u.Scheme), strings.ToLower(u.Hostname()), u.Port()
	switch {
	case scheme == "" && host == "":
		return "", fmt.Errorf("%w: %q", ErrNoHost, pageURL)
	case scheme != "http" && scheme != "https":
		return "", fmt.Errorf("%w%s", ErrUnsupportedScheme, i18n.T("robots.err-got", "URL", strconv.Quote(pageURL)))
	case host == "":
		return "", fmt.Errorf("%w: %q", ErrNoHost, pageURL)
	}
	if a, err := idna.Lookup.ToASCII(host); err == nil {
		host = a // an internationalised name and its punycode share one robots.txt
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" && !(scheme == "http" && port == "80") && !(scheme == "https" && port == "443") {
		host += ":" + port
	}
	return scheme + "://" + host + "/robots.txt", nil
}

// Fetch gets the robots.txt governing pageURL as profile p and applies
// Google's status policy: 2xx parse; redirects followed up to MaxRedirects,
// then allow all; 4xx other than 429 allow all; 429, 5xx and network errors
// disallow all. It reads at most ReadCap bytes and parses the first
// MaxBytes. It never returns nil; failures are in Outcome.Err and Policy.
// ctx bounds the whole fetch, every redirect included.
func Fetch(ctx context.Context, fetcher *fetch.Fetcher, pageURL string, p fetch.Profile, opt fetch.Options) *Outcome {
	robotsURL, err := RobotsURL(pageURL)
	if err != nil {
		return invalidOutcome(pageURL, err)
	}
	opt = robotsOptions(opt)
	ctx, cancel := context.WithTimeout(ctx, timeoutOf(opt))
	defer cancel()
	o := &Outcome{RobotsURL: robotsURL, Source: SourceFetched}
	res, err := followRedirects(ctx, fetcher, robotsURL, p, opt, o)
	switch {
	case err != nil:
		networkFailure(o, err)
	case res != nil:
		o.apply(res)
	}
	return o
}

// invalidOutcome is the outcome for a page URL with no robots.txt location.
func invalidOutcome(pageURL string, err error) *Outcome {
	o := &Outcome{RobotsURL: pageURL, Source: SourceFetched, Policy: PolicyInvalid}
	o.told.Say(o, func(o *Outcome) {
		o.Err = err.Error()
		o.Reason = i18n.T("robots.policy-invalid", "Why", strings.TrimPrefix(o.Err, "robots: "))
	})
	return o
}

// robotsOptions adapts the caller's options to a robots.txt fetch: redirects
// are followed one by one here, and reading stops at ReadCap.
func robotsOptions(opt fetch.Options) fetch.Options {
	opt.MaxRedirects = -1
	opt.LimitOverride = MaxBytes
	if opt.Cap <= 0 || opt.Cap > ReadCap {
		opt.Cap = ReadCap
	}
	return opt
}

func timeoutOf(opt fetch.Options) time.Duration {
	if opt.Timeout > 0 {
		return opt.Timeout
	}
	return fetch.DefaultTimeout
}

// followRedirects fetches target, following redirects itself so that every
// hop is recorded even when there are too many. It returns the final
// response, or nil when the chain was given up (o is then filled in).
func followRedirects(ctx context.Context, fetcher *fetch.Fetcher, target string, p fetch.Profile, opt fetch.Options, o *Outcome) (*fetch.Result, error) {
	for {
		res, err := fetcher.Fetch(ctx, target, p, opt)
		if err != nil {
			return nil, err
		}
		next, ok := redirectLocation(res)
		if !ok {
			return res, nil
		}
		o.Redirects = append(o.Redirects, fetch.Hop{URL: res.URL, Status: res.Status,
			Location: res.Header.Get("Location"), HeaderBytes: res.HeaderBytes})
		switch {
		case next == "":
			o.Status, o.Policy = res.Status, PolicyAllowAll
			o.sayReason(i18n.Later("robots.policy-bad-redirect", "Location", quote(res.Header.Get("Location"))))
			return nil, nil
		case len(o.Redirects) > MaxRedirects:
			o.Status, o.Policy = res.Status, PolicyAllowAll
			o.sayReason(i18n.Later("robots.policy-too-many-redirects", "Count", MaxRedirects))
			return nil, nil
		}
		target = next
	}
}

// redirectLocation returns the absolute http(s) URL a redirect response
// points to. ok is false for a response that is not a redirect; next is
// empty for a redirect that cannot be followed.
func redirectLocation(res *fetch.Result) (next string, ok bool) {
	switch res.Status {
	case 301, 302, 303, 307, 308:
	default:
		return "", false
	}
	loc := res.Header.Get("Location")
	if loc == "" {
		return "", false
	}
	base, err := url.Parse(res.URL)
	ref, err2 := url.Parse(loc)
	if err != nil || err2 != nil {
		return "", true
	}
	u := base.ResolveReference(ref)
	u.Fragment = ""
	if s := strings.ToLower(u.Scheme); (s != "http" && s != "https") || u.Host == "" {
		return "", true
	}
	return u.String(), true
}

// networkFailure fills o for a fetch that got no response.
func networkFailure(o *Outcome, err error) {
	o.Policy = PolicyDisallowAll
	o.told.Say(o, func(o *Outcome) {
		o.Err = err.Error()
		o.Reason = i18n.T("robots.policy-network", "Error", strings.TrimSuffix(o.Err, "."))
	})
}

// apply fills o from the final response.
func (o *Outcome) apply(res *fetch.Result) {
	o.Status = res.Status
	var reason func() string
	o.Policy, reason = statusPolicy(res.Status)
	if o.Policy != PolicyParsed {
		o.Bytes = res.BodyBytes
		o.sayReason(reason)
		return
	}
	if res.BodyError != "" && res.BodyBytes < MaxBytes {
		o.Policy, o.Bytes = PolicyDisallowAll, res.BodyBytes
		status, bodyError := res.Status, res.BodyErrorSaid()
		o.told.Say(o, func(o *Outcome) {
			o.Err = bodyError()
			o.Reason = i18n.T("robots.policy-broken-body", "Status", strconv.Itoa(status), "Bytes", o.Bytes,
				"Error", strings.TrimSuffix(o.Err, "."))
		})
		return
	}
	o.setBody(res.Body)
	o.ReadAll = res.ReadComplete
	if !res.ReadComplete {
		o.SizeBytes = announced(res)
	}
	if o.TruncatedAt > 0 {
		reason = i18n.Later("robots.policy-2xx-truncated", "Status", statusText(res.Status), "Bytes", MaxBytes)
	}
	if o.LooksLikeHTML {
		said := reason
		reason = func() string { return said() + i18n.T("robots.policy-looks-html") }
	}
	o.sayReason(reason)
}

// announced is the body length a response announced (Content-Length, when
// the body has no content coding), 0 when unknown.
func announced(res *fetch.Result) int64 {
	if res.Header == nil || res.ContentEncoding != "" {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(res.Header.Get("Content-Length")), 10, 64)
	if err != nil || n <= res.BodyBytes {
		return 0
	}
	return n
}
