package compare

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
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
	return aspect{field: "status", label: "Status",
		show: func(f Fetch) string {
			if f.Error != "" {
				return "failed: " + f.Error
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
	switch {
	case f.Error != "" && ref.Error != "":
		return fmt.Sprintf("%s's fetch failed (%s) where %s's failed differently (%s).", f.Name, f.Error, ref.Name, ref.Error)
	case f.Error != "":
		return fmt.Sprintf("%s's fetch failed (%s) where %s got HTTP %d: a firewall or bot rule may drop that user agent's connections, or the network failed.",
			f.Name, f.Error, ref.Name, ref.Fetch.Status)
	case ref.Error != "":
		return fmt.Sprintf("%s got HTTP %d where %s's fetch failed (%s).", f.Name, f.Fetch.Status, ref.Name, ref.Error)
	}
	why := "the server answers them differently"
	if blocking(f.Fetch.Status) || blocking(ref.Fetch.Status) {
		why = "a firewall or bot rule treats them differently"
	}
	return fmt.Sprintf("%s got HTTP %d where %s got %d: %s.", f.Name, f.Fetch.Status, ref.Name, ref.Fetch.Status, why)
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
			return "none"
		}
		parts := make([]string, len(f.Fetch.Redirects))
		for i, h := range f.Fetch.Redirects {
			parts[i] = fmt.Sprintf("%d → %s", h.Status, h.Location)
		}
		return strings.Join(parts, ", ")
	}
	return aspect{field: "redirects", label: "Redirects", show: chain,
		raw: func(f Fetch) any { return f.Fetch.Redirects },
		key: func(f Fetch) string { return chain(f) + " " + f.Fetch.FinalURL },
		say: func(f, ref Fetch) string {
			return fmt.Sprintf("%s was redirected %s and ended at %s where %s was redirected %s and ended at %s: the server sends them to different places.",
				f.Name, chainWords(chain(f)), f.Fetch.FinalURL, ref.Name, chainWords(chain(ref)), ref.Fetch.FinalURL)
		},
		skip: failed,
	}
}

func chainWords(chain string) string {
	if chain == "none" {
		return "nowhere"
	}
	return "(" + chain + ")"
}

// headerAspect compares the header blocks' sizes. Where they differ only by
// the length of the Content-Length value (a longer body needs more digits),
// the sentence says so instead of blaming the headers.
func headerAspect() aspect {
	a := bytesAspect("header_bytes", "Header bytes", func(f Fetch) int64 { return f.Fetch.HeaderBytes },
		"%s's response header block was %s bytes where %s's was %s: the server sends them different headers.")
	differ := a.say
	a.say = func(f, ref Fetch) string {
		fl, rl := contentLengthDigits(f), contentLengthDigits(ref)
		if fl == rl || f.Fetch.HeaderBytes-int64(fl) != ref.Fetch.HeaderBytes-int64(rl) {
			return differ(f, ref)
		}
		return fmt.Sprintf("%s's response header block was %s bytes where %s's was %s: only the Content-Length value differs in length (%d digits against %d), because the bodies differ in size; the rest of the headers is the same size.",
			f.Name, inspect.Bytes(f.Fetch.HeaderBytes), ref.Name, inspect.Bytes(ref.Fetch.HeaderBytes), fl, rl)
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
	a := bytesAspect("body_bytes", "Body bytes", func(f Fetch) int64 { return f.Fetch.BodyBytes },
		"%s got %s bytes of decoded body where %s got %s: the server sends them different pages (dynamic serving or a page for bots).")
	counts, differ := a.show, a.say
	a.show = func(f Fetch) string {
		if !f.Fetch.ReadComplete {
			return counts(f) + " (reading stopped; the page is longer)"
		}
		return counts(f)
	}
	a.say = func(f, ref Fetch) string {
		if f.Fetch.ReadComplete && ref.Fetch.ReadComplete {
			return differ(f, ref)
		}
		return fmt.Sprintf("Cutoff read %s bytes of %s's page and %s of %s's, and stopped before the end of %s: the counts say where reading stopped, not whether the server sends them different pages.",
			inspect.Bytes(f.Fetch.BodyBytes), f.Name, inspect.Bytes(ref.Fetch.BodyBytes), ref.Name, stoppedWhose(f, ref))
	}
	return a
}

// stoppedWhose names the pages whose reading stopped before their end.
func stoppedWhose(f, ref Fetch) string {
	switch {
	case !f.Fetch.ReadComplete && !ref.Fetch.ReadComplete:
		return "both"
	case !f.Fetch.ReadComplete:
		return f.Name + "'s"
	}
	return ref.Name + "'s"
}

// bytesAspect compares one byte count; format takes name, count, name, count.
func bytesAspect(field, label string, n func(Fetch) int64, format string) aspect {
	return aspect{field: field, label: label, content: true,
		show: func(f Fetch) string { return inspect.Bytes(n(f)) },
		raw:  func(f Fetch) any { return n(f) },
		key:  func(f Fetch) string { return strconv.FormatInt(n(f), 10) },
		say: func(f, ref Fetch) string {
			return fmt.Sprintf(format, f.Name, inspect.Bytes(n(f)), ref.Name, inspect.Bytes(n(ref)))
		},
		skip: failed,
	}
}

func cutoffAspect() aspect {
	show := func(f Fetch) string {
		limit := " (limit " + inspect.Bytes(f.Fetch.LimitBytes) + ")"
		if f.Browser {
			limit = " (no limit: a browser keeps everything)"
			if f.Fetch.CutoffOffset != nil {
				return "read up to body byte " + inspect.Bytes(*f.Fetch.CutoffOffset) + " (Cutoff's read limit; a browser keeps everything)"
			}
		}
		if f.Fetch.CutoffOffset == nil {
			return "kept whole" + limit
		}
		return "cut at body byte " + inspect.Bytes(*f.Fetch.CutoffOffset) + limit
	}
	return aspect{field: "cutoff", label: "Cutoff", show: show, content: true,
		raw: func(f Fetch) any { return f.Fetch.CutoffOffset },
		key: func(f Fetch) string {
			if f.Fetch.CutoffOffset == nil {
				return "whole"
			}
			return strconv.FormatInt(*f.Fetch.CutoffOffset, 10)
		},
		say: func(f, ref Fetch) string {
			why := "their pages differ in size"
			switch {
			case f.Browser || ref.Browser:
				why = "a browser has no crawler limit"
			case f.Fetch.LimitBytes != ref.Fetch.LimitBytes:
				why = "their byte limits differ"
			}
			return fmt.Sprintf("%s's page is %s where %s's is %s: %s.", f.Name, show(f), ref.Name, show(ref), why)
		},
		skip: failed,
	}
}
