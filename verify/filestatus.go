package verify

import (
	"fmt"
	"io"
	"time"

	"github.com/cutoffapp/cutoff/internal/prose"
)

// StaleAfter is the age past which a range file is called old: Google's
// files change almost daily, so a month-old copy may miss new addresses.
const StaleAfter = 30 * 24 * time.Hour

// FileStatus is one published range file as this run has it: loaded or
// not, and when loaded its creationTime and age.
type FileStatus struct {
	PublishedFile
	Loaded   bool `json:"loaded"`
	Bundled  bool `json:"bundled"`
	Prefixes int  `json:"prefixes"`
	// Created is the file's creationTime, UTC, "" when not loaded.
	Created string `json:"created,omitempty"`
	// AgeDays is how many whole days old the file was at the check.
	AgeDays int `json:"age_days"`
	// Stale is true when the file is older than StaleAfter.
	Stale bool `json:"stale"`
	// Note is one sentence for people.
	Note string `json:"note"`
}

// Status describes every file of PublishedFiles as of now: which are
// loaded, how old each is, which are missing.
func (r *Ranges) Status(now time.Time) []FileStatus {
	loaded := map[string]RangeFileInfo{}
	for _, f := range r.Files() {
		loaded[f.Name] = f
	}
	out := make([]FileStatus, 0, len(publishedFiles))
	for _, p := range PublishedFiles() {
		st := FileStatus{PublishedFile: p}
		if f, ok := loaded[p.Name]; ok {
			st.Loaded, st.Bundled, st.Prefixes = true, f.Bundled, f.Prefixes
			st.Created = f.Created.Format(time.RFC3339)
			age := now.Sub(f.Created)
			st.AgeDays = int(age / (24 * time.Hour))
			st.Stale = age > StaleAfter
		}
		st.Note = st.sentence(loaded[p.Name].Created) + " Reverse DNS: " + p.ReverseDNS + "."
		out = append(out, st)
	}
	return out
}

// sentence says what the run has of the file.
func (st FileStatus) sentence(created time.Time) string {
	if !st.Loaded && (st.Family == FamilyOpenAI || st.Family == FamilyPerplexity) {
		return fmt.Sprintf("%s (%s) is not loaded, so that crawler's addresses cannot be verified; download %s and load it.",
			st.Name, st.Crawlers, st.URL)
	}
	if !st.Loaded {
		return fmt.Sprintf("%s (%s) is not loaded, so addresses it lists are checked by DNS alone; download %s and load it.",
			st.Name, st.Crawlers, st.URL)
	}
	origin := "loaded"
	if st.Bundled {
		origin = "bundled"
	}
	age := prose.Count(int64(st.AgeDays), "day", "days") + " old"
	if st.AgeDays < 0 {
		age = "a date after today (check this machine's clock)"
	}
	s := fmt.Sprintf("%s (%s, %s): %s, created %s, %s.", st.Name, st.Crawlers, origin,
		prose.Count(int64(st.Prefixes), "prefix", "prefixes"), created.Format(time.DateOnly), age)
	if st.Stale {
		s += fmt.Sprintf(" Warning: older than 30 days, while the file changes almost daily; load a fresh copy of %s.", st.URL)
	}
	return s
}

// WriteStatusText writes the file statuses for people, one line each.
func WriteStatusText(w io.Writer, files []FileStatus) error {
	sw := &stickyWriter{w: w}
	fmt.Fprintln(sw, "Range files:")
	for _, f := range files {
		fmt.Fprintf(sw, "  %s\n", f.Note)
	}
	return sw.err
}

// Report is the output of `cutoff verify IP...`: the results, and the range
// files they were checked against.
type Report struct {
	Results    []Result     `json:"results"`
	RangeFiles []FileStatus `json:"range_files"`
}

// WriteJSON writes the report as indented JSON.
func (r Report) WriteJSON(w io.Writer) error {
	if r.Results == nil {
		r.Results = []Result{}
	}
	return writeIndented(w, r)
}

// WriteText writes the results table and evidence, then the range files.
func (r Report) WriteText(w io.Writer) error {
	if err := WriteText(w, r.Results); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	return WriteStatusText(w, r.RangeFiles)
}
