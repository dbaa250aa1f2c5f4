package site

import (
	"net/url"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// errNotHTTP is a URL that is not http(s) or has no host.
var errNotHTTP error = catalogError("site.err-not-http")

// catalogError is an error errors.Is tells apart by its message id; its
// text is the catalog's, in the language in use when it is read.
type catalogError string

func (e catalogError) Error() string { return i18n.T(string(e)) }

// Normalise returns the form of rawURL by which a run de-duplicates pages:
// scheme and host in lower case, the default port dropped, an empty path
// made "/", dot segments resolved and the fragment dropped (a crawler
// fetches the same bytes for every fragment). The query is kept as written.
func Normalise(rawURL string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return "", err
	}
	return normaliseURL(u)
}

func normaliseURL(orig *url.URL) (string, error) {
	c := *orig
	u := &c
	u.Scheme = strings.ToLower(u.Scheme)
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", errNotHTTP
	}
	u.Host = strings.ToLower(u.Host)
	if p := u.Port(); (u.Scheme == "http" && p == "80") || (u.Scheme == "https" && p == "443") {
		u.Host = strings.TrimSuffix(u.Host, ":"+p)
	}
	u.Fragment, u.RawFragment = "", ""
	u.User = nil
	if u.Path == "" {
		u.Path, u.RawPath = "/", ""
	}
	if strings.Contains(u.Path, "/.") {
		u = u.ResolveReference(&url.URL{}) // an empty reference keeps the query and resolves dot segments
	}
	return u.String(), nil
}

// hostOf returns the scheme and host (with a non-default port) of a
// normalised URL: the unit of politeness and of the same-host rule.
func hostOf(normalised string) string {
	rest, ok := strings.CutPrefix(normalised, "https://")
	scheme := "https://"
	if !ok {
		rest, _ = strings.CutPrefix(normalised, "http://")
		scheme = "http://"
	}
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		rest = rest[:i]
	}
	return scheme + rest
}
