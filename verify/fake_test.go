package verify

import (
	"context"
	"net"
	"sync/atomic"
)

// fakeResolver answers from maps, like a DNS server with fixed zones.
// Queries missing from both maps get NXDOMAIN.
type fakeResolver struct {
	ptr  map[string][]string // address → PTR names
	host map[string][]string // name → addresses
	// fail makes a query return this error instead.
	fail map[string]error
	// block makes a query wait until its context ends (a DNS server that
	// never answers); blockAll does it for every query.
	block    map[string]bool
	blockAll bool
	// hang, when set, makes every query ignore its context and wait for
	// the channel to close (a broken resolver).
	hang  chan struct{}
	calls atomic.Int64
}

func (f *fakeResolver) LookupAddr(ctx context.Context, addr string) ([]string, error) {
	return f.answer(ctx, f.ptr, addr)
}

func (f *fakeResolver) LookupHost(ctx context.Context, host string) ([]string, error) {
	return f.answer(ctx, f.host, host)
}

func (f *fakeResolver) answer(ctx context.Context, zone map[string][]string, q string) ([]string, error) {
	f.calls.Add(1)
	if f.hang != nil {
		<-f.hang
		return nil, &net.DNSError{Err: "server misbehaving", Name: q}
	}
	if f.blockAll || f.block[q] {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if err := f.fail[q]; err != nil {
		return nil, err
	}
	if a, ok := zone[q]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: q, IsNotFound: true}
}

// testZone is the DNS data most tests share. Names follow the operators'
// documented masks; 203.0.113.0/24 and 2001:db8::/32 are documentation
// addresses outside every published range.
func testZone() *fakeResolver {
	return &fakeResolver{
		ptr: map[string][]string{
			"66.249.66.1":  {"crawl-66-249-66-1.googlebot.com."},
			"66.249.90.77": {"rate-limited-proxy-66-249-90-77.google.com."},
			"203.0.113.1":  {"crawl-203-0-113-1.googlebot.com."},     // genuine but outside the ranges
			"203.0.113.5":  {"crawl-66-249-66-1.googlebot.com."},     // spoofed PTR
			"203.0.113.6":  {"crawl-203-0-113-6.googlebot.com."},     // spoofed PTR, no A record
			"203.0.113.7":  {"evil.example.net."},                    // outside the domains
			"203.0.113.8":  {"8.113.0.203.bc.googleusercontent.com"}, // a cloud customer's machine
			"203.0.113.9":  {"203-0-113-9.gae.googleusercontent.com."},
			"203.0.113.11": {"crawl-203-0-113-11.googlebot.com."}, // forward lookup times out
			"203.0.113.12": {"msnbot-203-0-113-12.search.msn.com."},
			"203.0.113.13": {"17-58-101-1.applebot.apple.com."},
			"203.0.113.14": {"spider-203-0-113-14.yandex.com."},
			"203.0.113.15": {"geo-crawl-203-0-113-15.geo.googlebot.com."},
			"2001:db8::1":  {"crawl-2001-db8--1.googlebot.com."},
		},
		host: map[string][]string{
			"crawl-66-249-66-1.googlebot.com":            {"66.249.66.1"},
			"rate-limited-proxy-66-249-90-77.google.com": {"66.249.90.77"},
			"crawl-203-0-113-1.googlebot.com":            {"203.0.113.1"},
			"8.113.0.203.bc.googleusercontent.com":       {"203.0.113.8"},
			"203-0-113-9.gae.googleusercontent.com":      {"203.0.113.9"},
			"msnbot-203-0-113-12.search.msn.com":         {"203.0.113.12"},
			"17-58-101-1.applebot.apple.com":             {"203.0.113.13"},
			"spider-203-0-113-14.yandex.com":             {"203.0.113.14"},
			"geo-crawl-203-0-113-15.geo.googlebot.com":   {"::ffff:203.0.113.15"},
			"crawl-2001-db8--1.googlebot.com":            {"2001:db8::1"},
			"evil.example.net":                           {"203.0.113.7"},
		},
		fail: map[string]error{
			"203.0.113.20": &net.DNSError{Err: "connection refused", Name: "203.0.113.20", IsTemporary: true},
		},
		block: map[string]bool{
			"203.0.113.21":                     true,
			"66.249.66.2":                      true,
			"crawl-203-0-113-11.googlebot.com": true,
		},
	}
}
