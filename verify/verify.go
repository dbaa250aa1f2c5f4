package verify

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Verdict is the outcome of a verification.
type Verdict string

// Verdicts.
const (
	// Verified: a published range holds the address, or its reverse DNS
	// name is in the crawler's domain and resolves back to it.
	Verified Verdict = "verified"
	// Fake: DNS answered and contradicts the claim (a name outside the
	// crawler's domains, no name, or a name that does not resolve back),
	// or the address is Google's while claiming another crawler.
	Fake Verdict = "fake"
	// Unknown: DNS could not be reached and no range decides, or the range
	// file that would decide is not loaded.
	Unknown Verdict = "unknown"
	// Unverifiable: the crawler's operator publishes nothing an address
	// can be checked against (no ranges, no DNS names), as Anthropic.
	Unverifiable Verdict = "unverifiable"
	// NotAnAddress: what was given is not an IP address.
	NotAnAddress Verdict = "not-an-address"
)

// Claim is an address to verify and the crawler it claims to be: a claim
// name ("googlebot", "bingbot", see KnownClaims), a whole User-Agent string,
// or "" to accept any crawler Cutoff knows.
type Claim struct {
	IP      string
	Claimed string
}

// Result is the verification of one address, shaped as the JSON of
// `cutoff verify` (CLI.md).
type Result struct {
	IP string `json:"ip"`
	// Claimed is the claim name, normalised ("googlebot"), or what the user
	// typed when Cutoff does not know it.
	Claimed string `json:"claimed"`
	// Family is the crawler operator the evidence points to (FamilyGoogle,
	// ...), or "" when nothing points anywhere.
	Family string     `json:"family"`
	Ranges RangeMatch `json:"ranges"`
	// ReverseDNS lists the PTR names, lower case without the root dot.
	ReverseDNS []string `json:"reverse_dns"`
	// ForwardConfirmed is true when a name in the crawler's domains
	// resolves back to IP.
	ForwardConfirmed bool    `json:"forward_confirmed"`
	Verdict          Verdict `json:"verdict"`
	// Error says why a lookup gave no answer (timeout, no network); it is
	// empty when DNS answered, even with "no such name".
	Error string `json:"error"`
	// Evidence is one or two sentences naming what decided the verdict.
	Evidence string `json:"evidence"`
	// Requests is the number of log lines from IP with this claim (log mode
	// only).
	Requests int64 `json:"requests,omitempty"`
}

// Verifier checks addresses against published ranges and DNS. The zero value
// uses net.DefaultResolver, no ranges, DefaultTimeout and
// DefaultConcurrency. Its methods may be called from any goroutine, also
// concurrently; each call is one run with its own DNS cache.
type Verifier struct {
	Resolver    Resolver      // nil: net.DefaultResolver
	Ranges      *Ranges       // nil: no range check
	Timeout     time.Duration // per DNS lookup; 0: DefaultTimeout
	Concurrency int           // DNS lookups at once; 0: DefaultConcurrency
	// MaxLogIPs bounds the distinct (address, claim) pairs ScanLog tracks,
	// and so its memory; 0: DefaultMaxLogIPs.
	MaxLogIPs int
	// TrustRanges, when true, decides an address inside a published range
	// by the range alone, without DNS: a large log's thousands of genuine
	// Googlebot addresses then cost no lookups, but their results carry no
	// reverse DNS name.
	TrustRanges bool
}

// maxNames bounds the PTR names considered, and maxForward the forward
// lookups made for them: a hostile DNS server may return many.
const (
	maxNames   = 8
	maxForward = 4
)

func (v *Verifier) newRun() *dnsRun {
	var r Resolver = net.DefaultResolver
	if v.Resolver != nil {
		r = v.Resolver
	}
	timeout := v.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return newDNSRun(r, timeout, v.concurrency())
}

func (v *Verifier) concurrency() int {
	if v.Concurrency <= 0 {
		return DefaultConcurrency
	}
	return v.Concurrency
}

