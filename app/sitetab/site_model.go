package sitetab

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Columns of the site table.
const (
	siteColURL = iota
	siteColStatus
	siteColRedirects
	siteColRetries
	siteColError
	siteColBytes
	siteColPercent
	siteColCut
	siteColBeyond
	siteColLost
	siteColRobots
	siteColFindings
	siteCols
)

// siteColumn is a column of the site table: its title's message id and
// its width.
type siteColumn struct {
	id    string
	width float32
}

// title is the column's title in the language in use.
func (c siteColumn) title() string { return i18n.T(c.id) }

var siteColumns = [siteCols]siteColumn{
	{"sitetab.col-url", 300}, {"sitetab.col-status", 60}, {"sitetab.col-redirects", 100}, {"sitetab.col-retries", 65},
	{"sitetab.col-error", 240}, {"sitetab.col-bytes", 100}, {"sitetab.col-percent", 90}, {"sitetab.col-cut", 100},
	{"sitetab.col-beyond", 170}, {"sitetab.col-lost", 80}, {"sitetab.col-robots", 90}, {"sitetab.col-findings", 260},
}

// Filters of the site table.
const (
	filterAll = iota
	filterOver
	filterNear
	filterBeyond
	filterOrphan
	filterRedirected
	filterRetried
	filterHTTPErrors
	filterDisallowed
	filterErrors
)

// siteFilters are the filters' names in the language in use, in the order
// of their constants.
func siteFilters() []string {
	return []string{
		i18n.T("sitetab.filter-all"), i18n.T("sitetab.filter-over"), i18n.T("sitetab.filter-near", "Range", site.NearLimitRange()),
		i18n.T("sitetab.filter-beyond"), i18n.T("sitetab.filter-orphan"), i18n.T("sitetab.filter-redirected"),
		i18n.T("sitetab.filter-retried"), i18n.T("sitetab.filter-http-errors"), i18n.T("sitetab.filter-disallowed"),
		i18n.T("sitetab.filter-errors"),
	}
}

// siteModel holds a run's rows and the filtered, sorted view the table
// shows. It belongs to the UI goroutine; adding rows merges them into the
// view in O(n), so the table fills while staying sorted.
type siteModel struct {
	rows     []site.Row
	view     []int32 // indices into rows, filtered and sorted
	sortCol  int     // -1: arrival order
	sortDesc bool
	filter   int
	query    string // lower case; rows whose URL contains it
	hist     []site.Bucket
	// orphans are the URLs the run found linked only past the cutoff; the
	// rows stay as the run handed them, as the command line writes them.
	orphans map[string]bool
}

func newSiteModel() *siteModel { return &siteModel{sortCol: -1} }

// reset empties the model for a new run.
func (m *siteModel) reset() {
	m.rows, m.view, m.hist, m.orphans = m.rows[:0], m.view[:0], nil, nil
}

// add appends rows and merges those the filter keeps into the view.
func (m *siteModel) add(batch []site.Row) {
	start := len(m.rows)
	m.rows = append(m.rows, batch...)
	m.addHist(site.Histogram(batch))
	var fresh []int32
	for i := start; i < len(m.rows); i++ {
		if m.keep(&m.rows[i]) {
			fresh = append(fresh, int32(i))
		}
	}
	if m.sortCol < 0 {
		m.view = append(m.view, fresh...)
		return
	}
	slices.SortFunc(fresh, m.compare)
	m.view = mergeSorted(m.view, fresh, m.compare)
}

func (m *siteModel) addHist(bs []site.Bucket) {
	if m.hist == nil {
		m.hist = bs
		return
	}
	for i := range bs {
		m.hist[i].Pages += bs[i].Pages
	}
}

