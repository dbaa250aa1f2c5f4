package scan

import (
	"net/url"
	"sync"
	"sync/atomic"

	"github.com/cutoffapp/cutoff/fetch"
)

// The page's tokenizer pass can run while the body downloads: the fetcher
// tells a Stream of every read (fetch.BodyObserver), and the pass
// reads the body as far as it has arrived, waiting where it must look
// further. The pass makes the same decisions as over the whole body: a
// token is read by the tokenizer or stepped over by the pass only on bytes
// that have arrived, and both ways give the same result (the fuzzers check
// it); where a decision depends on how the body ends (raw text that runs
// to the end, whether the body passes the cutoff), the pass waits for the
// bytes that decide it. The download's wall time then overlaps the
// analysis instead of adding to it.

// Stream is the body of the final response while it arrives.
type Stream struct {
	profile fetch.Profile

	cur     atomic.Pointer[[]byte] // the body so far
	mu      sync.Mutex
	arrived sync.Cond   // signalled under mu when cur grows or the body ends
	ended   bool        // End was called, or the inspection gave up
	waitAt  int64       // the longest body the pass has waited for
	stopped atomic.Bool // the inspection gave up: the pass reads no further

	started chan struct{} // closed when the pass starts
	done    chan struct{} // closed when the pass ends
	pass    *pass         // the full pass, once done is closed
	head    fetch.BodyHead
	links   bool // the pass records anchors (NewStream's anchors)
	visit   Visitor
}

// NewStream returns a stream whose pass reads as the crawler profile p,
// recording the page's anchors when anchors is true (see Anchors).
func NewStream(p fetch.Profile, anchors bool) *Stream {
	s := &Stream{profile: p, links: anchors, started: make(chan struct{}), done: make(chan struct{})}
	s.arrived.L = &s.mu
	return s
}

// RecordsAnchors reports whether the stream's pass records anchors; false
// for a nil stream.
func (s *Stream) RecordsAnchors() bool { return s != nil && s.links }

// Visit makes the stream's pass tell v of every token (see Visitor); it
// must be called before Begin.
func (s *Stream) Visit(v Visitor) { s.visit = v }

// Visitor is the visitor given to Visit; nil for a nil stream or when
// none was.
func (s *Stream) Visitor() Visitor {
	if s == nil {
		return nil
	}
	return s.visit
}

// Begin starts the full pass on its own goroutine.
func (s *Stream) Begin(head fetch.BodyHead, body []byte) {
	s.head = head
	s.publish(body)
	close(s.started)
	go s.run()
}

// Grow publishes the body read so far.
func (s *Stream) Grow(body []byte) { s.publish(body) }

// End publishes the whole body read and lets the pass reach its end.
func (s *Stream) End(body []byte) {
	s.mu.Lock()
	s.cur.Store(&body)
	s.ended = true
	s.arrived.Broadcast()
	s.mu.Unlock()
}

func (s *Stream) publish(body []byte) {
	s.mu.Lock()
	s.cur.Store(&body)
	s.arrived.Broadcast()
	s.mu.Unlock()
}

// run is the full pass over the arriving body.
func (s *Stream) run() {
	defer close(s.done)
	u, _ := url.Parse(s.head.FinalURL) // nil when unparsable, as in NewInput
	p := newPass(s.snapshot(), true, s.head.CutoffAt, LowerAll(s.profile.RobotsTokens), newLinkResolver(u))
	p.src, p.keepAnchors, p.visit = s, s.links, s.visit
	if s.visit != nil {
		s.visit.Start(s.head.Expected, mayCut(s.head.Expected, s.head.CutoffAt))
	}
	p.run()
	s.pass = p
}

// snapshot returns the body as far as it has arrived, without waiting.
func (s *Stream) snapshot() []byte { return *s.cur.Load() }

// waitLen returns the body once it holds at least n bytes, or once it
// has ended shorter; ended says whether it is all of the body.
func (s *Stream) waitLen(n int64) (body []byte, ended bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for int64(len(*s.cur.Load())) < n && !s.ended {
		s.waitAt = max(s.waitAt, n)
		s.arrived.Wait()
	}
	return *s.cur.Load(), s.ended
}

// waitingAt is the longest body the pass has waited for so far.
func (s *Stream) waitingAt() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waitAt
}

// after returns the bytes from body offset at on, waiting until there is
// at least one or the body has ended; none once the pass is stopped.
func (s *Stream) after(at int64) []byte {
	body, _ := s.waitLen(at + 1)
	if s.stopped.Load() {
		return nil
	}
	return body[at:]
}

// Stop ends the pass early (the inspection failed or was cancelled): it
// sees the body end where it is, and its result is not used.
func (s *Stream) Stop() {
	s.stopped.Store(true)
	s.mu.Lock()
	s.ended = true
	s.arrived.Broadcast()
	s.mu.Unlock()
}

// finished waits for the pass, if the body began, and returns it; nil when
// the fetch never reached the final response's body.
func (s *Stream) finished() *pass {
	select {
	case <-s.started:
		<-s.done
		return s.pass
	default:
		return nil
	}
}

// Wait waits for the pass to end, if the body began: after Stop, so that
// no pass outlives its inspection.
func (s *Stream) Wait() { s.finished() }

// ResultFor returns what the stream's pass found when it read exactly body
// with cutoff (-1 when nothing is cut), as the analysis prepares them, and
// recorded anchors when anchors asks for them (NewStream's), or
// nil, also for a nil stream: a body that ended where the fetch's
// accounting differs from the stream's view (a capped read, say) is read
// again from the whole body.
func (s *Stream) ResultFor(body []byte, cutoff int64, anchors bool) *Result {
	if s == nil {
		return nil
	}
	p := s.finished()
	if p == nil || s.stopped.Load() || len(p.body) != len(body) || p.cutoff != cutoff || p.keepAnchors != anchors {
		return nil
	}
	return p.result()
}
