package inspect

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/inspect/robots"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Phases an inspection reports through Options.Progress, in order.
// robots.txt is asked for beside the page: when the page is analysed before
// it has come, PhaseRobotsWait says that Page waits for it.
const (
	PhaseRobots     = "robots.txt"
	PhaseRobotsWait = "waiting for robots.txt"
	PhasePage       = "page"
	PhaseAnalysis   = "analysis"
	PhaseResources  = "resources"
)

// Progress is a snapshot of a running inspection.
type Progress struct {
	Phase string
	// Done and Total are the decoded bytes of the current fetch; Total is
	// -1 when the server did not say. During PhaseResources they sum the
	// resources' bytes and Total is -1.
	Done, Total int64
	// ResourcesDone and ResourcesTotal count subresource fetches.
	ResourcesDone, ResourcesTotal int
}

// Options tune one inspection.
type Options struct {
	// Fetch applies to the page, its robots.txt and its subresources.
	Fetch fetch.Options
	// NoResources skips subresources.
	NoResources bool
	// FetchBlocked fetches subresources robots.txt disallows anyway, for
	// information (they stay marked as not fetched by the crawler). The
	// window and the command line turn it on unless told otherwise.
	FetchBlocked bool
	// Progress, when set, is called from the inspecting goroutines, never
	// two calls at once, after every read and every finished resource; it
	// must return quickly (the window thins the calls out).
	Progress func(Progress)
	// Robots, when set, is the robots.txt cache to use, so that many
	// inspections (a site run) fetch each host's robots.txt once; nil means
	// a cache of this inspection's own.
	Robots *robots.Cache
	// Links locates the page's links in Analysis.Links, for a caller that
	// follows them.
	Links bool
}

// Page inspects target as the crawler profile p sees it: target's host's
// robots.txt, the page itself with its byte accounting, the analysis of
// the decoded body against the cutoff, and the subresources, each with its
// own counter. target is an http(s) URL or the path of a local file (then
// no robots.txt is consulted and no subresources are fetched).
//
// Page is the single path both the window and the command line take. An
// error means the page itself could not be had (bad URL, DNS, TLS,
// timeout, too many redirects); HTTP error statuses, truncation and robots
// verdicts are data in the Report. Any goroutine may call Page; it returns
// soon after ctx is cancelled, with an error wrapping ctx.Err() whatever the
// phase, so that a cancelled inspection never passes for a complete one.
func Page(ctx context.Context, f *fetch.Fetcher, target string, p fetch.Profile, opt Options) (*Report, error) {
	progress := serialise(opt.Progress)
	if isLocalFile(target) {
		return localPage(target, p, opt)
	}
	typed := target
	target, assumed := fetch.WithImplicitScheme(target)
	if err := checkTarget(target); err != nil {
		return nil, err
	}
	cache := opt.Robots
	if cache == nil {
		cache = robots.NewCache(f, p, opt.Fetch)
	}
	// robots.txt and the page are fetched at the same time: the page is
	// fetched whatever robots.txt says (the report says what it decided),
	// so asking for robots.txt first would only add its round trip.
	robotsCtx, stopRobots := context.WithCancel(ctx)
	defer stopRobots()
	robotsSummary := startPageRobots(robotsCtx, cache, p, target, progress)
	// The full pass reads the body while it arrives (see scan/stream.go).
	stream := scan.NewStream(p, opt.Links)
	if rec := streamRecorder(p); rec != nil {
		stream.Visit(rec)
	}
	fetchOpt := opt.Fetch
	fetchOpt.Body = stream
	res, err := fetchPage(ctx, f, target, p, fetchOpt, progress)
	if err != nil {
		stopRobots()
		<-robotsSummary
		stream.Stop()
		stream.Wait()
		return nil, err
	}
	r := analyse(res, p, opt.Fetch.ChromeVersion, progress, stream)
	r.Robots = awaitPageRobots(robotsSummary, progress)
	r.RobotsCache = cache
	if len(res.Redirects) > 0 && res.FinalURL != res.URL && p.ObeysRobots {
		r.FinalRobots = <-startPageRobots(ctx, cache, p, res.FinalURL, progress)
	}
	r.Resources = []resources.Resource{} // the JSON contract has a list, even when skipped
	if opt.NoResources {
		r.skipResources(skippedAsked, false)
	} else {
		r.Resources = pageResources(ctx, f, cache, p, res, opt, progress)
	}
	// A cancelled inspection has resources that failed only because of the
	// cancel: reporting them as findings would mislead.
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("inspect %s: %w", target, err)
	}
	r.addFindings(p)
	if assumed {
		r.Findings = append(r.Findings, finding.Finding{Severity: finding.Info, Code: CodeSchemeAssumed,
			Message: schemeAssumed(typed, target)})
	}
	return r, nil
}