// mergeSorted merges two slices sorted by cmp into a new one.
func mergeSorted(a, b []int32, cmp func(x, y int32) int) []int32 {
	if len(b) == 0 {
		return a
	}
	out := make([]int32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if cmp(b[j], a[i]) < 0 {
			out = append(out, b[j])
			j++
		} else {
			out = append(out, a[i])
			i++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// refilter rebuilds the view from every row.
func (m *siteModel) refilter() {
	m.view = m.view[:0]
	for i := range m.rows {
		if m.keep(&m.rows[i]) {
			m.view = append(m.view, int32(i))
		}
	}
	m.sort()
}

// sortBy sorts by col, ascending first, descending on a second tap.
func (m *siteModel) sortBy(col int) {
	if m.sortCol == col {
		m.sortDesc = !m.sortDesc
	} else {
		m.sortCol, m.sortDesc = col, false
	}
	m.sort()
}

func (m *siteModel) sort() {
	if m.sortCol >= 0 {
		slices.SortFunc(m.view, m.compare) // compare breaks ties by arrival: a total order
	}
}

// compare orders two rows by the sort column, then by arrival.
func (m *siteModel) compare(x, y int32) int {
	a, b := &m.rows[x], &m.rows[y]
	c := compareSiteRows(a, b, m.sortCol)
	if m.sortDesc {
		c = -c
	}
	if c == 0 {
		return cmp.Compare(x, y)
	}
	return c
}

func compareSiteRows(a, b *site.Row, col int) int {
	switch col {
	case siteColURL:
		return strings.Compare(a.URL, b.URL)
	case siteColStatus:
		return cmp.Compare(a.Status, b.Status)
	case siteColBytes:
		return cmp.Compare(a.HeaderBytes+a.BodyBytes, b.HeaderBytes+b.BodyBytes)
	case siteColPercent:
		return cmp.Compare(a.Percent, b.Percent)
	case siteColCut:
		return cmp.Compare(cutOf(a), cutOf(b))
	case siteColBeyond:
		return cmp.Compare(len(a.CriticalBeyond), len(b.CriticalBeyond))
	case siteColLost:
		return cmp.Compare(a.LostLinks, b.LostLinks)
	case siteColRobots:
		return cmp.Compare(boolInt(a.RobotsAllowed), boolInt(b.RobotsAllowed))
	case siteColFindings:
		return cmp.Compare(len(a.Findings), len(b.Findings))
	case siteColError:
		return strings.Compare(a.Error, b.Error)
	case siteColRedirects:
		return cmp.Compare(len(a.Redirects), len(b.Redirects))
	case siteColRetries:
		return cmp.Compare(a.Retries, b.Retries)
	}
	return 0
}

func cutOf(r *site.Row) int64 {
	if r.CutoffOffset == nil {
		return -1
	}
	return *r.CutoffOffset
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// keep says whether the filter and the query keep r.
func (m *siteModel) keep(r *site.Row) bool {
	if m.query != "" && !strings.Contains(strings.ToLower(r.URL), m.query) {
		return false
	}
	switch m.filter {
	case filterOver:
		return r.Truncated
	case filterNear:
		return site.IsNearLimit(r)
	case filterBeyond:
		return len(r.CriticalBeyond) > 0
	case filterOrphan:
		return m.isOrphan(r)
	case filterRedirected:
		return len(r.Redirects) > 0
	case filterRetried:
		return r.Retries > 0
	case filterHTTPErrors:
		return r.IsHTTPError()
	case filterDisallowed:
		return !r.RobotsAllowed && !r.RobotsUnchecked
	case filterErrors:
		return !r.Fetched && (r.RobotsAllowed || r.RobotsUnchecked)
	}
	return true
}

// cell is the text of one cell of the view's row i.
func (m *siteModel) cell(i, col int) string {
	r := &m.rows[m.view[i]]
	switch col {
	case siteColURL:
		return r.URL
	case siteColStatus:
		if !r.Fetched {
			return "—"
		}
		return strconv.Itoa(r.Status)
	case siteColBytes:
		if !r.Fetched {
			return ""
		}
		return inspect.Bytes(r.HeaderBytes + r.BodyBytes)
	case siteColPercent:
		if !r.Fetched {
			return ""
		}
		return site.PercentText(r.Percent)
	case siteColCut:
		if r.CutoffOffset == nil {
			return ""
		}
		return inspect.Bytes(*r.CutoffOffset)
	case siteColBeyond:
		return site.ElementLabels(r.CriticalBeyond)
	case siteColLost:
		if r.LostLinks == 0 {
			return ""
		}
		return prose.Thousands(r.LostLinks)
	case siteColRobots:
		return r.RobotsWord()
	case siteColFindings:
		return site.FindingTitles(m.findings(r))
	case siteColError:
		return r.Error
	case siteColRedirects:
		return r.RedirectStatuses(", ") // ASCII: the window's font draws "→" with a stray glyph
	case siteColRetries:
		if r.Retries == 0 {
			return ""
		}
		return strconv.Itoa(r.Retries)
	}
	return ""
}

// isOrphan says whether the run found r linked only past the cutoff.
func (m *siteModel) isOrphan(r *site.Row) bool {
	return m.orphans[r.URL] || r.HasFinding(site.CodeLinkedOnlyPastCutoff)
}

// findings are r's findings with the run's linked-only-past-cutoff one.
func (m *siteModel) findings(r *site.Row) []site.FindingRef {
	if !m.orphans[r.URL] || r.HasFinding(site.CodeLinkedOnlyPastCutoff) {
		return r.Findings
	}
	return append(slices.Clip(r.Findings), site.FindingRef{Code: site.CodeLinkedOnlyPastCutoff, Severity: finding.Warning})
}

// warn says whether a cell holds a problem, to colour it.
func (m *siteModel) warn(i, col int) bool {
	r := &m.rows[m.view[i]]
	switch col {
	case siteColPercent, siteColCut:
		return r.Truncated
	case siteColBeyond:
		return len(r.CriticalBeyond) > 0
	case siteColRobots:
		return !r.RobotsAllowed
	case siteColStatus:
		return r.IsHTTPError()
	case siteColRetries:
		return r.Retries > 0
	case siteColError:
		return r.Error != ""
	}
	return false
}

// markOrphans notes the run's linked-only-past-cutoff URLs.
func (m *siteModel) markOrphans(s *site.Summary) {
	m.orphans = make(map[string]bool, len(s.LinkedOnlyPastCutoff))
	for _, o := range s.LinkedOnlyPastCutoff {
		m.orphans[o.URL] = true
	}
	if m.filter == filterOrphan {
		m.refilter()
	}
}

// shown is the rows the view shows, in the order they arrived (the order
// the command line writes them).
func (m *siteModel) shown() []site.Row {
	idx := slices.Clone(m.view)
	slices.Sort(idx)
	out := make([]site.Row, len(idx))
	for i, j := range idx {
		out[i] = m.rows[j]
	}
	return out
}

// filtered says whether the view leaves rows out.
func (m *siteModel) filtered() bool { return len(m.view) < len(m.rows) }

// filterWords says which rows the view shows, for an export that holds
// only those: "The window's filter “Redirected” showed 1 of 16 pages; this
// report holds those."
func (m *siteModel) filterWords() string {
	if !m.filtered() {
		return ""
	}
	name := siteFilters()[m.filter]
	if m.query != "" {
		return i18n.T("sitetab.filter-words-query", "Filter", name, "Query", m.query, "Shown", len(m.view), "Count", len(m.rows))
	}
	return i18n.T("sitetab.filter-words", "Filter", name, "Shown", len(m.view), "Count", len(m.rows))
}

// detail says everything the row knows, for the selected row's panel:
// why a page was not fetched, robots.txt's reason, the redirect chain, the
// retries and the error, which the table's cells cut short.
func detail(r *site.Row) string {
	lines := []string{r.URL}
	switch {
	case r.Fetched:
		lines = append(lines, i18n.T("sitetab.detail-fetched", "Status", strconv.Itoa(r.Status),
			"Bytes", inspect.Bytes(r.HeaderBytes+r.BodyBytes), "Percent", site.PercentText(r.Percent)))
	case r.RobotsUnchecked:
		lines = append(lines, i18n.T("sitetab.detail-unchecked"))
	case !r.RobotsAllowed:
		lines = append(lines, i18n.T("sitetab.detail-disallowed"))
	default:
		lines = append(lines, i18n.T("sitetab.detail-failed"))
	}
	if c := r.RedirectChain(" -> "); c != "" {
		lines = append(lines, i18n.T("sitetab.detail-redirects", "Chain", c))
	}
	if r.Retries > 0 {
		lines = append(lines, i18n.T("sitetab.detail-retries", "Count", r.Retries))
	}
	if r.RobotsReason != "" {
		lines = append(lines, i18n.T("sitetab.detail-robots-reason", "Reason", r.RobotsReason))
	} else if r.RobotsRule != "" {
		lines = append(lines, i18n.T("sitetab.detail-robots-rule", "Verdict", r.RobotsWord(),
			"Line", strconv.Itoa(r.RobotsLine), "Rule", strconv.Quote(r.RobotsRule)))
	}
	if r.Error != "" {
		lines = append(lines, i18n.T("sitetab.detail-error", "Error", r.Error))
	}
	return strings.Join(lines, "\n")
}
