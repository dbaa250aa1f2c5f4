package resourcestab

import (
	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/inspect/resources"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// RowsOf builds the table rows of a report's resources. It runs on
// the inspection's goroutine.
func RowsOf(list []resources.Resource) []Row {
	rows := make([]Row, len(list))
	for i, r := range list {
		rows[i] = Row{
			Res:     r,
			Problem: resourceProblem(&r),
			Greyed:  !r.Kind.Fetchable(),
			model:   resourceModel(&r),
		}
		rows[i].Cells = CellsOf(&r)
	}
	return rows
}

// CellsOf is the text of each column for r.
func CellsOf(r *resources.Resource) [Cols]string {
	var c [Cols]string
	c[ColURL] = r.URL
	c[ColKind] = r.Kind.Text()
	c[ColStatus] = r.StatusText()
	c[ColBytes] = "—"
	if r.Requested && r.Status > 0 {
		c[ColBytes] = kit.Commas(r.CountedBytes)
	}
	c[ColLimit] = "—"
	if r.LimitBytes > 0 {
		c[ColLimit] = kit.Commas(r.LimitBytes)
	}
	c[ColRobots] = r.RobotsText()
	c[ColFound] = r.SeenText()
	c[ColNote] = resourceNote(r)
	return c
}

// resourceNote says the most important thing about a resource in a few
// words, or the reason it is not fetched.
func resourceNote(r *resources.Resource) string {
	switch {
	case r.Summary:
		return i18n.T("resourcestab.note-more", "Count", r.References)
	case r.Error != "":
		return r.Error
	case r.Truncated:
		return i18n.T("resourcestab.note-truncated", "Limit", r.LimitBytes)
	case r.ExcludedReason != "":
		return r.ExcludedReason
	case !r.DiscoveredBeforeCutoff:
		return i18n.T("resourcestab.note-after-cutoff")
	}
	return ""
}

func resourceProblem(r *resources.Resource) bool {
	if !r.Kind.Fetchable() || r.Summary {
		return false
	}
	return r.Truncated || r.Error != "" || r.Status >= 400 || r.BlockedByRobots ||
		!r.DiscoveredBeforeCutoff || r.ImportCycle || r.ParentBlocked
}

// resourceModel is the resource's own compact ruler: header, body, cutoff,
// drawn to the scale of its limit so that rows compare: a 471-byte
// stylesheet is a sliver of its 2,000,000 bytes, a file over its limit
// fills the row and shows where it is cut.
func resourceModel(r *resources.Resource) byteview.RulerModel {
	m := byteview.RulerModel{
		BodyBytes:        r.BodyBytes,
		Cutoff:           r.CutoffOffset,
		BinaryCutoff:     r.BinaryCutoffOffset,
		LimitBytes:       r.LimitBytes,
		BinaryLimitBytes: r.BinaryLimitBytes,
	}
	m.HeaderBytes = r.CountedHeaderBytes()
	m.ScaleBytes = max(m.HeaderBytes+m.BodyBytes, r.LimitBytes)
	return m
}
