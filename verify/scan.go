package verify

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/netip"
	"slices"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// MaxLogLineBytes is the longest log line ScanLog reads, in bytes; longer
// lines are skipped and counted as junk. Real access log lines are a few
// hundred bytes; this keeps a corrupt or binary file from growing the buffer.
const MaxLogLineBytes = 64 << 10

// DefaultMaxLogIPs is how many distinct (address, claimed crawler) pairs
// ScanLog tracks unless Verifier.MaxLogIPs says otherwise; requests from
// further pairs are counted in LogSummary.UntrackedLines. At about 100 bytes
// a pair it bounds the scan's memory to some 20 MB whatever the log's size.
const DefaultMaxLogIPs = 200_000

// LogSummary is the outcome of ScanLog, shaped for `cutoff verify --log
// --json`: the per-address results plus counts.
type LogSummary struct {
	Bytes          int64 `json:"bytes"`           // bytes read
	Lines          int64 `json:"lines"`           // lines read, junk included
	JunkLines      int64 `json:"junk_lines"`      // lines not in common or combined log format
	LongLines      int64 `json:"long_lines"`      // junk lines longer than MaxLogLineBytes
	CrawlerLines   int64 `json:"crawler_lines"`   // lines whose user agent claims a known crawler
	UntrackedLines int64 `json:"untracked_lines"` // crawler lines past the MaxLogIPs bound, not verified
	// Crawlers summarises each claimed crawler, most requests first.
	Crawlers []CrawlerSummary `json:"crawlers"`
	// Results holds one verification per distinct (address, claim) pair,
	// grouped by claim, most requests first.
	Results []Result `json:"results"`
	// RangeFiles, when the caller sets it, lists the range files used.
	RangeFiles []FileStatus `json:"range_files,omitempty"`
	// DNSBroken is true when DNS answered "no such name" to every
	// question, even for an address Google documents with a name: no
	// verdict then rests on DNS (see Verifier.VerifyAll).
	DNSBroken bool `json:"dns_broken,omitempty"`
}

// CrawlerSummary counts the requests claiming one crawler.
type CrawlerSummary struct {
	Claimed  string `json:"claimed"`
	Requests int64  `json:"requests"`
	IPs      int    `json:"ips"`      // distinct addresses
	Verified int    `json:"verified"` // addresses verified
	Fake     int    `json:"fake"`     // addresses found fake
	Unknown  int    `json:"unknown"`  // addresses left unknown
	// Unverifiable counts addresses claiming a crawler whose operator
	// publishes nothing to check them against (Anthropic's).
	Unverifiable int       `json:"unverifiable"`
	FakeRequests int64     `json:"fake_requests"`
	FakeIPs      []IPCount `json:"fake_ips"` // most requests first
}

// IPCount is an address and its number of requests.
type IPCount struct {
	IP       string `json:"ip"`
	Requests int64  `json:"requests"`
}

// logKey identifies one (address, claim) pair; claims point into the
// package's claim tables, so the key holds no string.
type logKey struct {
	addr  netip.Addr
	claim *claimDef
}

// ScanLog reads an access log in common or combined log format from r,
// verifies every distinct address whose user agent claims a known crawler
// (each pair once, DNS shared) and summarises per claimed crawler. It
// streams: memory stays bounded (lines over MaxLogLineBytes are skipped,
// at most Verifier.MaxLogIPs pairs are tracked) whatever the log's size.
//
// progress, if not nil, is called in two phases: while reading, done and
// total are bytes (total is -1 when r's size is unknown); while verifying,
// they count address pairs. It is called from one goroutine at a time.
// When ctx ends while reading, ScanLog returns ctx's error; while
// verifying, it returns the summary with ctx's error, the pairs not checked
// left Unknown unless a published range decides them.
func ScanLog(ctx context.Context, r io.Reader, v *Verifier, progress func(done, total int64)) (*LogSummary, error) {
	if v == nil {
		v = &Verifier{}
	}
	sc := &logScanner{counts: make(map[logKey]int64), maxPairs: v.maxLogIPs()}
	if err := sc.read(ctx, r, progress); err != nil {
		return nil, err
	}
	keys := sc.sortedKeys()
	claims := make([]Claim, len(keys))
	for i, k := range keys {
		claims[i] = Claim{IP: k.addr.String(), Claimed: k.claim.name}
	}
	results, broken := v.verifyAll(ctx, claims, progress)
	sc.sum.DNSBroken = broken
	for i, k := range keys {
		results[i].Requests = sc.counts[k]
	}
	sc.sum.Results = results
	sc.sum.Crawlers = summarise(results)
	return &sc.sum, ctx.Err()
}

