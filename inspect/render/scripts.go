package render

import (
	"fmt"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/dom"
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
		return fmt.Sprintf("Past the cutoff at byte %s: not in the bytes the crawler kept.", inspect.Bytes(*cut))
	}
	return fmt.Sprintf("Cut before </script> at byte %s, so never executed.", inspect.Bytes(*cut))
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
		row.Reason = fmt.Sprintf("Cut at %s bytes (its limit) and failed to parse: %s",
			inspect.Bytes(*req.CutoffOffset), orUnknown(run.exception))
		row.Why = inspect.ScriptCut
	case run.failed:
		row.Reason = "Failed to parse: " + orUnknown(run.exception)
	case run.parsed:
		row.Reason = "Threw at run time: " + run.exception
	case req != nil && req.NotFetchedReason != "":
		row.Reason, row.RobotsUnchecked = req.NotFetchedReason, req.RobotsUnchecked
		if req.BlockedByRobots {
			row.Why = inspect.ScriptBlocked
		}
	case req != nil && req.Error != "":
		row.Reason = "Could not be fetched: " + req.Error
	case req != nil && req.Status >= 400:
		row.Reason = fmt.Sprintf("The server answered HTTP %d, so there was no script to run.", req.Status)
	case !row.Inline && req == nil:
		row.Reason = neverRequested
	default:
		row.Reason = "The browser reported no parse of it, so it did not run."
	}
}

// neverRequested is the reason of a script the renderer did not ask for.
const neverRequested = "Never requested: the renderer did not reach it."

func orUnknown(s string) string {
	if s == "" {
		return "the browser gave no message."
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
			if !row.Ran && row.Reason == neverRequested {
				row.Reason = "Added by JavaScript that did not run in this render."
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
