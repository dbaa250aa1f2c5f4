package sitetab

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/site"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// Columns of the site table.
const (
	siteColURL = iota
	siteColStatus
	siteColBytes
	siteColPercent
	siteColCut
	siteColBeyond
	siteColLost
	siteColRobots
	siteColFindings
	siteColError
	siteCols
)

var siteColumns = [siteCols]struct {
	title string
	width float32
}{
	{"URL", 340}, {"Status", 60}, {"Bytes", 100}, {"% of limit", 90}, {"Cut at", 100},
	{"Past the cutoff", 170}, {"Lost links", 80}, {"robots.txt", 90}, {"Findings", 260}, {"Error", 300},
}

// Filters of the site table.
const (
	filterAll = iota
	filterOver
	filterNear
	filterBeyond
	filterOrphan
	filterDisallowed
	filterErrors
)

var siteFilters = []string{
	"All pages", "Over the limit", "Near the limit (" + site.NearLimitRange + ")", "Critical elements past the cutoff",
	"Linked only past the cutoff", "Disallowed by robots.txt", "Not fetched (errors)",
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
}

func newSiteModel() *siteModel { return &siteModel{sortCol: -1} }

// reset empties the model for a new run.
func (m *siteModel) reset() {
	m.rows, m.view, m.hist = m.rows[:0], m.view[:0], nil
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
		return r.HasFinding(site.CodeLinkedOnlyPastCutoff)
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
		return site.FindingTitles(r.Findings)
	case siteColError:
		return r.Error
	}
	return ""
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
		return r.Fetched && r.Status >= 400
	case siteColError:
		return r.Error != ""
	}
	return false
}

// markOrphans applies the run's linked-only-past-cutoff finding.
func (m *siteModel) markOrphans(s *site.Summary) {
	site.MarkOrphans(m.rows, s)
	if m.filter == filterOrphan {
		m.refilter()
	}
}
