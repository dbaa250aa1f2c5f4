package render

import (
	"strconv"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/dom"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// scriptRun is what one render's events say about one script.
type scriptRun struct {
	parsed, failed bool
	exception      string
}

// scriptTable lists every classic or module script of the page, in source
// order, then the scripts the page's JavaScript added, with whether each
// ran in the google render and why not.
func scriptTable(rep *inspect.Report, ps *pageSource, pageURL string, out *inspect.Rendered, google, full *trace) []inspect.RenderedScript {
	body, cut := rep.Fetch.Body, rep.Fetch.CutoffOffset
	reqs := byURL(out.Requests)
	rows := []inspect.RenderedScript{}
	static := map[string]bool{}
	for _, e := range ps.scripts {
		if !classic(e.typ) {
			continue
		}
		row := inspect.RenderedScript{URL: pageURL, Inline: e.src == "", Offset: e.offset, End: e.end}
		if !row.Inline {
			row.URL = resolve(pageURL, e.src)
			static[row.URL] = true
		}
		line, col := lineCol(body, e.content)
		row.RanInFull = runOf(full, row, line, col).ran()
		if reason := cutReason(e, cut); reason != "" {
			row.Reason, row.Why = reason, inspect.ScriptCut
		} else {
			judge(&row, runOf(google, row, line, col), reqs[row.URL])
		}
		rows = append(rows, row)
	}
	return append(rows, addedScripts(out, static, google, full)...)
}

// cutReason says why the crawler's cut kept a script from running, "" when
// its element is whole in the kept bytes.
func cutReason(e element, cut *int64) string {
	switch {
	case cut == nil || e.end <= *cut:
		return ""
	case e.content > *cut:
		return i18n.T("render.script-past-cutoff", "Offset", *cut)
	}
	return i18n.T("render.script-cut", "Offset", *cut)
}

// judge sets Ran, Reason and Why from a render's events and the request.
func judge(row *inspect.RenderedScript, run scriptRun, req *inspect.RenderedRequest) {
	row.Exception = run.exception
	if run.ran() {
		row.Ran = true
		return
	}
	row.Why = inspect.ScriptFailed
	switch {
	case run.failed && req != nil && req.Truncated && req.CutoffOffset != nil:
		row.Reason = i18n.T("render.script-cut-parse", "Bytes", *req.CutoffOffset, "Message", orUnknown(run.exception))
		row.Why = inspect.ScriptCut
	case run.failed:
		row.Reason = i18n.T("render.script-parse-failed", "Message", orUnknown(run.exception))
	case run.parsed:
		row.Reason = i18n.T("render.script-threw", "Message", run.exception)
	case req != nil && req.NotFetchedReason != "":
		row.Reason, row.RobotsUnchecked = req.NotFetchedReason, req.RobotsUnchecked
		if req.BlockedByRobots {
			row.Why = inspect.ScriptBlocked
		}
	case req != nil && req.Error != "":
		row.Reason = i18n.T("render.script-fetch-failed", "Error", req.Error)
	case req != nil && req.Status >= 400:
		row.Reason = i18n.T("render.script-http-error", "Status", strconv.Itoa(req.Status))
	case !row.Inline && req == nil:
		row.Reason = neverRequested()
	default:
		row.Reason = i18n.T("render.script-no-parse")
	}
}

// neverRequested is the reason of a script the renderer did not ask for.
func neverRequested() string { return i18n.T("render.script-never-requested") }

func orUnknown(s string) string {
	if s == "" {
		return i18n.T("render.script-no-message")
	}
	return s
}

func (r scriptRun) ran() bool { return r.parsed && !r.failed && r.exception == "" }

// runOf finds a script among a render's parse events: an external one by
// URL, an inline one by its position in the document.
func runOf(t *trace, row inspect.RenderedScript, line, col int64) scriptRun {
	if t == nil {
		return scriptRun{}
	}
	ps, ths := t.snapshot()
	for _, p := range ps {
		if p.url != row.URL || row.Inline && (p.line != line || p.col != col) {
			continue
		}
		r := scriptRun{parsed: true, failed: p.failed}
		for _, th := range ths {
			if th.scriptID == p.id || p.failed && th.url == p.url && !row.Inline {
				r.exception = th.text
			}
		}
		return r
	}
	return scriptRun{}
}

// addedScripts lists external scripts that are not in the page's source:
// the page's JavaScript added them.
func addedScripts(out *inspect.Rendered, static map[string]bool, google, full *trace) []inspect.RenderedScript {
	var rows []inspect.RenderedScript
	seen := map[string]bool{}
	for _, list := range [][]inspect.RenderedRequest{out.Requests, out.FullRequests} {
		for i := range list {
			r := &list[i]
			if r.Kind != "script" || static[r.URL] || seen[r.URL] {
				continue
			}
			seen[r.URL] = true
			row := inspect.RenderedScript{URL: r.URL, Offset: -1, End: -1}
			row.RanInFull = runOf(full, row, 0, 0).ran()
			judge(&row, runOf(google, row, 0, 0), byURL(out.Requests)[r.URL])
			if !row.Ran && row.Reason == neverRequested() {
				row.Reason = i18n.T("render.script-added-by-js")
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// byURL indexes requests by URL, the first of each.
func byURL(list []inspect.RenderedRequest) map[string]*inspect.RenderedRequest {
	m := make(map[string]*inspect.RenderedRequest, len(list))
	for i := range list {
		if _, ok := m[list[i].URL]; !ok {
			m[list[i].URL] = &list[i]
		}
	}
	return m
}

// resolve makes ref absolute against base, without its fragment.
func resolve(base, ref string) string { return dom.ResolveBare(base, ref) }
