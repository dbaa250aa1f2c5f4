package site

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// maxLineBytes bounds one JSON Lines row read back (a row lists its links).
const maxLineBytes = 64 << 20

// Resumed is what an earlier run's JSON Lines output gives a run that
// resumes from it.
type Resumed struct {
	Rows []Row
	// Links is true when a row lists its links: a crawl can go on from
	// them. Rows written by --out, or by the window, keep none.
	Links bool
	// Notes are sentences about lines that were skipped.
	Notes []string
}

// ReadRows reads the rows of an earlier run's JSON Lines output (ReadResume
// without the notes).
func ReadRows(r io.Reader) ([]Row, error) {
	res, err := ReadResume(r)
	return res.Rows, err
}

// ReadResume reads the rows of an earlier run's JSON Lines output, so that a
// run can resume without fetching them again. The summary line and blank
// lines are skipped, and so is a last line that is not a row, with a note
// (cut short, it is what a run killed while writing leaves). A URL met
// twice keeps its last row. An error is a sentence naming the line.
func ReadResume(r io.Reader) (Resumed, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLineBytes)
	ends := &lineEnds{}
	sc.Split(ends.split)
	var res Resumed
	at := map[string]int{}
	var pendingErr error
	n, bad := 0, 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || bytes.HasPrefix(line, []byte(`{"summary"`)) {
			continue
		}
		if pendingErr != nil {
			return Resumed{}, pendingErr // a bad line that was not the last one
		}
		var row Row
		if err := json.Unmarshal(line, &row); err != nil || row.URL == "" {
			pendingErr = errors.New(i18n.T("site.resume-bad-line", "Line", strconv.Itoa(n)))
			bad = n
			continue
		}
		res.Links = res.Links || len(row.KeptLinks) > 0 || len(row.LostOnlyLinks) > 0
		if i, ok := at[row.URL]; ok {
			res.Rows[i] = row
			continue
		}
		at[row.URL] = len(res.Rows)
		res.Rows = append(res.Rows, row)
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return Resumed{}, errors.New(i18n.T("site.resume-long-line", "Line", strconv.Itoa(n+1), "MiB", strconv.Itoa(maxLineBytes>>20)))
	} else if err != nil {
		return Resumed{}, errors.New(i18n.T("site.resume-unreadable", "Cause", err.Error()))
	}
	if pendingErr != nil {
		id := "site.resume-last-line-bad"
		if ends.cut {
			id = "site.resume-last-line-cut"
		}
		res.Notes = append(res.Notes, i18n.T(id, "Line", strconv.Itoa(bad)))
	}
	return res, nil
}

// lineEnds splits lines as bufio.ScanLines does and records whether the
// last one ended without a line break.
type lineEnds struct{ cut bool }

func (l *lineEnds) split(data []byte, atEOF bool) (int, []byte, error) {
	advance, token, err := bufio.ScanLines(data, atEOF)
	if token != nil {
		l.cut = atEOF && bytes.IndexByte(data[:advance], '\n') < 0
	}
	return advance, token, err
}
