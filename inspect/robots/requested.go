package robots

import (
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Requested returns typed as the crawler requests it: percent-encoded the
// way the fetcher writes the request line (see fetch.RequestedURL), so that a
// URL pasted from an address bar ("/wiki/Löschen", "/b c") is matched in the
// form Google's parser expects ("/wiki/L%C3%B6schen", "/b%20c"). A URL the
// fetcher would not request (no http or https scheme, no host) is returned
// as typed and matched as given, as Google's parser does.
func Requested(typed string) string {
	if requested, ok := fetch.RequestedURL(typed); ok {
		return requested
	}
	return typed
}

// CheckRequested makes a verdict on typed as the crawler requests it: check
// gets the requested form (see Requested), and the verdict names the URL as
// typed, with Requested set where the two differ. File's Check, CheckAny and
// CheckChain match a URL as given, as Google's parser does; every verdict
// about a URL a person typed or a page linked goes through here.
func CheckRequested(typed string, check func(requested string) Verdict) Verdict {
	requested := Requested(typed)
	v := check(requested)
	v.URL = typed
	if requested != typed {
		v.Requested = requested
		if len(v.Trace) > 0 {
			v.Trace[0] = i18n.T("robots.trace-matching-requested", "Path", quote(v.Path), "URL", quote(requested))
		}
	}
	return v
}

// Matched is the URL the rules were matched against: Requested when the
// crawler requests another form than the one given, else URL.
func (v Verdict) Matched() string {
	if v.Requested != "" {
		return v.Requested
	}
	return v.URL
}
