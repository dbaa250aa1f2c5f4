package fetch

import "strings"

// RequestedURL returns rawURL as a crawler requests it: the scheme in lower
// case, the host in its ASCII (punycode) form, and the path and query
// percent-encoded exactly as they go on the request line, without the
// fragment. A URL typed or pasted from an address bar ("/wiki/Löschen",
// "/b c", "?q=日本") thus becomes the form robots.txt rules are matched
// against ("/wiki/L%C3%B6schen", "/b%20c", "?q=%E6%97%A5%E6%9C%AC"); a URL
// already encoded is returned as it is. ok is false when rawURL is not an
// http or https URL the fetcher would request.
func RequestedURL(rawURL string) (requested string, ok bool) {
	u, err := parseTarget(rawURL)
	if err != nil {
		return "", false
	}
	return strings.ToLower(u.Scheme) + "://" + hostHeader(u) + requestTarget(u), true
}
