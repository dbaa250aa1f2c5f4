package render

import (
	"context"
	"net/netip"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
)

// Defaults of Options.
const (
	DefaultTimeout     = 30 * time.Second // each render
	DefaultMaxRequests = 200              // requests answered per render
	DefaultMaxBytes    = 64 << 20         // body bytes served per render, 64 MiB
)

// Options bound and adjust a render job. Zero values mean the defaults.
type Options struct {
	// Browser is the browser binary; "" finds one (see FindBrowser).
	Browser string
	// Timeout bounds each of the two renders, browser start excluded.
	Timeout time.Duration
	// MaxRequests is how many requests a render answers; the others fail.
	MaxRequests int
	// MaxBytes is how many body bytes a render serves in all.
	MaxBytes int64
	// Fetch adjusts every fetch the renders make.
	Fetch fetch.Options
	// Screenshots, when false, skips the screenshots.
	NoScreenshots bool
	// Resolver looks up the addresses of the hosts the renders request;
	// nil means the machine's resolver. Tests give names of their own.
	Resolver Resolver
	// Public lists addresses that count as public although they are
	// private or loopback ones: tests serve "public" pages on loopback.
	// Empty in the product.
	Public []netip.Prefix
	// Phase, when set, is called with a short phrase as the job moves on:
	// "starting the browser", "rendering the kept bytes", ...
	Phase func(phase string)
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxRequests <= 0 {
		o.MaxRequests = DefaultMaxRequests
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.Phase == nil {
		o.Phase = func(string) {}
	}
	return o
}

// Resolver looks up a host name's addresses; *net.Resolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}
