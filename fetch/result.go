package fetch

import (
	"net/http"
	"time"
)

// Hop is one redirect response on the way to the final URL.
type Hop struct {
	URL         string `json:"url"`
	Status      int    `json:"status"`
	Location    string `json:"location"`
	HeaderBytes int64  `json:"header_bytes"`
}

// Timings are the durations of the phases of the final request.
type Timings struct {
	Connect   time.Duration `json:"connect_ns"`    // TCP connect, DNS included
	TLS       time.Duration `json:"tls_ns"`        // TLS handshake, 0 for http
	FirstByte time.Duration `json:"first_byte_ns"` // request written to first response byte
	Total     time.Duration `json:"total_ns"`      // the whole fetch, redirects included
}

// Accounting is how a response counts for the crawler: its status, its
// bytes (header, wire body, decoded body), the limit they count against and
// where it cuts. A page's Result and each resource of a report embed it, so
// that both carry the same fields under the same JSON names.
type Accounting struct {
	Status int `json:"status"` // HTTP status, 0 when there was no response
	// HeaderBytes is the bytes of the final response's header block,
	// informational (1xx) blocks included (for a local file,
	// Options.HeaderBytes).
	HeaderBytes int64 `json:"header_bytes"`
	// WireBodyBytes counts the body as transferred: content-coded, after
	// removing chunked framing.
	WireBodyBytes int64 `json:"wire_body_bytes"`
	// BodyBytes counts the decoded body read, at most the cap.
	BodyBytes int64 `json:"body_bytes"`
	// LimitBytes is the profile's limit for the response's kind.
	LimitBytes int64 `json:"limit_bytes"`
	// CountsHeaders is true when HeaderBytes count toward the limit.
	CountsHeaders bool `json:"counts_headers"`
	// Truncated is true when the counted bytes exceed the limit.
	Truncated bool `json:"truncated"`
	// CutoffOffset is the offset in the decoded body where the crawler
	// stops, or nil when nothing is cut.
	CutoffOffset *int64 `json:"cutoff_offset"`
	// BinaryCutoffOffset is the same for the binary reading of the limit.
	BinaryCutoffOffset *int64 `json:"binary_cutoff_offset,omitempty"`
	// CapBytes is the most decoded body bytes reading would take; reading
	// stops there even when the body goes on.
	CapBytes int64 `json:"cap_bytes"`
	// ReadComplete is false when the cap, or an error after the header,
	// stopped reading before the body ended.
	ReadComplete bool `json:"read_complete"`
}

// Result is what a fetch got, counted the way the profile's crawler counts.
// Offsets and byte counts are in bytes; body offsets are into the decoded
// body. HTTP error statuses and truncation are data here, not errors.
type Result struct {
	URL       string `json:"url"`       // as requested
	FinalURL  string `json:"final_url"` // after redirects
	UserAgent string `json:"user_agent"`
	// AcceptEncoding is the Accept-Encoding header as sent.
	AcceptEncoding string `json:"accept_encoding"`
	Redirects      []Hop  `json:"redirects"`
	// Accounting holds the status and how the bytes count against the
	// limit, as each resource of a report has them too.
	Accounting

	StatusLine string      `json:"status_line"` // e.g. "HTTP/1.1 200 OK"
	Header     http.Header `json:"-"`
	// RawHeader is the final response's header block as received, from
	// the status line through the blank line. When the server sent
	// informational (1xx) responses first, their blocks come first, as
	// curl's size_header counts them. HeaderBytes is len(RawHeader), but
	// for a local file, where RawHeader is nil.
	RawHeader []byte `json:"-"`
	// InformationalHeaderBytes is the part of HeaderBytes taken by
	// informational (1xx) responses, usually 0.
	InformationalHeaderBytes int64 `json:"informational_header_bytes,omitempty"`
	// Request is the request head for the final URL as written to the
	// connection, byte for byte (request line, headers, CRLFs, the empty
	// line); empty for a local file.
	Request string `json:"request,omitempty"`

	// Body is the decoded body read, len(Body) == BodyBytes.
	Body            []byte `json:"-"`
	ContentType     string `json:"content_type"`
	ContentEncoding string `json:"content_encoding"`
	Kind            Kind   `json:"kind"`

	// LimitBinaryBytes is the binary reading of LimitBytes (2 MB as
	// 2,097,152), 0 when there is none.
	LimitBinaryBytes int64 `json:"limit_binary_bytes,omitempty"`
	// BodyError says why the body could not be read to its end, if so:
	// a decoding error, a reset connection, a timeout while reading.
	BodyError string `json:"body_error,omitempty"`
	// Insecure is true when TLS certificates were not verified.
	Insecure bool    `json:"insecure,omitempty"`
	Timings  Timings `json:"timings"`
	// Local is true when the body came from a file, not from HTTP.
	Local bool `json:"local,omitempty"`

	sayBodyError func() string // says BodyError again; nil when there is none
}

// Retell says the result's sentences (BodyError) again, in the language
// in use: for a report retold in another language. Call it on a copy that
// is yours; the facts are unchanged.
func (r *Result) Retell() { r.BodyError = r.BodyErrorSaid()() }

// BodyErrorSaid says BodyError again, in the language in use when called,
// without keeping the result (its body) alive.
func (r *Result) BodyErrorSaid() func() string {
	if r.sayBodyError == nil {
		return func() string { return "" }
	}
	return r.sayBodyError
}
