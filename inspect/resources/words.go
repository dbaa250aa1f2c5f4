package resources

import (
	"slices"
	"strconv"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// The words in this file are the ones every view shows of a resource, so
// that a verdict reads the same wherever it is pasted from: StatusWord,
// RobotsWord and SeenWord are the stable English words of the CSV cells,
// StatusText, RobotsText and SeenText the same words in the language in
// use, for the text report, the HTML evidence pack and the window; so is
// Kind.Text for the kind, whose code the CSV keeps.

// Text is the kind as a word for people, in the language in use
// ("stylesheet", "foglio di stile"); the kind itself is a code, which the
// CSV and JSON keep.
func (k Kind) Text() string {
	if slices.Contains(Kinds, k) {
		return i18n.T("resources.kind-" + string(k))
	}
	return string(k)
}

// StatusWord is a resource's status as the CSV writes it: the HTTP
// status, "failed" for a request that got no response, "—" when none was
// sent.
func (r *Resource) StatusWord() string {
	switch {
	case r.Status > 0:
		return strconv.Itoa(r.Status)
	case r.Requested:
		return "failed"
	}
	return "—"
}

// RobotsWord is the verdict of a resource's robots.txt as the CSV writes
// it: "allowed (line 4)", "disallowed (line 2)", "could not be checked"
// (Google's policy for an unreachable file decided), "not consulted", or
// "—" when there is none.
func (r *Resource) RobotsWord() string {
	rr := r.Robots
	switch {
	case rr == nil:
		return "—"
	case rr.Skipped:
		return "not consulted"
	case rr.Unchecked():
		return "could not be checked"
	}
	s := "disallowed"
	if rr.Allowed {
		s = "allowed"
	}
	if rr.Line > 0 {
		s += " (line " + strconv.Itoa(rr.Line) + ")"
	}
	return s
}

// SeenWord says whether the crawler ever sees the reference.
func (r *Resource) SeenWord() string {
	if r.DiscoveredBeforeCutoff {
		return "before cutoff"
	}
	return "after cutoff"
}

// StatusText is StatusWord in the language in use: the HTTP status, or
// "failed", or "—".
func (r *Resource) StatusText() string {
	if r.Status <= 0 && r.Requested {
		return i18n.T("resources.word-failed")
	}
	return r.StatusWord()
}

// RobotsText is RobotsWord in the language in use.
func (r *Resource) RobotsText() string {
	rr := r.Robots
	switch {
	case rr == nil:
		return "—"
	case rr.Skipped:
		return i18n.T("resources.word-not-consulted")
	case rr.Unchecked():
		return i18n.T("resources.word-could-not-be-checked")
	}
	id := "resources.word-disallowed"
	if rr.Allowed {
		id = "resources.word-allowed"
	}
	if rr.Line > 0 {
		return i18n.T(id+"-line", "Line", strconv.Itoa(rr.Line))
	}
	return i18n.T(id)
}

// SeenText is SeenWord in the language in use.
func (r *Resource) SeenText() string {
	if r.DiscoveredBeforeCutoff {
		return i18n.T("resources.word-before-cutoff")
	}
	return i18n.T("resources.word-after-cutoff")
}