// schemeAssumed says that typed, a host and port without a scheme, was
// read as target.
func schemeAssumed(typed, target string) string {
	return i18n.T("findings.scheme-assumed", "Typed", typed, "Target", target)
}

// checkTarget rejects what is neither a local file nor an http(s) URL, with
// the sentence the fetcher would give.
func checkTarget(target string) error {
	u, err := url.Parse(target)
	if err != nil || u.Scheme == "" {
		if !strings.Contains(target, "://") && !strings.HasPrefix(target, "/") && strings.Contains(target, ".") {
			return &targetError{i18n.T("findings.neither-file-nor-url", "Target", strconv.Quote(target), "Suggested", "https://"+target)}
		}
	}
	return nil
}

// isLocalFile reports whether target names a file rather than a URL: an
// existing file, folder or symbolic link (even one that loops or points
// nowhere), or a path that can only be one (absolute, or starting with ./
// or ../). A missing file, a folder or a broken link then gets
// fetch.ReadFile's sentence about it rather than one about URLs.
func isLocalFile(target string) bool {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "//") {
		return false
	}
	if _, err := os.Lstat(target); err == nil {
		return true
	}
	for _, prefix := range []string{"./", "../", "." + string(filepath.Separator), ".." + string(filepath.Separator)} {
		if strings.HasPrefix(target, prefix) {
			return true
		}
	}
	return filepath.IsAbs(target)
}

// localPage inspects a file on disk: header bytes as opt.Fetch.HeaderBytes,
// no robots.txt, no subresources (relative references have no host).
func localPage(path string, p fetch.Profile, opt Options) (*Report, error) {
	res, err := fetch.ReadFile(path, p, opt.Fetch)
	if err != nil {
		return nil, err
	}
	r := analyse(res, p, opt.Fetch.ChromeVersion, serialise(opt.Progress), nil)
	r.Robots = &RobotsSummary{Skipped: true, Allowed: true, Reason: robotsLocalReason()}
	r.Resources = []resources.Resource{}
	r.skipResources(skippedLocal, true)
	r.addFindings(p)
	return r, nil
}

// startPageRobots reports the robots.txt phase and fetches (through cache)
// the robots.txt for pageURL on a goroutine of its own; the profile's
// verdict on it comes on the channel it returns.
func startPageRobots(ctx context.Context, cache *robots.Cache, p fetch.Profile, pageURL string, progress func(Progress)) <-chan *RobotsSummary {
	done := make(chan *RobotsSummary, 1)
	if !p.ObeysRobots {
		done <- robotsIgnored(p)
		return done
	}
	progress(Progress{Phase: PhaseRobots, Total: -1})
	go func() { done <- robotsVerdict(ctx, cache, p, pageURL) }()
	return done
}

// awaitPageRobots returns the summary startPageRobots started, reporting
// PhaseRobotsWait when it has not come yet.
func awaitPageRobots(done <-chan *RobotsSummary, progress func(Progress)) *RobotsSummary {
	select {
	case s := <-done:
		return s
	default:
		progress(Progress{Phase: PhaseRobotsWait, Total: -1})
		return <-done
	}
}

// robotsLocalReason says why no robots.txt was consulted for a local file.
func robotsLocalReason() string { return i18n.T("findings.robots-local-file") }

// robotsIgnored is the summary for a profile that does not consult
// robots.txt.
func robotsIgnored(p fetch.Profile) *RobotsSummary {
	return &RobotsSummary{Skipped: true, Allowed: true,
		Reason: i18n.T("findings.robots-ignored", "Crawler", p.Name)}
}

