package site

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// entry is a URL as an input lists it, before de-duplication.
type entry struct {
	raw string
}

// source lists the URLs of a list or a sitemap on a channel, from its own
// goroutine, so that a 50,000-URL sitemap is handed on as the run can take
// it rather than held twice.
type source struct {
	ch chan entry
	// known counts the URLs listed so far (a sitemap's when it is parsed),
	// taken those the run has received: known - taken are waiting.
	known atomic.Int64
	taken int

	mu        sync.Mutex
	notes     []string
	moreNotes int   // notes past maxNotes, counted rather than kept
	err       error // a sentence when the input yields no URL at all
}

// maxNotes is how many notes about the input a run keeps word for word; the
// rest are counted. An index whose 3,000 entries each list the 3,000 again
// gives six million notes, most alike.
const maxNotes = 20

func (s *source) note(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.notes) >= maxNotes {
		s.moreNotes++
		return
	}
	s.notes = append(s.notes, msg)
}

func (s *source) result() ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	notes := append([]string(nil), s.notes...)
	if s.moreNotes > 0 {
		notes = append(notes, i18n.T("site.more-notes", "Count", s.moreNotes))
	}
	return notes, s.err
}

// startSource starts listing in's URLs; a crawl has no source (nil).
func (r *run) startSource(ctx context.Context) *source {
	if r.in.Crawl != "" {
		return nil
	}
	s := &source{ch: make(chan entry)}
	send := func(raw string) bool {
		select {
		case s.ch <- entry{raw}:
			return true
		case <-ctx.Done():
			return false
		}
	}
	go func() {
		defer close(s.ch)
		if r.in.Sitemap == "" {
			s.known.Store(int64(len(r.in.URLs)))
			for _, u := range r.in.URLs {
				if !send(u) {
					return
				}
			}
			return
		}
		w := &sitemapWalker{fetcher: r.cfg.Fetcher, profile: r.cfg.Profile, opt: r.cfg.Fetch,
			robots: r.robots, visited: map[string]bool{}, notes: s.note, listed: func(n int) { s.known.Add(int64(n)) }}
		err := w.walk(ctx, r.in.Sitemap, func(loc, _ string) bool { return send(loc) })
		if err != nil && ctx.Err() == nil {
			s.mu.Lock()
			s.err = err
			s.mu.Unlock()
		}
	}()
	return s
}

// checkInput says in a sentence what is wrong with in.
func checkInput(in *Input) error {
	n := 0
	for _, set := range []bool{in.URLs != nil, in.Sitemap != "", in.Crawl != ""} {
		if set {
			n++
		}
	}
	switch {
	case n != 1:
		return errors.New(i18n.T("site.input-not-one"))
	case in.URLs != nil && len(in.URLs) == 0:
		return errors.New(i18n.T("site.input-list-empty"))
	case in.Crawl != "":
		if _, err := Normalise(in.Crawl); err != nil {
			return errors.New(i18n.T("site.input-start-not-http", "URL", strconv.Quote(in.Crawl)))
		}
	}
	return nil
}
