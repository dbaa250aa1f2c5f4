package render

import (
	"context"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"sync"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// privateReason is why a request to a private address was not fetched.
func privateReason() string { return i18n.T("render.private") }

// errPrivate is the dial error of a connection refused by reach.
var errPrivate error = privateError{}

// privateError says in the language in use that the address is private.
type privateError struct{}

func (privateError) Error() string { return i18n.T("render.err-private") }

// reach decides which hosts a render may request: Google's renderer runs
// on Google's network, so it reaches no private, loopback or link-local
// address of the consultant's. A page that is itself on such an address
// (a local server, the demo) may request its own host. Addresses are
// judged after the name is resolved, so a public name that resolves to
// 127.0.0.1 counts as private.
type reach struct {
	resolver Resolver
	public   []netip.Prefix
	// ownHost is the page's host name when the page is on a private
	// address, "" when it is on a public one.
	ownHost string

	mu      sync.Mutex
	verdict map[string]bool // host -> private, for the request table
}

// newReach judges the page's own host. A local file counts as public: it
// is a copy of a page from anywhere.
func newReach(ctx context.Context, opt Options, pageURL string, local bool) *reach {
	r := &reach{resolver: opt.Resolver, public: opt.Public, verdict: map[string]bool{}}
	if r.resolver == nil {
		r.resolver = net.DefaultResolver
	}
	if u, err := url.Parse(pageURL); err == nil && !local {
		if addrs, err := r.lookup(ctx, u.Hostname()); err == nil && r.anyPrivate(addrs) {
			r.ownHost = u.Hostname()
		}
	}
	return r
}

// nonPublic are ranges beyond netip's classes that reach this machine or
// its networks rather than the internet: "this network" (0.0.0.0 reaches
// localhost on Linux), carrier-grade NAT (often a VPN), and the
// benchmarking range.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("198.18.0.0/15"),
}

// private reports whether a is an address Google's renderer cannot reach.
func (r *reach) private(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range r.public {
		if p.Contains(a) {
			return false
		}
	}
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return true
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func (r *reach) anyPrivate(addrs []netip.Addr) bool {
	for _, a := range addrs {
		if r.private(a) {
			return true
		}
	}
	return false
}

// lookup returns host's addresses: the address itself for an IP literal.
func (r *reach) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{a}, nil
	}
	addrs, err := r.resolver.LookupNetIP(ctx, "ip", host)
	if err == nil && len(addrs) == 0 {
		err = &net.DNSError{Err: "no address", Name: host, IsNotFound: true}
	}
	return addrs, err
}

// refused says whether a request for rawURL is refused for its address:
// privateReason, or "" when it may go (a name that does not resolve goes,
// and fails in the fetch as this machine's failure).
func (r *reach) refused(ctx context.Context, rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	if r.ownHost != "" && strings.EqualFold(host, r.ownHost) {
		return ""
	}
	r.mu.Lock()
	private, known := r.verdict[host]
	r.mu.Unlock()
	if !known {
		addrs, err := r.lookup(ctx, host)
		if err != nil {
			return ""
		}
		private = r.anyPrivate(addrs)
		r.mu.Lock()
		r.verdict[host] = private
		r.mu.Unlock()
	}
	if private {
		return privateReason()
	}
	return ""
}

// fetcher returns a copy of f whose connections go only where the render
// may reach: each dial resolves the name itself, checks every address and
// connects to an address it checked, so that a name resolving to another
// address at fetch time (DNS rebinding) cannot slip past the check made
// for the request table.
func (r *reach) fetcher(f *fetch.Fetcher) *fetch.Fetcher {
	g := &fetch.Fetcher{}
	if f != nil {
		*g = *f
	}
	dial := g.Dial
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	g.Dial = func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		addrs, err := r.lookup(ctx, host)
		if err != nil {
			return nil, err
		}
		own := r.ownHost != "" && strings.EqualFold(host, r.ownHost)
		if !own && r.anyPrivate(addrs) {
			return nil, errPrivate
		}
		var last error
		for _, a := range addrs {
			conn, err := dial(ctx, network, net.JoinHostPort(a.String(), port))
			if err == nil {
				return conn, nil
			}
			last = err
		}
		return nil, last
	}
	return g
}
