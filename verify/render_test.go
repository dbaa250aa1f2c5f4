package verify

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"testing"

	"github.com/cutoffapp/cutoff/internal/golden"
)

func renderResults(t *testing.T) []Result {
	t.Helper()
	v := &Verifier{Resolver: testZone(), Ranges: testRanges(t), Timeout: testTimeout}
	return v.VerifyAll(context.Background(), []Claim{
		{"66.249.66.1", "googlebot"},
		{"203.0.113.5", "googlebot"},
		{"203.0.113.12", "bingbot"},
		{"203.0.113.21", "googlebot"},
	}, nil)
}

func TestWriteTextGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, renderResults(t)); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "results.txt.golden", b.Bytes())
}

func TestWriteJSONGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, renderResults(t)); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "results.json.golden", b.Bytes())
}

// TestWriteJSONContract checks the field names CLI.md promises.
func TestWriteJSONContract(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, renderResults(t)[:1]); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	r := doc.Results[0]
	for _, k := range []string{"ip", "claimed", "ranges", "reverse_dns", "forward_confirmed", "verdict", "error", "evidence"} {
		if _, ok := r[k]; !ok {
			t.Errorf("result JSON lacks %q", k)
		}
	}
	ranges, _ := r["ranges"].(map[string]any)
	for _, k := range []string{"matched", "file", "prefix", "class"} {
		if _, ok := ranges[k]; !ok {
			t.Errorf("ranges JSON lacks %q", k)
		}
	}
	var empty bytes.Buffer
	if err := WriteJSON(&empty, nil); err != nil || !bytes.Contains(empty.Bytes(), []byte(`"results": []`)) {
		t.Errorf("WriteJSON(nil) = %s, %v; want an empty results list", empty.Bytes(), err)
	}
}

func TestWriteCSV(t *testing.T) {
	results := renderResults(t)
	results = append(results, Result{IP: "203.0.113.99", Claimed: "=cmd|' /C calc'!A0", Verdict: Unknown})
	var b bytes.Buffer
	if err := WriteCSV(&b, results); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatalf("WriteCSV output does not parse as CSV: %v", err)
	}
	if got, want := len(rows), len(results)+1; got != want {
		t.Fatalf("%d CSV rows, want %d", got, want)
	}
	if got, want := rows[1][0], "66.249.66.1"; got != want {
		t.Errorf("first data row IP = %q, want %q", got, want)
	}
	if got, want := rows[1][2], "verified"; got != want {
		t.Errorf("first data row verdict = %q, want %q", got, want)
	}
	if got := rows[len(rows)-1][1]; got[0] != '\'' {
		t.Errorf("formula-like cell written as %q, want it prefixed with a quote", got)
	}
}

type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("pipe closed") }

func TestWritersReportErrors(t *testing.T) {
	results := renderResults(t)
	sum := &LogSummary{Lines: 1, Crawlers: summarise(results), Results: results}
	for name, err := range map[string]error{
		"WriteText":            WriteText(brokenWriter{}, results),
		"WriteJSON":            WriteJSON(brokenWriter{}, results),
		"WriteCSV":             WriteCSV(brokenWriter{}, results),
		"LogSummary.WriteText": sum.WriteText(brokenWriter{}),
		"LogSummary.WriteJSON": sum.WriteJSON(brokenWriter{}),
	} {
		if err == nil {
			t.Errorf("%s to a failing writer returned no error", name)
		}
	}
}
