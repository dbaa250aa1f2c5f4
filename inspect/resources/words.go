package resources

import "strconv"

// The words in this file are the ones every view shows of a resource (the
// window, the text report, the CSV and the HTML evidence pack), so that a
// verdict reads the same wherever it is pasted from.

// StatusWord is a resource's status as every view shows it: the HTTP
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

// RobotsWord is the verdict of a resource's robots.txt as every view shows
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
