package verify

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// WriteText writes results as a table for people, then the evidence for
// each address.
func WriteText(w io.Writer, results []Result) error {
	sw := &stickyWriter{w: w}
	tw := prose.NewTable(sw, 2, prose.AlignLeft)
	fmt.Fprintln(tw, i18n.T("verify.table-header"))
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.IP, dash(r.Claimed), r.Verdict,
			RangeText(r.Ranges), dash(strings.Join(r.ReverseDNS, " ")), prose.YesNo(r.ForwardConfirmed))
	}
	tw.Flush()
	if len(results) > 0 {
		fmt.Fprintf(sw, "\n%s\n", i18n.T("verify.text-evidence"))
	}
	for _, r := range results {
		fmt.Fprintf(sw, "  %s: %s\n", r.IP, r.Evidence)
	}
	return sw.err
}

// stickyWriter keeps the first write error and drops later writes, so that
// a renderer can write freely and check once at the end.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// WriteJSON writes results as {"results": [...]}, the JSON of `cutoff
// verify IP...`.
func WriteJSON(w io.Writer, results []Result) error {
	if results == nil {
		results = []Result{}
	}
	return writeIndented(w, struct {
		Results []Result `json:"results"`
	}{results})
}

func writeIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// csvHeader names the columns of WriteCSV.
var csvHeader = []string{"ip", "claimed", "verdict", "reverse_dns", "forward_confirmed",
	"range_file", "range_prefix", "range_class", "requests", "evidence", "error"}

// WriteCSV writes results as CSV with a header row. Cells that a
// spreadsheet would run as a formula are prefixed with a quote, since DNS
// names and claims come from untrusted sources.
func WriteCSV(w io.Writer, results []Result) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, r := range results {
		row := []string{r.IP, r.Claimed, string(r.Verdict), strings.Join(r.ReverseDNS, " "),
			strconv.FormatBool(r.ForwardConfirmed), r.Ranges.File, r.Ranges.Prefix, r.Ranges.Class,
			strconv.FormatInt(r.Requests, 10), r.Evidence, r.Error}
		for i := range row {
			row[i] = csvSafe(row[i])
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvSafe keeps a spreadsheet from reading a cell as a formula.
func csvSafe(s string) string { return prose.CSVCell(s) }

// RangeText renders a range match for a table cell: "66.249.64.0/27
// (common, googlebot.json)", or "-" when no range matched.
func RangeText(m RangeMatch) string {
	if !m.Matched {
		return "-"
	}
	return fmt.Sprintf("%s (%s, %s)", m.Prefix, m.Class, m.File)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// fakeIPsShown bounds the fake addresses listed per crawler in text.
const fakeIPsShown = 20

// WriteText writes the summary for people: what was read, a table per
// claimed crawler, then the fake addresses with their request counts.
func (s *LogSummary) WriteText(out io.Writer) error {
	w := &stickyWriter{w: out}
	s.writeCounts(w)
	for _, c := range s.Caveats() {
		fmt.Fprintln(w, c)
	}
	if len(s.Crawlers) == 0 {
		fmt.Fprintln(w, i18n.T("verify.text-no-crawler"))
		return w.err
	}
	fmt.Fprintln(w)
	// Numbers align right; padding the names to one width keeps them left.
	crawler := i18n.T("verify.summary-crawler")
	cols := prose.Width(crawler)
	for _, c := range s.Crawlers {
		cols = max(cols, prose.Width(c.Claimed))
	}
	tw := prose.NewTable(w, 2, prose.AlignRight)
	fmt.Fprintf(tw, "%s\t%s\t\n", prose.PadRight(crawler, cols), i18n.T("verify.summary-columns"))
	for _, c := range s.Crawlers {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", prose.PadRight(c.Claimed, cols), prose.Thousands(c.Requests),
			prose.Thousands(int64(c.IPs)), prose.Thousands(int64(c.Verified)), prose.Thousands(int64(c.Fake)),
			prose.Thousands(int64(c.Unknown)), prose.Thousands(int64(c.Unverifiable)), prose.Thousands(c.FakeRequests))
	}
	tw.Flush()
	s.writeUnknown(w)
	s.writeFakeIPs(w)
	if len(s.RangeFiles) > 0 {
		fmt.Fprintln(w)
		WriteStatusText(w, s.RangeFiles)
	}
	return w.err
}

// writeCounts writes the sentence on what was read.
func (s *LogSummary) writeCounts(w io.Writer) {
	long := ""
	if s.LongLines > 0 {
		long = i18n.T("verify.text-long-lines", "Lines", s.LongLines, "KiB", strconv.Itoa(MaxLogLineBytes>>10))
	}
	fmt.Fprintln(w, i18n.T("verify.text-read", "Lines", i18n.T("verify.lines", "Count", s.Lines), "Bytes", s.Bytes,
		"Claims", i18n.T("verify.claim-lines", "Count", s.CrawlerLines), "Junk", i18n.T("verify.junk-lines", "Count", s.JunkLines), "Long", long))
	if s.UntrackedLines > 0 {
		fmt.Fprintln(w, i18n.T("verify.text-untracked", "Lines", s.UntrackedLines, "Tracked", len(s.Results)))
	}
}

// writeUnknown says why addresses were left unknown, which the table's
// counts do not: the evidence of the first one, as an example.
func (s *LogSummary) writeUnknown(w io.Writer) {
	var first *Result
	n := 0
	for i := range s.Results {
		if s.Results[i].Verdict == Unknown {
			if n == 0 {
				first = &s.Results[i]
			}
			n++
		}
	}
	if n == 0 {
		return
	}
	why := prose.Printable(endSentence(first.Evidence))
	if n == 1 {
		fmt.Fprintf(w, "\n%s\n", i18n.T("verify.text-why-unknown", "IP", first.IP, "Why", why))
		return
	}
	fmt.Fprintf(w, "\n%s\n", i18n.T("verify.text-why-unknowns", "Count", n, "IP", first.IP, "Why", why))
}

// endSentence ends an evidence sentence with a full stop unless it already
// ends with one, in any language's script (Japanese ends with "。").
func endSentence(s string) string {
	if strings.HasSuffix(strings.TrimSpace(s), "。") {
		return strings.TrimSpace(s)
	}
	return prose.EndSentence(s)
}

func (s *LogSummary) writeFakeIPs(w io.Writer) {
	for _, c := range s.Crawlers {
		if len(c.FakeIPs) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s\n", i18n.T("verify.text-fake-ips", "Crawler", c.Claimed))
		for i, f := range c.FakeIPs {
			if i == fakeIPsShown {
				fmt.Fprintf(w, "  %s\n", i18n.T("verify.text-fake-more", "Count", strconv.Itoa(len(c.FakeIPs)-fakeIPsShown)))
				break
			}
			fmt.Fprintf(w, "  %s  %s\n", f.IP, prose.Thousands(f.Requests))
		}
	}
}

// WriteJSON writes the summary as JSON: the results plus the counts.
func (s *LogSummary) WriteJSON(w io.Writer) error {
	out := *s
	if out.Results == nil {
		out.Results = []Result{}
	}
	if out.Crawlers == nil {
		out.Crawlers = []CrawlerSummary{}
	}
	return writeIndented(w, out)
}
