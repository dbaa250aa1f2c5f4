package verify

import (
	"context"
)

// canaryIP is the address Google's verification page gives as its example of
// a common crawler: its reverse DNS name is crawl-66-249-66-1.googlebot.com
// (CRAWLERS.md 4.1). A resolver that says it has no name is not answering
// from the real DNS.
const canaryIP = "66.249.66.1"

// errDNSEmpty is the reason given when DNS said "no such name" to
// everything, the canary included.
var errDNSEmpty error = message("verify.err-dns-empty")

// dnsBroken reports whether the run's DNS answers cannot be trusted: no
// lookup got an answer, at least one got "no such name", and the canary
// gets no name either. Offline machines and sandboxed resolvers answer this
// way, and "no reverse DNS name" would then be said of genuine crawlers.
func dnsBroken(ctx context.Context, run *dnsRun) bool {
	if !run.onlyNotFound() || ctx.Err() != nil {
		return false
	}
	return run.lookup(ctx, true, canaryIP).status != lookupOK
}

// distrust turns an empty reverse answer into a failed lookup, so the
// verdict rests on the published ranges alone.
func (ev *dnsEvidence) distrust() {
	if ev.reverse.status == lookupNotFound {
		ev.reverse = lookupResult{status: lookupFailed, err: errDNSEmpty}
	}
}

// onlyNotFound reports whether every answer of the run so far was "no such
// name" (and there was one).
func (d *dnsRun) onlyNotFound() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.notFound > 0 && d.found == 0
}
