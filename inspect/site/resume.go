package site

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// maxLineBytes bounds one JSON Lines row read back (a row lists its links).
const maxLineBytes = 64 << 20

// ReadRows reads the rows of an earlier run's JSON Lines output, so that a
// run can resume without fetching them again. The summary line, blank lines
// and a last line cut short (a run killed while writing) are skipped; a
// URL met twice keeps its last row. An error is a sentence naming the line.
func ReadRows(r io.Reader) ([]Row, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLineBytes)
	var rows []Row
	at := map[string]int{}
	var pendingErr error
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || bytes.HasPrefix(line, []byte(`{"summary"`)) {
			continue
		}
		if pendingErr != nil {
			return nil, pendingErr // a bad line that was not the last one
		}
		var row Row
		if err := json.Unmarshal(line, &row); err != nil || row.URL == "" {
			pendingErr = fmt.Errorf("line %d of the file to resume from is not a row of cutoff site --jsonl", n)
			continue
		}
		if i, ok := at[row.URL]; ok {
			rows[i] = row
			continue
		}
		at[row.URL] = len(rows)
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("the file to resume from cannot be read: %v", err)
	}
	return rows, nil
}