// Verify checks one address (IPv4 or IPv6) against the crawler it claims to
// be (see Claim). It blocks for at most a few DNS timeouts.
func (v *Verifier) Verify(ctx context.Context, ip, claimed string) Result {
	return v.VerifyAll(ctx, []Claim{{IP: ip, Claimed: claimed}}, nil)[0]
}

// VerifyAll checks every claim, DNS lookups shared and bounded by
// Concurrency, and returns the results in the order of claims. progress,
// if not nil, is called with the number of claims done and the total, from
// one goroutine at a time, after every claim and once at the end.
// When ctx ends, the claims not yet checked come back Unknown, unless a
// published range decides them without DNS. When DNS answered "no such
// name" to every question of the run, even for an address Google documents
// with a name, no verdict rests on DNS (see dnsBroken).
func (v *Verifier) VerifyAll(ctx context.Context, claims []Claim, progress func(done, total int64)) []Result {
	results, _ := v.verifyAll(ctx, claims, progress)
	return results
}

// verifyAll is VerifyAll, also saying whether DNS was found broken.
func (v *Verifier) verifyAll(ctx context.Context, claims []Claim, progress func(done, total int64)) (results []Result, broken bool) {
	run := v.newRun()
	checks := make([]check, len(claims))
	rep := newProgress(progress, int64(len(claims)))
	next := atomic.Int64{}
	var wg sync.WaitGroup
	for range min(v.concurrency(), len(claims)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(claims) {
					return
				}
				checks[i] = v.gather(ctx, run, claims[i].IP, claims[i].Claimed)
				rep.add(1)
			}
		})
	}
	wg.Wait()
	broken = dnsBroken(ctx, run)
	results = make([]Result, len(claims))
	for i, c := range checks {
		if broken {
			c.ev.distrust()
		}
		if !c.decided {
			decide(&c.res, c.def, c.ev, v.Ranges)
		}
		results[i] = c.res
	}
	rep.finish()
	return results, broken
}

// check is one address's evidence before its verdict: the verdict waits
// until the run knows whether DNS works.
type check struct {
	res     Result
	def     claimDef
	ev      dnsEvidence
	decided bool // the address was not an address: res is final
}

// gather collects one address's range match and DNS evidence inside a run.
func (v *Verifier) gather(ctx context.Context, run *dnsRun, ipText, claimed string) check {
	res := Result{IP: strings.TrimSpace(ipText), Claimed: strings.TrimSpace(claimed), ReverseDNS: []string{}}
	ip, err := parseIP(ipText)
	if err != nil {
		res.Verdict = NotAnAddress
		res.Error = err.Error()
		res.Evidence = i18n.T("verify.evidence-not-an-address", "IP", strconv.Quote(res.IP))
		return check{res: res, decided: true}
	}
	res.IP = ip.String()
	def, known := lookupClaim(claimed)
	if known {
		res.Claimed = def.name
	}
	if m, ok := v.Ranges.Match(ip); ok {
		res.Ranges = m
	}
	ev := dnsEvidence{names: []string{}, reverse: lookupResult{status: lookupSkipped}}
	switch {
	case ctx.Err() != nil:
		ev.reverse = lookupResult{status: lookupCancelled, err: ctx.Err()}
	case proofOf(def) != proofDNS:
		// no DNS names are documented: DNS could prove nothing
	case !v.TrustRanges || !res.Ranges.Matched:
		ev = gatherDNS(ctx, run, ip, def.family)
	}
	res.ReverseDNS = ev.names
	res.ForwardConfirmed = ev.confirmed != ""
	return check{res: res, def: def, ev: ev}
}

// parseIP accepts an address as found in logs and typed by people: spaces,
// brackets around IPv6, a zone, an IPv4-mapped IPv6 form.
func parseIP(s string) (netip.Addr, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	ip, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, errors.New(i18n.T("verify.err-not-an-address", "IP", strconv.Quote(s)))
	}
	return ip.Unmap().WithZone(""), nil
}
