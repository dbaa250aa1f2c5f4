package whatif

import (
	"bytes"
	"sync"

	"golang.org/x/net/html"
)

// Recorder finds the movable elements of a page from the tokens of the
// page's own pass (it is a scan.Visitor: see scan.Stream.Visit and
// scan.RunVisiting), so that advice reads the body once. It lists the
// elements Find lists that end within its scope.
//
// The pass only logs where each token starts and what type it is, one
// word a token, which costs it little; the elements are read from that
// log (the finder Find runs, over the pass's tokens). A body that may need
// advice (one of unknown size, or that the scope nearly holds) is read
// from the log on a goroutine of the recorder's own while the pass goes
// on, on the other core; a longer one only when Advise asks for its
// elements, which it seldom does: a page that long mostly loses elements
// that end too far to be brought back.
type Recorder struct {
	scope int64
	limit int64 // scope + findMargin: tokens from there on are not logged

	// Written by the pass only.
	cur     []uint64 // the log's chunk being filled
	next    int64    // where the token after the last logged one starts
	stopped bool     // a token at or past limit was seen: the log is done
	body    []byte   // the body as read so far, when read aside

	mu    sync.Mutex
	queue []logChunk // chunks handed over and not read yet
	spare [][]uint64 // aside: chunks read, for the pass to fill again
	ended bool       // End was called: queue holds the whole log
	size  int64      // the body's size once the pass ended, else -1

	aside bool          // a goroutine reads the log while the pass goes on
	wake  chan struct{} // aside: the queue grew or the pass ended
	done  chan struct{} // aside: closed once every element is found
	once  sync.Once     // not aside: the log is read once, when asked

	// Written by the log's reader only.
	f       finder
	els     []Element // once the log is read: the elements in scope (elements)
	rank    []int     // indexes of els by saving (bySaving)
	maxEnd  int64     // the furthest end of els
	pending uint64    // the latest entry read: its end is the next entry's start
	started bool      // pending holds an entry
}

// logChunk is a run of log entries handed from the pass to the reader,
// with the body as read then (nil when it is read at the end).
type logChunk struct {
	entries []uint64
	body    []byte
}

// chunkLen is how many entries the pass logs before handing them over.
const chunkLen = 4096

// A log entry is a token's start offset shifted left by entryShift,
// or'ed with its type; skipped marks bytes that are no token the finder
// reads (a CDATA section, a tag the end of the body cuts), and ends the
// log.
const (
	entryShift = 3
	skipped    = uint64(html.ErrorToken)
)

// NewRecorder returns a recorder of the elements that end within the
// body's first scope bytes (Scope of the window Advise will be given, or
// more).
func NewRecorder(scope int64) *Recorder {
	return &Recorder{scope: scope, limit: scope + findMargin, size: -1, cur: make([]uint64, 0, chunkLen)}
}

// cdataOpen starts a CDATA section, which the pass reads as text in
// foreign content where Find's tokenizer reads a bogus comment.
var cdataOpen = []byte("<![CDATA[")

// Start is told, before the first token, the body's expected size (0
// when it is not known) and whether the cutoff may cut it (scan.Visitor).
// It decides whether the log is read while the pass goes on: only for a
// body the advice may need (one that may be cut) and small enough to read
// whole; otherwise it is read, if ever, when the advice asks.
func (r *Recorder) Start(expected int64, mayCut bool) {
	if !mayCut || expected > r.limit {
		return
	}
	r.aside = true
	r.wake, r.done = make(chan struct{}, 1), make(chan struct{})
	go r.readAside()
}

// Token logs one token of the pass (scan.Visitor).
func (r *Recorder) Token(tt html.TokenType, body []byte, off int64, raw []byte) {
	if r.stopped {
		return
	}
	if r.aside && len(body) > len(r.body) {
		r.body = body // only as it grows: storing a pointer costs the collector
	}
	if off >= r.limit {
		r.mark(r.next, skipped)
		r.stopped = true
		return
	}
	if off != r.next {
		r.mark(r.next, skipped)
	}
	typ := uint64(tt)
	if tt == html.TextToken && bytes.HasPrefix(raw, cdataOpen) {
		typ = skipped
	}
	r.mark(off, typ)
	r.next = off + int64(len(raw))
}

// mark logs an entry, handing the chunk over when it is full.
func (r *Recorder) mark(off int64, typ uint64) {
	r.cur = append(r.cur, uint64(off)<<entryShift|typ)
	if len(r.cur) == chunkLen {
		r.handOver(false, 0)
	}
}

