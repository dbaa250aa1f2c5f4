package history

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/finding"
)

// Inspection is one saved inspection: the figures the history queries and
// compares. The whole report is kept beside it (ReportJSON).
type Inspection struct {
	ID       int64     `json:"id"`
	URL      string    `json:"url"`
	FinalURL string    `json:"final_url"`
	Profile  string    `json:"profile"`
	Time     time.Time `json:"time"`
	Status   int       `json:"status"`
	// HeaderBytes and BodyBytes are the crawler's count of the page;
	// CountedBytes is what counts toward LimitBytes (the header block only
	// when the profile counts it).
	HeaderBytes  int64 `json:"header_bytes"`
	BodyBytes    int64 `json:"body_bytes"`
	CountedBytes int64 `json:"counted_bytes"`
	LimitBytes   int64 `json:"limit_bytes"`
	// CutoffOffset is the body offset where the crawler stops; nil when
	// nothing is cut.
	CutoffOffset *int64 `json:"cutoff_offset"`
	ReadComplete bool   `json:"read_complete"`
	// RobotsAllowed is robots.txt's verdict on the page; RobotsSkipped is
	// true when none was consulted (a local file, a profile that ignores
	// it), and then RobotsAllowed is true.
	RobotsAllowed bool          `json:"robots_allowed"`
	RobotsSkipped bool          `json:"robots_skipped,omitempty"`
	RobotsLine    int           `json:"robots_line,omitempty"`
	RobotsRule    string        `json:"robots_rule,omitempty"`
	Findings      FindingCounts `json:"findings"`
	// Critical lists the critical elements in document order.
	Critical []Element `json:"critical"`
	// Composition sums the body bytes per span kind ("inline-script").
	Composition map[string]int64 `json:"composition"`
}

// Element is a critical element as the history keeps it.
type Element struct {
	Kind         string `json:"kind"`
	Name         string `json:"name,omitempty"`
	Value        string `json:"value,omitempty"`
	Offset       int64  `json:"offset"`
	End          int64  `json:"end"`
	BeyondCutoff bool   `json:"beyond_cutoff"`
}

// FindingCounts counts an inspection's findings by severity.
type FindingCounts struct {
	Critical int `json:"critical"`
	Warning  int `json:"warning"`
	Info     int `json:"info"`
}

// NearLimitPercent is the share of its limit from which a page is near it.
const NearLimitPercent = 90

// Percent is the counted bytes as a percentage of the limit; 0 without a
// limit.
func (in *Inspection) Percent() float64 {
	if in.LimitBytes <= 0 {
		return 0
	}
	return float64(in.CountedBytes) * 100 / float64(in.LimitBytes)
}

// NearLimit reports whether the page uses NearLimitPercent of its limit or
// more.
func (in *Inspection) NearLimit() bool { return in.Percent() >= NearLimitPercent }

// FromReport takes the figures of r. r must have been fetched (Fetch set).
func FromReport(r *inspect.Report) Inspection {
	in := Inspection{
		URL: r.URL, FinalURL: r.FinalURL, Profile: r.Profile.ID, Time: r.Generated.UTC(),
		RobotsAllowed: true, RobotsSkipped: true, Composition: map[string]int64{}, Critical: []Element{},
	}
	if f := r.Fetch; f != nil {
		in.Status = f.Status
		in.HeaderBytes, in.BodyBytes, in.LimitBytes = f.HeaderBytes, f.BodyBytes, f.LimitBytes
		in.CountedBytes = f.CountedHeaderBytes() + f.BodyBytes
		in.CutoffOffset = f.CutoffOffset
		in.ReadComplete = f.ReadComplete
	}
	if rb := r.Robots; rb != nil && !rb.Skipped {
		in.RobotsSkipped = false
		in.RobotsAllowed, in.RobotsLine, in.RobotsRule = rb.Allowed, rb.Line, rb.Rule
	}
	if a := r.Analysis; a != nil {
		in.BodyBytes = a.BodyBytes
		for _, c := range a.Critical {
			in.Critical = append(in.Critical, Element{Kind: c.Kind, Name: c.Name, Value: c.Value,
				Offset: c.Offset, End: c.End, BeyondCutoff: c.BeyondCutoff})
		}
		for k, n := range a.Composition {
			in.Composition[k] = n
		}
		for _, f := range a.Findings {
			switch f.Severity {
			case finding.Critical:
				in.Findings.Critical++
			case finding.Warning:
				in.Findings.Warning++
			default:
				in.Findings.Info++
			}
		}
	}
	return in
}

