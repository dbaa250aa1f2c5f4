package verify

import (
	"fmt"
	"io"
	"time"

	"github.com/cutoffapp/cutoff/internal/i18n"
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
		st.Note = st.sentence(loaded[p.Name].Created) + i18n.T("verify.file-reverse-dns", "Names", reverseDNSText(p))
		out = append(out, st)
	}
	return out
}

// sentence says what the run has of the file.
func (st FileStatus) sentence(created time.Time) string {
	crawlers := crawlersText(st.PublishedFile)
	if !st.Loaded && (st.Family == FamilyOpenAI || st.Family == FamilyPerplexity) {
		return i18n.T("verify.file-not-loaded-only", "File", st.Name, "Crawlers", crawlers, "URL", st.URL)
	}
	if !st.Loaded {
		return i18n.T("verify.file-not-loaded", "File", st.Name, "Crawlers", crawlers, "URL", st.URL)
	}
	id := "verify.file-loaded"
	if st.Bundled {
		id = "verify.file-bundled"
	}
	age := i18n.T("verify.age-days", "Count", st.AgeDays)
	if st.AgeDays < 0 {
		age = i18n.T("verify.age-future")
	}
	s := i18n.T(id, "File", st.Name, "Crawlers", crawlers, "Prefixes", i18n.T("verify.prefixes", "Count", st.Prefixes),
		"Date", created.Format(time.DateOnly), "Age", age)
	if st.Stale {
		s += i18n.T("verify.file-stale", "URL", st.URL)
	}
	return s
}

// WriteStatusText writes the file statuses for people, one line each.
func WriteStatusText(w io.Writer, files []FileStatus) error {
	sw := &stickyWriter{w: w}
	fmt.Fprintln(sw, i18n.T("verify.text-range-files"))
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
