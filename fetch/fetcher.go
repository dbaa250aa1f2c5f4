package fetch

import (
	"context"
	"crypto/tls"
	"net"
	"time"
)

// Default time budgets. Each phase budget is also bounded by the whole
// fetch's budget.
const (
	DefaultTimeout          = 30 * time.Second // the whole fetch, redirects included
	DefaultConnectTimeout   = 10 * time.Second // DNS lookup and TCP connect, per hop
	DefaultTLSTimeout       = 10 * time.Second // TLS handshake, per hop
	DefaultFirstByteTimeout = 20 * time.Second // request sent to first response byte, per hop
)

// MaxHeaderBytes is the most response-head bytes a fetch accepts, 1 MiB;
// a larger head fails with ErrHeaderTooLarge.
const MaxHeaderBytes = 1 << 20

// DefaultAccept is the Accept header sent with every request: what a
// browser sends for a navigation, which is what crawlers imitate.
const DefaultAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

// Fetcher fetches URLs as a crawler. The zero value is ready to use with
// the system resolver and certificate roots. A Fetcher holds no state
// between fetches, so any goroutine may call its methods concurrently; its
// fields must not change while fetches run.
type Fetcher struct {
	// Dial opens TCP connections; nil means a net.Dialer. Tests use it to
	// fake DNS failures or to reach loopback servers under other names.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// TLSConfig is cloned for each TLS connection; nil means the system
	// roots. ServerName and NextProtos are set per connection.
	TLSConfig *tls.Config
	// ConnectTimeout, TLSTimeout and FirstByteTimeout bound the phases of
	// each request; zero means the Default... value.
	ConnectTimeout, TLSTimeout, FirstByteTimeout time.Duration
}

// Options adjust one fetch. The zero value fetches as the profile says.
type Options struct {
	// Timeout bounds the whole fetch, redirects included; zero means
	// DefaultTimeout. When it runs out while the body is arriving, the
	// fetch returns what it read, with ReadComplete false.
	Timeout time.Duration
	// Cap is the most decoded body bytes to read; zero means
	// DefaultCap(limit). It is raised to the limit when lower and lowered
	// to MaxCap (or the limit, when that is higher) when above.
	Cap int64
	// LimitOverride, when positive, replaces the profile's limit in bytes
	// (and drops its binary reading).
	LimitOverride int64
	// HeaderBytes is the header size counted for a local file (ReadFile);
	// Fetch ignores it.
	HeaderBytes int64
	// MaxRedirects overrides the profile's redirect budget when positive;
	// a negative value follows no redirect and returns the redirect
	// response itself.
	MaxRedirects int
	// Insecure skips TLS certificate verification; Result.Insecure says so.
	Insecure bool
	// ChromeVersion fills W.X.Y.Z in the User-Agent; "" means
	// DefaultChromeVersion.
	ChromeVersion string
	// Progress, when set, is called from the fetching goroutine as decoded
	// body bytes arrive (after every read) and once at the end, with
	// the bytes read so far and the bytes expected (Content-Length, capped,
	// when the body is not content-encoded) or -1 when unknown.
	Progress func(done, total int64)
	// Body, when set, follows the final response's body while it arrives
	// (see BodyObserver).
	Body BodyObserver
}

func (o Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return DefaultTimeout
}

func (f *Fetcher) connectTimeout() time.Duration {
	return orDefault(f.ConnectTimeout, DefaultConnectTimeout)
}

func (f *Fetcher) tlsTimeout() time.Duration { return orDefault(f.TLSTimeout, DefaultTLSTimeout) }

func (f *Fetcher) firstByteTimeout() time.Duration {
	return orDefault(f.FirstByteTimeout, DefaultFirstByteTimeout)
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