// robotsVerdict fetches (through cache) the robots.txt for pageURL and
// gives the profile's verdict on it.
func robotsVerdict(ctx context.Context, cache *robots.Cache, p fetch.Profile, pageURL string) *RobotsSummary {
	o := cache.Get(ctx, pageURL)
	v := o.Check(p.RobotsTokens, p.IgnoresStar, pageURL)
	return &RobotsSummary{URL: o.RobotsURL, Status: o.Status, Policy: string(o.Policy), Reason: o.Reason,
		Allowed: v.Allowed, Line: v.Line, Rule: v.Rule, Group: v.Group, Why: v.Reason, Requested: v.Requested, Outcome: o}
}

// fetchPage fetches the page itself, reporting its bytes as they arrive.
func fetchPage(ctx context.Context, f *fetch.Fetcher, target string, p fetch.Profile, opt fetch.Options, progress func(Progress)) (*fetch.Result, error) {
	progress(Progress{Phase: PhasePage, Total: -1})
	opt.Progress = func(done, total int64) {
		progress(Progress{Phase: PhasePage, Done: done, Total: total})
	}
	if f == nil {
		f = &fetch.Fetcher{}
	}
	return f.Fetch(ctx, target, p, opt)
}

// analyse runs the analysis over a fetched page and starts its report;
// stream, when not nil, is where its full pass ran while the body arrived.
func analyse(res *fetch.Result, p fetch.Profile, chrome string, progress func(Progress), stream *scan.Stream) *Report {
	progress(Progress{Phase: PhaseAnalysis, Done: res.BodyBytes, Total: res.BodyBytes})
	in := NewInput(res, &p)
	in.Links = stream.RecordsAnchors()
	a := analyze(in, scan.DefaultSteps, stream)
	if res.Kind != fetch.KindHTML {
		a.documentOnly()
	}
	return &Report{
		Generated: time.Now().UTC(),
		URL:       res.URL,
		FinalURL:  res.FinalURL,
		Profile:   summarise(p, res, chrome),
		Fetch:     res,
		Analysis:  a,
	}
}

// summarise is the profile part of a report.
func summarise(p fetch.Profile, res *fetch.Result, chrome string) ProfileSummary {
	return ProfileSummary{
		ID: p.ID, Name: p.Name, UserAgent: p.UserAgent(chrome),
		RobotsTokens: p.RobotsTokens, IgnoresStar: p.IgnoresStar, ObeysRobots: p.ObeysRobots,
		LimitBytes: res.LimitBytes, BinaryLimitBytes: res.LimitBinaryBytes, CountsHeaders: res.CountsHeaders,
	}
}

// pageResources fetches the page's subresources with their own counters.
func pageResources(ctx context.Context, f *fetch.Fetcher, cache *robots.Cache, p fetch.Profile, res *fetch.Result, opt Options, progress func(Progress)) []resources.Resource {
	ro := resources.DefaultOptions()
	ro.Fetch = opt.Fetch
	ro.Fetch.LimitOverride = 0 // a --limit is about the page; each resource keeps its type's limit
	ro.Fetch.HeaderBytes = 0
	ro.FetchBlocked = opt.FetchBlocked
	ro.Progress = func(done, total int, bytes int64) {
		progress(Progress{Phase: PhaseResources, Done: bytes, Total: -1, ResourcesDone: done, ResourcesTotal: total})
	}
	progress(Progress{Phase: PhaseResources, Total: -1})
	return resources.Fetch(ctx, f, cache, p, res.FinalURL, res.Body, res.CutoffOffset, ro)
}

// serialise wraps a progress callback so that concurrent callers never run
// it at once. Every call goes through: the window thins them out.
func serialise(fn func(Progress)) func(Progress) {
	if fn == nil {
		return func(Progress) {}
	}
	var mu sync.Mutex
	return func(pr Progress) {
		mu.Lock()
		defer mu.Unlock()
		fn(pr)
	}
}

// targetError is a target that is neither a file nor a URL, said in one
// sentence; it is fetch.ErrInvalidURL to errors.Is and so a usage error.
type targetError struct{ msg string }

func (e *targetError) Error() string { return e.msg }
func (e *targetError) Unwrap() error { return fetch.ErrInvalidURL }
