package compare

import (
	"fmt"
	"strconv"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// aspect is one thing compared: a row of the side-by-side table and the
// source of its difference sentences. show, raw and key read the same
// fetch values, so the table, the JSON and the sentences cannot disagree.
type aspect struct {
	field string                       // JSON field, e.g. "status"
	label string                       // row heading, e.g. "Status"
	show  func(f Fetch) string         // the table cell
	raw   func(f Fetch) any            // the JSON value
	key   func(f Fetch) string         // equal keys mean no difference
	say   func(f, ref Fetch) string    // the sentence when f differs from ref (every aspect has one)
	skip  func(f Fetch) (bool, string) // f has nothing to compare here, and what its cell says
	// content is true for what the response carries (headers, body,
	// elements, findings): fetches answered with another status are not
	// compared on it, the status difference already says why.
	content bool
}

// failed skips a fetch that got no response.
func failed(f Fetch) (bool, string) { return f.Report == nil, "—" }

// aspects lists the rows in the order of the table; the critical elements
// add one row per kind present in any fetch.
func aspects(fetches []Fetch) []aspect {
	list := []aspect{statusAspect(), redirectsAspect(), headerAspect(), bodyAspect(), cutoffAspect(),
		robotsFileAspect(), robotsAspect()}
	kinds := criticalKinds(fetches)
	for _, kind := range kinds {
		list = append(list, criticalAspect(kind))
	}
	return append(list, findingsAspect())
}

func statusAspect() aspect {
	return aspect{field: "status", label: i18n.T("compare.label-status"),
		show: func(f Fetch) string {
			if f.Error != "" {
				return i18n.T("compare.cell-failed", "Error", f.Error)
			}
			return strconv.Itoa(f.Fetch.Status)
		},
		raw: func(f Fetch) any {
			if f.Error != "" {
				return nil
			}
			return f.Fetch.Status
		},
		key: func(f Fetch) string {
			if f.Error != "" {
				return "failed"
			}
			return strconv.Itoa(f.Fetch.Status)
		},
		say:  statusSentence,
		skip: func(Fetch) (bool, string) { return false, "" },
	}
}

// statusSentence explains a status difference, or a fetch that failed.
func statusSentence(f, ref Fetch) string {
	id := "compare.status-differs"
	switch {
	case f.Error != "" && ref.Error != "":
		id = "compare.status-both-failed"
	case f.Error != "":
		id = "compare.status-failed"
	case ref.Error != "":
		id = "compare.status-other-failed"
	case blocking(f.Fetch.Status) || blocking(ref.Fetch.Status):
		id = "compare.status-differs-firewall"
	}
	var status, otherStatus string
	if f.Fetch != nil {
		status = strconv.Itoa(f.Fetch.Status)
	}
	if ref.Fetch != nil {
		otherStatus = strconv.Itoa(ref.Fetch.Status)
	}
	return i18n.T(id, "Crawler", f.Name, "Error", f.Error, "Status", status,
		"Other", ref.Name, "OtherError", ref.Error, "OtherStatus", otherStatus)
}

// blocking reports whether a status is what firewalls and bot managers
// answer to a client they refuse.
func blocking(status int) bool {
	switch status {
	case 401, 403, 406, 429, 451, 503:
		return true
	}
	return false
}

func redirectsAspect() aspect {
	chain := func(f Fetch) string {
		if len(f.Fetch.Redirects) == 0 {
			return i18n.T("compare.cell-no-redirects")
		}
		parts := make([]string, len(f.Fetch.Redirects))
		for i, h := range f.Fetch.Redirects {
			parts[i] = fmt.Sprintf("%d → %s", h.Status, h.Location)
		}
		return i18n.List(parts)
	}
	chainWords := func(f Fetch) string {
		if len(f.Fetch.Redirects) == 0 {
			return i18n.T("compare.redirected-nowhere")
		}
		return "(" + chain(f) + ")"
	}
	return aspect{field: "redirects", label: i18n.T("compare.label-redirects"), show: chain,
		raw: func(f Fetch) any { return f.Fetch.Redirects },
		key: func(f Fetch) string { return chain(f) + " " + f.Fetch.FinalURL },
		say: func(f, ref Fetch) string {
			return i18n.T("compare.redirects-differ", "Crawler", f.Name, "Chain", chainWords(f), "Final", f.Fetch.FinalURL,
				"Other", ref.Name, "OtherChain", chainWords(ref), "OtherFinal", ref.Fetch.FinalURL)
		},
		skip: failed,
	}
}

// headerAspect compares the header blocks' sizes. Where they differ only by
// the length of the Content-Length value (a longer body needs more digits),
// the sentence says so instead of blaming the headers.
func headerAspect() aspect {
	a := bytesAspect("header_bytes", i18n.T("compare.label-header-bytes"), func(f Fetch) int64 { return f.Fetch.HeaderBytes },
		"compare.header-differs")
	differ := a.say
	a.say = func(f, ref Fetch) string {
		fl, rl := contentLengthDigits(f), contentLengthDigits(ref)
		if fl == rl || f.Fetch.HeaderBytes-int64(fl) != ref.Fetch.HeaderBytes-int64(rl) {
			return differ(f, ref)
		}
		return i18n.T("compare.header-content-length", "Crawler", f.Name, "Bytes", f.Fetch.HeaderBytes, "Other", ref.Name,
			"OtherBytes", ref.Fetch.HeaderBytes, "Digits", strconv.Itoa(fl), "OtherDigits", strconv.Itoa(rl))
	}
	return a
}

// contentLengthDigits is the length of the response's Content-Length value,
// 0 when it sent none.
func contentLengthDigits(f Fetch) int {
	return len(f.Fetch.Header.Get("Content-Length"))
}

// bodyAspect compares the decoded body bytes read. When reading stopped
// before the end of either page (at the read cap, which follows each
// crawler's limit, or on an error), the counts say where it stopped, not
// how long the pages are.
func bodyAspect() aspect {
	a := bytesAspect("body_bytes", i18n.T("compare.label-body-bytes"), func(f Fetch) int64 { return f.Fetch.BodyBytes },
		"compare.body-differs")
	counts, differ := a.show, a.say
	a.show = func(f Fetch) string {
		if !f.Fetch.ReadComplete {
			return i18n.T("compare.cell-body-stopped", "Bytes", counts(f))
		}
		return counts(f)
	}
	a.say = func(f, ref Fetch) string {
		if f.Fetch.ReadComplete && ref.Fetch.ReadComplete {
			return differ(f, ref)
		}
		return i18n.T(stoppedWhose(f, ref), "Crawler", f.Name, "Bytes", f.Fetch.BodyBytes, "Other", ref.Name, "OtherBytes", ref.Fetch.BodyBytes)
	}
	return a
}

// stoppedWhose is the sentence for body counts of which one or both
// stopped before the end of the page.
func stoppedWhose(f, ref Fetch) string {
	switch {
	case !f.Fetch.ReadComplete && !ref.Fetch.ReadComplete:
		return "compare.body-stopped-both"
	case !f.Fetch.ReadComplete:
		return "compare.body-stopped"
	}
	return "compare.body-stopped-other"
}

// bytesAspect compares one byte count; id is the message saying a
// difference, with Crawler, Bytes, Other and OtherBytes.
func bytesAspect(field, label string, n func(Fetch) int64, id string) aspect {
	return aspect{field: field, label: label, content: true,
		show: func(f Fetch) string { return inspect.Bytes(n(f)) },
		raw:  func(f Fetch) any { return n(f) },
		key:  func(f Fetch) string { return strconv.FormatInt(n(f), 10) },
		say: func(f, ref Fetch) string {
			return i18n.T(id, "Crawler", f.Name, "Bytes", n(f), "Other", ref.Name, "OtherBytes", n(ref))
		},
		skip: failed,
	}
}

func cutoffAspect() aspect {
	show := func(f Fetch) string {
		switch {
		case f.Browser && f.Fetch.CutoffOffset != nil:
			return i18n.T("compare.cell-browser-read", "Offset", *f.Fetch.CutoffOffset)
		case f.Browser:
			return i18n.T("compare.cell-browser-whole")
		case f.Fetch.CutoffOffset == nil:
			return i18n.T("compare.cell-kept-whole", "Limit", f.Fetch.LimitBytes)
		}
		return i18n.T("compare.cell-cut", "Offset", *f.Fetch.CutoffOffset, "Limit", f.Fetch.LimitBytes)
	}
	return aspect{field: "cutoff", label: i18n.T("compare.label-cutoff"), show: show, content: true,
		raw: func(f Fetch) any { return f.Fetch.CutoffOffset },
		key: func(f Fetch) string {
			if f.Fetch.CutoffOffset == nil {
				return "whole"
			}
			return strconv.FormatInt(*f.Fetch.CutoffOffset, 10)
		},
		say: func(f, ref Fetch) string {
			id := "compare.cutoff-differs-size"
			switch {
			case f.Browser || ref.Browser:
				id = "compare.cutoff-differs-browser"
			case f.Fetch.LimitBytes != ref.Fetch.LimitBytes:
				id = "compare.cutoff-differs-limits"
			}
			return i18n.T(id, "Crawler", f.Name, "Cell", show(f), "Other", ref.Name, "OtherCell", show(ref))
		},
		skip: failed,
	}
}