// handOver gives the reader the chunk filled so far, and ends the log
// when end is true, for a body of size bytes.
func (r *Recorder) handOver(end bool, size int64) {
	c := logChunk{entries: r.cur}
	if r.aside {
		c.body = r.body
	}
	r.cur = nil
	r.mu.Lock()
	r.queue = append(r.queue, c)
	if end {
		r.ended, r.size = true, size
	} else if n := len(r.spare); n > 0 {
		r.cur, r.spare = r.spare[n-1][:0], r.spare[:n-1]
	}
	r.mu.Unlock()
	if !end && r.cur == nil {
		r.cur = make([]uint64, 0, chunkLen)
	}
	if r.aside {
		select {
		case r.wake <- struct{}{}:
		default:
		}
	}
}

// End ends the pass over a body of size bytes (scan.Visitor).
func (r *Recorder) End(size int64) {
	if !r.stopped {
		r.mark(r.next, skipped)
		r.stopped = true
	}
	r.handOver(true, size)
	r.body = nil
}

// readAside reads the log as the pass hands it over, until it ends.
func (r *Recorder) readAside() {
	defer close(r.done)
	for {
		r.mu.Lock()
		for len(r.queue) == 0 && !r.ended {
			r.mu.Unlock()
			<-r.wake
			r.mu.Lock()
		}
		q, ended, size := r.queue, r.ended, r.size
		r.queue = nil
		r.mu.Unlock()
		for _, c := range q {
			r.read(c.entries, c.body)
		}
		r.mu.Lock()
		for _, c := range q {
			r.spare = append(r.spare, c.entries)
		}
		r.mu.Unlock()
		if ended {
			r.finish(size)
			return
		}
	}
}

// read finds the elements of the logged tokens in entries, whose bytes
// body holds.
func (r *Recorder) read(entries []uint64, body []byte) {
	r.f.body = body
	for _, e := range entries {
		if r.started && r.pending&(1<<entryShift-1) != skipped {
			off := int64(r.pending >> entryShift)
			r.f.token(html.TokenType(r.pending&(1<<entryShift-1)), off, int64(e>>entryShift)-off)
		}
		r.pending, r.started = e, true
	}
}

// finish closes what the body's end closes, lists the elements in scope
// and ranks them by saving, as Advise does: read aside, Advise is then
// left little to do.
func (r *Recorder) finish(size int64) {
	r.f.endRaw(size)
	r.els = r.f.elements(r.scope)
	r.f.found = nil
	r.rank = bySaving(r.els)
	for _, e := range r.els {
		r.maxEnd = max(r.maxEnd, e.Move.End)
	}
}

// found returns the elements recorded from body, whole, that end within
// its first scope bytes (as FindWithin lists them), their indexes by
// saving (as bySaving orders them) and the neutral moves; ok is false when
// the recorder did not read such a body (nil, or its pass did not end, or
// read another body or less).
func (r *Recorder) found(body []byte, scope int64) (els []Element, order []int, neutral map[Move]bool, ok bool) {
	if r == nil {
		return nil, nil, nil, false
	}
	r.mu.Lock()
	ended, size := r.ended, r.size
	r.mu.Unlock()
	if !ended || size != int64(len(body)) || scope > r.scope {
		return nil, nil, nil, false
	}
	if r.aside {
		<-r.done
	} else {
		r.once.Do(func() {
			r.mu.Lock()
			q := r.queue
			r.queue = nil
			r.mu.Unlock()
			for _, c := range q {
				r.read(c.entries, body)
			}
			r.finish(size)
		})
	}
	els, order = r.inScope(scope)
	return els, order, r.f.neutral, true
}

// inScope returns the elements found that end within the first scope
// bytes, in document order, their parents linked, and their indexes by
// saving: the recorder's own lists (read only) when they all do. Dropping
// elements keeps both orders.
func (r *Recorder) inScope(scope int64) (els []Element, order []int) {
	if r.maxEnd <= scope {
		return r.els, r.rank
	}
	at := make([]int, len(r.els)) // each element's index in els, -1 when dropped
	els = make([]Element, 0, len(r.els))
	for i, e := range r.els {
		at[i] = -1
		if e.Move.End <= scope {
			at[i] = len(els)
			els = append(els, e)
		}
	}
	linkParents(els)
	order = make([]int, 0, len(els))
	for _, i := range r.rank {
		if at[i] >= 0 {
			order = append(order, at[i])
		}
	}
	return els, order
}