func (v *Verifier) maxLogIPs() int {
	if v.MaxLogIPs <= 0 {
		return DefaultMaxLogIPs
	}
	return v.MaxLogIPs
}

// logScanner holds the reading state.
type logScanner struct {
	sum      LogSummary
	counts   map[logKey]int64
	maxPairs int
	lower    []byte // reused buffer for the lower-cased user agent
}

// ctxCheckLines is how often, in lines, reading checks for cancellation.
const ctxCheckLines = 4096

func (sc *logScanner) read(ctx context.Context, r io.Reader, progress func(done, total int64)) error {
	br := bufio.NewReaderSize(r, MaxLogLineBytes)
	rep := newProgress(progress, readerSize(r))
	for n := 0; ; n++ {
		if n%ctxCheckLines == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			rep.set(sc.sum.Bytes)
		}
		line, err := br.ReadSlice('\n')
		sc.sum.Bytes += int64(len(line))
		if errors.Is(err, bufio.ErrBufferFull) {
			sc.sum.Lines++
			sc.sum.JunkLines++
			sc.sum.LongLines++
			err = sc.skipRest(ctx, br)
		} else if len(line) > 0 {
			sc.line(line)
		}
		if errors.Is(err, io.EOF) {
			rep.set(sc.sum.Bytes)
			rep.finish()
			return nil
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if err != nil {
			return fmt.Errorf("%s: %w", i18n.T("verify.err-reading-log"), err)
		}
	}
}

// skipRest discards the remainder of an over-long line. A line may never
// end (a stream with no newline), so it watches ctx too.
func (sc *logScanner) skipRest(ctx context.Context, br *bufio.Reader) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		rest, err := br.ReadSlice('\n')
		sc.sum.Bytes += int64(len(rest))
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

// line handles one line. It allocates nothing unless the line claims a
// crawler from an IPv6 address or a pair not seen before.
func (sc *logScanner) line(b []byte) {
	sc.sum.Lines++
	ll, ok := parseLogLine(b)
	if !ok {
		sc.sum.JunkLines++
		return
	}
	if len(ll.ua) == 0 {
		return
	}
	sc.lower = appendLower(sc.lower[:0], ll.ua)
	def := claimFromLower(sc.lower)
	if def == nil {
		return
	}
	addr, ok := parseHost(ll.host)
	if !ok {
		sc.sum.JunkLines++
		return
	}
	sc.sum.CrawlerLines++
	k := logKey{addr, def}
	if n, seen := sc.counts[k]; seen || len(sc.counts) < sc.maxPairs {
		sc.counts[k] = n + 1
		return
	}
	sc.sum.UntrackedLines++
}

// sortedKeys orders the pairs by claim name, then requests (most first),
// then address, so that output is stable.
func (sc *logScanner) sortedKeys() []logKey {
	keys := make([]logKey, 0, len(sc.counts))
	for k := range sc.counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b logKey) int {
		return cmp.Or(
			cmp.Compare(a.claim.name, b.claim.name),
			cmp.Compare(sc.counts[b], sc.counts[a]),
			a.addr.Compare(b.addr),
		)
	})
	return keys
}

// summarise groups results by claim.
func summarise(results []Result) []CrawlerSummary {
	var out []CrawlerSummary
	index := map[string]int{}
	for _, r := range results {
		i, ok := index[r.Claimed]
		if !ok {
			i = len(out)
			index[r.Claimed] = i
			out = append(out, CrawlerSummary{Claimed: r.Claimed, FakeIPs: []IPCount{}})
		}
		c := &out[i]
		c.Requests += r.Requests
		c.IPs++
		switch r.Verdict {
		case Verified:
			c.Verified++
		case Fake:
			c.Fake++
			c.FakeRequests += r.Requests
			c.FakeIPs = append(c.FakeIPs, IPCount{IP: r.IP, Requests: r.Requests})
		case Unverifiable:
			c.Unverifiable++
		default:
			c.Unknown++
		}
	}
	slices.SortStableFunc(out, func(a, b CrawlerSummary) int {
		return cmp.Or(cmp.Compare(b.Requests, a.Requests), cmp.Compare(a.Claimed, b.Claimed))
	})
	return out
}

// readerSize returns r's size in bytes when r can tell it, else -1.
func readerSize(r io.Reader) int64 {
	switch x := r.(type) {
	case interface{ Size() int64 }:
		return x.Size()
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := x.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	}
	return -1
}
