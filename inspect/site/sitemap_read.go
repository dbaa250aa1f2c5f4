package site

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Bounds of a sitemap walk beyond the protocol's own: how deep indexes may
// nest and how many sitemap files one run reads.
const (
	maxSitemapDepth = 4
	maxSitemapFiles = 2000
)

// sitemapWalker reads a sitemap, a sitemap index (nested), or the Sitemap:
// lines of a robots.txt, handing each page URL on as it is read.
type sitemapWalker struct {
	fetcher *fetch.Fetcher
	profile fetch.Profile
	opt     fetch.Options
	robots  *robots.Cache
	visited map[string]bool
	notes   func(string) // says what went wrong with one file, in a sentence
	listed  func(int)    // counts the page URLs of a file as it is parsed
	found   int          // page URLs handed on
}

// walk reads target (a URL or a local file) and calls emit for every page
// URL it lists; emit returns false to stop. The error is a sentence for
// when no page URL at all could be had.
func (w *sitemapWalker) walk(ctx context.Context, target string, emit func(loc, from string) bool) error {
	if isRobotsURL(target) {
		return w.fromRobots(ctx, target, emit)
	}
	first := w.file(ctx, target, 0, emit)
	if w.found == 0 && first != nil {
		return first
	}
	return nil
}

// fromRobots walks every sitemap the robots.txt names.
func (w *sitemapWalker) fromRobots(ctx context.Context, robotsURL string, emit func(loc, from string) bool) error {
	o := w.robots.Get(ctx, robotsURL)
	if o.File == nil {
		return errors.New(prose.EndSentence(i18n.T("site.robots-unreadable", "Robots", o.RobotsURL, "Reason", strings.TrimSuffix(o.Reason, "."))))
	}
	if len(o.File.Sitemaps) == 0 {
		return errors.New(prose.EndSentence(i18n.T("site.robots-no-sitemap", "Robots", o.RobotsURL)))
	}
	var first error
	for _, sm := range o.File.Sitemaps {
		if err := w.file(ctx, sm, 0, emit); err != nil && first == nil {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	if w.found == 0 && first != nil {
		return first
	}
	return nil
}

// file reads one sitemap file and what it leads to.
func (w *sitemapWalker) file(ctx context.Context, name string, depth int, emit func(loc, from string) bool) error {
	err := w.enter(name, depth)
	if err == nil {
		var data []byte
		if data, err = w.load(ctx, name); err == nil {
			var f *sitemapFile
			if f, err = parseSitemap(name, data); err == nil {
				return w.entries(ctx, name, f, depth, emit)
			}
		}
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	msg := sentenceOf(err)
	w.notes(msg)
	return errors.New(msg)
}

// enter records name as read, refusing a file read before (an index that
// lists itself), nesting past maxSitemapDepth, and files past the bound.
func (w *sitemapWalker) enter(name string, depth int) error {
	key := name
	if n, err := Normalise(name); err == nil {
		key = n
	}
	switch {
	case w.visited[key]:
		return errors.New(i18n.T("site.sitemap-read-twice", "Name", name))
	case depth > maxSitemapDepth:
		return errors.New(i18n.T("site.sitemap-too-deep", "Name", name, "Depth", strconv.Itoa(depth), "Max", strconv.Itoa(maxSitemapDepth)))
	case len(w.visited) >= maxSitemapFiles:
		return errors.New(i18n.T("site.sitemap-too-many-files", "Name", name, "Max", strconv.Itoa(maxSitemapFiles)))
	}
	w.visited[key] = true
	return nil
}

// entries hands on a urlset's pages, or walks an index's sitemaps.
func (w *sitemapWalker) entries(ctx context.Context, name string, f *sitemapFile, depth int, emit func(loc, from string) bool) error {
	if f.note != "" {
		w.notes(f.note)
	}
	if len(f.locs) == 0 {
		msg := i18n.T("site.sitemap-empty", "Name", name)
		w.notes(msg)
		return errors.New(msg)
	}
	if !f.index && w.listed != nil {
		w.listed(len(f.locs))
	}
	for _, loc := range f.locs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if f.index {
			w.file(ctx, resolveLoc(name, loc), depth+1, emit)
			continue
		}
		w.found++
		if !emit(loc, name) {
			return nil
		}
	}
	return nil
}

// load gets a sitemap's bytes, at most MaxSitemapBytes + 1 of them.
func (w *sitemapWalker) load(ctx context.Context, name string) ([]byte, error) {
	if !strings.Contains(name, "://") {
		return readFileBounded(name)
	}
	opt := w.opt
	opt.LimitOverride = MaxSitemapBytes
	opt.Cap = MaxSitemapBytes + 1
	opt.Progress = nil
	res, err := w.fetcher.Fetch(ctx, name, w.profile, opt)
	switch {
	case err != nil:
		return nil, err
	case res.Status < 200 || res.Status > 299:
		return nil, errors.New(i18n.T("site.sitemap-http-error", "Name", name, "Status", strconv.Itoa(res.Status)))
	case res.BodyBytes > MaxSitemapBytes:
		return nil, fmt.Errorf("%w: %s", errNotSitemap, i18n.T("site.sitemap-too-large-fetched", "Name", name))
	case res.BodyError != "":
		return nil, errors.New(i18n.T("site.sitemap-body-error", "Name", name, "Cause", strings.TrimSuffix(res.BodyError, ".")))
	}
	return res.Body, nil
}

// readFileBounded reads a local sitemap file, refusing one over the bound.
func readFileBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", i18n.T("site.sitemap-file-unreadable", "Path", path), errors.Unwrap(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, errors.New(i18n.T("site.sitemap-file-folder", "Path", path))
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSitemapBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", i18n.T("site.sitemap-file-unreadable", "Path", path), err)
	}
	if len(data) > MaxSitemapBytes {
		return nil, fmt.Errorf("%w: %s", errNotSitemap, i18n.T("site.sitemap-file-too-large", "Path", path))
	}
	return data, nil
}

// resolveLoc resolves a relative <loc> (not allowed by the protocol, but
// seen) against the sitemap's own URL.
func resolveLoc(sitemap, loc string) string {
	base, err := url.Parse(sitemap)
	ref, err2 := url.Parse(strings.TrimSpace(loc))
	if err != nil || err2 != nil || !base.IsAbs() {
		return strings.TrimSpace(loc)
	}
	return base.ResolveReference(ref).String()
}

// isRobotsURL reports whether target is a robots.txt URL.
func isRobotsURL(target string) bool {
	u, err := url.Parse(target)
	return err == nil && u.IsAbs() && u.Path == "/robots.txt"
}

// sentenceOf is err's message as a sentence.
func sentenceOf(err error) string {
	msg := strings.TrimSpace(strings.TrimPrefix(err.Error(), errNotSitemap.Error()+": "))
	return prose.EndSentence(msg)
}
