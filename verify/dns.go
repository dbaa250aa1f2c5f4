package verify

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Resolver answers the two DNS questions verification asks. *net.Resolver
// satisfies it; tests pass a fake. Implementations must be safe for
// concurrent use.
type Resolver interface {
	// LookupAddr returns the PTR names of an address (reverse DNS).
	LookupAddr(ctx context.Context, addr string) ([]string, error)
	// LookupHost returns the addresses of a host name (forward DNS).
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// Defaults for a Verifier's zero fields.
const (
	// DefaultTimeout bounds one DNS lookup. Crawler PTR records answer in
	// milliseconds; a lookup still waiting after 3 s will not help a
	// consultant reading a log.
	DefaultTimeout = 3 * time.Second
	// DefaultConcurrency is how many DNS lookups run at once.
	DefaultConcurrency = 16
)

// The breaker stops a run from asking DNS once it is clearly unreachable:
// without it a log with thousands of addresses on a machine without network
// would take thousands of timeouts. It trips after breakerThreshold failed
// lookups in a row (timeouts, refusals, no network) while DNS has not
// answered once in the run, or after breakerHardThreshold in a row when it
// has: spoofers' networks often have broken reverse zones, and a few of
// them in a row must not silence a working resolver.
const (
	breakerThreshold     = 8
	breakerHardThreshold = 64
)

var errDNSUnreachable error = message("verify.err-dns-unreachable")

// lookupStatus classifies a DNS answer.
type lookupStatus int

const (
	lookupOK        lookupStatus = iota // answers given
	lookupNotFound                      // NXDOMAIN or no record: DNS answered "none"
	lookupFailed                        // timeout, refusal, no network: no answer
	lookupCancelled                     // the caller gave up
	lookupSkipped                       // not asked (Verifier.TrustRanges)
)

// lookupResult is one lookup's outcome.
type lookupResult struct {
	answers []string
	status  lookupStatus
	err     error // why a failed or cancelled lookup gave no answer
}

type cacheKey struct {
	reverse bool
	query   string
}

type cacheEntry struct {
	done chan struct{} // closed once res is set
	res  lookupResult
}

// dnsRun is the DNS state of one verification run: a cache, so each
// question is asked once; a semaphore bounding concurrent lookups; and the
// breaker that stops asking once DNS is clearly unreachable.
type dnsRun struct {
	resolver Resolver
	timeout  time.Duration
	sem      chan struct{}

	mu       sync.Mutex
	cache    map[cacheKey]*cacheEntry
	failures int  // consecutive failed lookups
	answered bool // DNS answered at least once in this run
	found    int  // lookups answered with names or addresses
	notFound int  // lookups answered "no such name"
	tripped  bool // DNS is unreachable; answer without asking
}

func newDNSRun(r Resolver, timeout time.Duration, concurrency int) *dnsRun {
	return &dnsRun{
		resolver: r,
		timeout:  timeout,
		sem:      make(chan struct{}, concurrency),
		cache:    make(map[cacheKey]*cacheEntry),
	}
}

// lookup answers a reverse (PTR) or forward (A/AAAA) question, from the
// cache when it was asked before in this run.
func (d *dnsRun) lookup(ctx context.Context, reverse bool, query string) lookupResult {
	key := cacheKey{reverse, query}
	d.mu.Lock()
	if e, ok := d.cache[key]; ok {
		d.mu.Unlock()
		select {
		case <-e.done:
			return e.res
		case <-ctx.Done():
			return lookupResult{status: lookupCancelled, err: ctx.Err()}
		}
	}
	e := &cacheEntry{done: make(chan struct{})}
	d.cache[key] = e
	d.mu.Unlock()
	e.res = d.ask(ctx, reverse, query)
	close(e.done)
	return e.res
}

// ask performs one lookup under the semaphore and the timeout.
func (d *dnsRun) ask(ctx context.Context, reverse bool, query string) lookupResult {
	if d.isTripped() {
		return lookupResult{status: lookupFailed, err: errDNSUnreachable}
	}
	select {
	case d.sem <- struct{}{}:
	case <-ctx.Done():
		return lookupResult{status: lookupCancelled, err: ctx.Err()}
	}
	defer func() { <-d.sem }()
	if d.isTripped() { // it may have tripped while this lookup waited
		return lookupResult{status: lookupFailed, err: errDNSUnreachable}
	}
	lctx, cancel := context.WithTimeout(ctx, d.timeout)
	defer cancel()
	answers, err := d.call(lctx, reverse, query)
	res := d.classify(ctx, answers, err)
	d.record(res.status)
	return res
}

// call runs the resolver in its own goroutine so that a resolver that
// ignores its context cannot hold the run past the timeout.
func (d *dnsRun) call(ctx context.Context, reverse bool, query string) ([]string, error) {
	type reply struct {
		answers []string
		err     error
	}
	ch := make(chan reply, 1)
	go func() {
		var r reply
		if reverse {
			r.answers, r.err = d.resolver.LookupAddr(ctx, query)
		} else {
			r.answers, r.err = d.resolver.LookupHost(ctx, query)
		}
		ch <- r
	}()
	select {
	case r := <-ch:
		return r.answers, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// classify turns a resolver reply into a status. parent is the caller's
// context: its end means "cancelled", while the lookup's own deadline means
// "timed out".
func (d *dnsRun) classify(parent context.Context, answers []string, err error) lookupResult {
	if err == nil {
		if len(answers) == 0 {
			return lookupResult{status: lookupNotFound}
		}
		return lookupResult{answers: answers, status: lookupOK}
	}
	if parent.Err() != nil {
		return lookupResult{status: lookupCancelled, err: parent.Err()}
	}
	var de *net.DNSError
	if errors.As(err, &de) && de.IsNotFound {
		return lookupResult{status: lookupNotFound}
	}
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &de) && de.IsTimeout) {
		return lookupResult{status: lookupFailed, err: errors.New(i18n.T("verify.err-timeout", "Duration", d.timeout.String()))}
	}
	return lookupResult{status: lookupFailed, err: err}
}

// record feeds the breaker: any answer (even "none") proves DNS works.
func (d *dnsRun) record(s lookupStatus) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch s {
	case lookupOK, lookupNotFound:
		d.failures = 0
		d.answered = true
		if s == lookupOK {
			d.found++
		} else {
			d.notFound++
		}
	case lookupFailed:
		d.failures++
		limit := breakerThreshold
		if d.answered {
			limit = breakerHardThreshold
		}
		if d.failures >= limit {
			d.tripped = true
		}
	}
}

func (d *dnsRun) isTripped() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tripped
}
