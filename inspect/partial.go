package inspect

import (
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// PartialRead is what is known of a body Cutoff did not read to its end: a
// timeout or a broken connection (Error), or the cap. Offsets are body
// offsets on the length the server announced, which may lie past the
// bytes read.
type PartialRead struct {
	// ReadBytes is the decoded body read.
	ReadBytes int64 `json:"read_bytes"`
	// AnnouncedBytes is the body length the server announced
	// (Content-Length, for a body sent without content coding); 0 when
	// unknown.
	AnnouncedBytes int64 `json:"announced_bytes"`
	// Error says why reading stopped before the cap; "" when the cap
	// stopped it.
	Error string `json:"error,omitempty"`
	// CutoffOffset and BinaryCutoffOffset are where the crawler's cutoff
	// falls on the announced length (limit minus the counted header), nil
	// when the announced length fits or is unknown.
	CutoffOffset       *int64 `json:"cutoff_offset"`
	BinaryCutoffOffset *int64 `json:"binary_cutoff_offset,omitempty"`
}

// partialRead returns what is known of res's body when reading stopped
// early, nil when it was read to its end.
func partialRead(res *fetch.Result) *PartialRead {
	if res == nil || res.ReadComplete || res.Local {
		return nil
	}
	p := &PartialRead{ReadBytes: res.BodyBytes, Error: res.BodyError, AnnouncedBytes: announcedLength(res)}
	if p.AnnouncedBytes <= res.BodyBytes {
		p.AnnouncedBytes = 0
		return p
	}
	head := res.CountedHeaderBytes()
	p.CutoffOffset = cutoffOn(res.LimitBytes, head, p.AnnouncedBytes)
	p.BinaryCutoffOffset = cutoffOn(res.LimitBinaryBytes, head, p.AnnouncedBytes)
	return p
}

// announcedLength is the decoded body length a response announces: its
// Content-Length when the body has no content coding, else 0.
func announcedLength(res *fetch.Result) int64 {
	if res.Header == nil || (res.ContentEncoding != "" && !strings.EqualFold(res.ContentEncoding, "identity")) {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(res.Header.Get("Content-Length")), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// cutoffOn is the body offset where a limit cuts a body of body bytes
// behind head counted header bytes, nil when it fits.
func cutoffOn(limit, head, body int64) *int64 {
	if limit <= 0 || head+body <= limit {
		return nil
	}
	off := max(limit-head, 0)
	return &off
}

// CutoffText says where the crawler's cutoff falls when the body was not
// read to its end: "not reached in the 300,000 bytes read; on the
// 2,500,000 bytes announced, it falls at body byte 1,999,800". Every view
// that would otherwise say "nothing is cut" says this instead.
func (p *PartialRead) CutoffText() string {
	switch {
	case p.AnnouncedBytes == 0:
		return i18n.T("findings.cutoff-not-reached-unannounced", "Read", p.ReadBytes)
	case p.CutoffOffset == nil:
		return i18n.T("findings.cutoff-not-reached-fits", "Read", p.ReadBytes, "Announced", p.AnnouncedBytes)
	}
	return i18n.T("findings.cutoff-not-reached-announced", "Read", p.ReadBytes, "Announced", p.AnnouncedBytes,
		"Cutoff", *p.CutoffOffset)
}

// Names of what the kept bytes are compared with (Report.Whole).
const (
	WholePage = "full page"  // the body was read to its end
	WholeRead = "bytes read" // reading stopped before the end of the page
)

// Whole names what the report compares the crawler's kept bytes with:
// WholePage, or WholeRead when reading stopped before the page's end, so
// that no view calls a partial read the full page.
func (r *Report) Whole() string {
	if r.Partial != nil {
		return WholeRead
	}
	return WholePage
}