// Save keeps the inspection r, its figures and its whole report, and
// returns its id.
func (h *DB) Save(ctx context.Context, r *inspect.Report) (int64, error) {
	report, err := gzipJSON(r)
	if err != nil {
		return 0, err
	}
	in := FromReport(r)
	var id int64
	err = h.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO inspections (url, final_url, profile, inspected_at, status,
			header_bytes, body_bytes, counted_bytes, limit_bytes, cutoff_offset, read_complete,
			robots_allowed, robots_skipped, robots_line, robots_rule,
			findings_critical, findings_warning, findings_info, report)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			in.URL, in.FinalURL, in.Profile, millis(in.Time), in.Status,
			in.HeaderBytes, in.BodyBytes, in.CountedBytes, in.LimitBytes, in.CutoffOffset, in.ReadComplete,
			in.RobotsAllowed, in.RobotsSkipped, in.RobotsLine, in.RobotsRule,
			in.Findings.Critical, in.Findings.Warning, in.Findings.Info, report)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for i, c := range in.Critical {
			if _, err := tx.ExecContext(ctx, `INSERT INTO critical_elements (inspection_id, seq, kind, name, value,
				body_offset, body_end, beyond_cutoff) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				id, i, c.Kind, c.Name, c.Value, c.Offset, c.End, c.BeyondCutoff); err != nil {
				return err
			}
		}
		for k, n := range in.Composition {
			if _, err := tx.ExecContext(ctx, `INSERT INTO composition (inspection_id, kind, bytes) VALUES (?, ?, ?)`,
				id, k, n); err != nil {
				return err
			}
		}
		return nil
	})
	return id, err
}

// gzipJSON is v's JSON, gzip-compressed.
func gzipJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	enc := json.NewEncoder(zw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// gunzip decompresses what gzipJSON wrote.
func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// Query selects inspections: all of them, or one URL's (as requested or
// as finally fetched), or one profile's; newest first, at most Limit
// (0: no limit).
type Query struct {
	URL     string
	Profile string
	Limit   int
}

// ErrNotFound is returned for an inspection id the file does not hold.
var ErrNotFound error = catalogError("history.no-such-inspection")

const inspectionColumns = `id, url, final_url, profile, inspected_at, status, header_bytes, body_bytes,
	counted_bytes, limit_bytes, cutoff_offset, read_complete, robots_allowed, robots_skipped, robots_line,
	robots_rule, findings_critical, findings_warning, findings_info`

// Inspections returns the inspections q selects, newest first, with their
// critical elements and composition.
func (h *DB) Inspections(ctx context.Context, q Query) ([]Inspection, error) {
	where, args := "1 = 1", []any{}
	if q.URL != "" {
		where += " AND (url = ? OR final_url = ?)"
		args = append(args, q.URL, q.URL)
	}
	if q.Profile != "" {
		where += " AND profile = ?"
		args = append(args, q.Profile)
	}
	limit := -1
	if q.Limit > 0 {
		limit = q.Limit
	}
	args = append(args, limit)
	rows, err := h.db.QueryContext(ctx, `SELECT `+inspectionColumns+` FROM inspections WHERE `+where+
		` ORDER BY inspected_at DESC, id DESC LIMIT ?`, args...)
	if err != nil {
		return nil, h.wrap(err)
	}
	out, err := scanInspections(rows)
	if err != nil {
		return nil, h.wrap(err)
	}
	for i := range out {
		if err := h.details(ctx, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Inspection returns the inspection with id, or ErrNotFound.
func (h *DB) Inspection(ctx context.Context, id int64) (Inspection, error) {
	rows, err := h.db.QueryContext(ctx, `SELECT `+inspectionColumns+` FROM inspections WHERE id = ?`, id)
	if err != nil {
		return Inspection{}, h.wrap(err)
	}
	out, err := scanInspections(rows)
	if err != nil {
		return Inspection{}, h.wrap(err)
	}
	if len(out) == 0 {
		return Inspection{}, ErrNotFound
	}
	return out[0], h.details(ctx, &out[0])
}

func scanInspections(rows *sql.Rows) ([]Inspection, error) {
	defer rows.Close()
	var out []Inspection
	for rows.Next() {
		var in Inspection
		var at int64
		var cutoff sql.NullInt64
		if err := rows.Scan(&in.ID, &in.URL, &in.FinalURL, &in.Profile, &at, &in.Status, &in.HeaderBytes,
			&in.BodyBytes, &in.CountedBytes, &in.LimitBytes, &cutoff, &in.ReadComplete, &in.RobotsAllowed,
			&in.RobotsSkipped, &in.RobotsLine, &in.RobotsRule, &in.Findings.Critical, &in.Findings.Warning,
			&in.Findings.Info); err != nil {
			return nil, err
		}
		in.Time = fromMillis(at)
		if cutoff.Valid {
			in.CutoffOffset = &cutoff.Int64
		}
		out = append(out, in)
	}
	return out, rows.Err()
}

// details reads in's critical elements and composition.
func (h *DB) details(ctx context.Context, in *Inspection) error {
	in.Critical, in.Composition = []Element{}, map[string]int64{}
	rows, err := h.db.QueryContext(ctx, `SELECT kind, name, value, body_offset, body_end, beyond_cutoff
		FROM critical_elements WHERE inspection_id = ? ORDER BY seq`, in.ID)
	if err != nil {
		return h.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		var e Element
		if err := rows.Scan(&e.Kind, &e.Name, &e.Value, &e.Offset, &e.End, &e.BeyondCutoff); err != nil {
			return h.wrap(err)
		}
		in.Critical = append(in.Critical, e)
	}
	if err := rows.Err(); err != nil {
		return h.wrap(err)
	}
	comp, err := h.db.QueryContext(ctx, `SELECT kind, bytes FROM composition WHERE inspection_id = ?`, in.ID)
	if err != nil {
		return h.wrap(err)
	}
	defer comp.Close()
	for comp.Next() {
		var k string
		var n int64
		if err := comp.Scan(&k, &n); err != nil {
			return h.wrap(err)
		}
		in.Composition[k] = n
	}
	return h.wrap(comp.Err())
}

// ReportJSON returns the whole report of inspection id as it was saved:
// the JSON of `cutoff inspect --json`.
func (h *DB) ReportJSON(ctx context.Context, id int64) ([]byte, error) {
	var blob []byte
	err := h.db.QueryRowContext(ctx, `SELECT report FROM inspections WHERE id = ?`, id).Scan(&blob)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, h.wrap(err)
	}
	return gunzip(blob)
}

// Report returns the saved report of inspection id, decoded, for showing
// read-only: what the JSON carries (no byte map, body or header).
func (h *DB) Report(ctx context.Context, id int64) (*inspect.Report, error) {
	b, err := h.ReportJSON(ctx, id)
	if err != nil {
		return nil, err
	}
	var r inspect.Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
