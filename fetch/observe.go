package fetch

// A BodyObserver follows the final response's decoded body while it
// arrives, so that its work on the body can run alongside the download
// instead of after it (inspect analyses a page that way). The fetching
// goroutine calls Begin once, when the body's kind and limit are known,
// then Grow after every read that added bytes, then End once whatever
// stopped the reading. Each call passes the whole body read so far; its
// bytes never change afterwards, but a later call may pass a different
// array holding the same bytes and more. The methods must return quickly.
// A fetch that fails before the final response's body (DNS, a redirect
// loop, a response head cut short) calls none of them.
type BodyObserver interface {
	Begin(head BodyHead, body []byte)
	Grow(body []byte)
	End(body []byte)
}

// BodyHead is what is known of the final response when its body starts.
type BodyHead struct {
	// FinalURL is the URL the body comes from, after redirects.
	FinalURL string
	// CutoffAt is the body offset at which the crawler's limit cuts the
	// body, if the body turns out to be longer: Result.CutoffOffset then
	// equals it (the limit less the counted header, at least 0).
	CutoffAt int64
	// Expected is the body's size as the response announces it
	// (Content-Length, within the cap), 0 when it does not.
	Expected int64
}
