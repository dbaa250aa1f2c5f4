package scan

import "golang.org/x/net/html/atom"

// Impact compares the full document with the kept prefix (the bytes before
// the cutoff) parsed as a complete document, which is what the indexer and
// the renderer receive.
type Impact struct {
	KeptBytes int64 `json:"kept_bytes"` // body bytes the crawler keeps
	LostBytes int64 `json:"lost_bytes"` // body bytes read past the cutoff

	Links     LinkImpact    `json:"links"`
	Headings  HeadingImpact `json:"headings"`
	TextBytes Count         `json:"text_bytes"` // visible text bytes in the body
	Hreflang  AltImpact     `json:"hreflang"`

	Title           Presence `json:"title"`
	MetaDescription Presence `json:"meta_description"`
	Canonical       Presence `json:"canonical"`
	MetaRobots      Presence `json:"meta_robots"`
	H1              Presence `json:"h1"`

	JSONLD []JSONLDImpact `json:"json_ld"`
	Open   OpenAtCutoff   `json:"open_at_cutoff"`
}

// Count is a quantity in the full document and in the kept prefix.
type Count struct {
	Full int64 `json:"full"`
	Kept int64 `json:"kept"`
}

// Lost returns Full - Kept.
func (c Count) Lost() int64 { return c.Full - c.Kept }

// Presence says whether an element exists in the full document and in the
// kept prefix.
type Presence struct {
	Full bool `json:"full"`
	Kept bool `json:"kept"`
}

// LinkImpact counts the crawlable links (<a href> to http(s) or relative
// URLs) on each side of the cutoff.
type LinkImpact struct {
	Internal Count `json:"internal"`
	External Count `json:"external"`
	// Lost lists the first links past the cutoff, at most 50; All lists
	// them all (at most MaxLostListed), for the window's list and exports.
	Lost []Link `json:"lost"`
	All  []Link `json:"-"`
}

// HeadingImpact counts headings per level (index 0 is h1).
type HeadingImpact struct {
	Full [6]int `json:"full"`
	Kept [6]int `json:"kept"`
	// Lost lists the first headings past the cutoff, at most 50; All lists
	// them all (at most MaxLostListed).
	Lost []Heading `json:"lost"`
	All  []Heading `json:"-"`
}

// Alternate is one hreflang link.
type Alternate struct {
	Lang   string `json:"lang"`
	Href   string `json:"href"`
	Offset int64  `json:"offset"`
}

// AltImpact counts hreflang alternates and lists the lost ones.
type AltImpact struct {
	Full int         `json:"full"`
	Kept int         `json:"kept"`
	Lost []Alternate `json:"lost"`
}

// JSON-LD block states at the cutoff.
const (
	StateKept = "kept" // wholly before the cutoff
	StateCut  = "cut"  // starts before the cutoff and ends after it
	StateLost = "lost" // starts after the cutoff
)

// JSONLDImpact is what happens to one JSON-LD block.
type JSONLDImpact struct {
	Offset int64  `json:"offset"`
	End    int64  `json:"end"`
	Types  string `json:"types"`
	State  string `json:"state"` // StateKept, StateCut or StateLost
	// ValidFull says whether the block is valid JSON in the full document.
	ValidFull bool `json:"valid_full"`
	// ValidKept says whether what the crawler gets of it is valid JSON
	// (false when lost).
	ValidKept bool `json:"valid_kept"`
}

// OpenAtCutoff describes the parser's state at the end of the kept prefix.
type OpenAtCutoff struct {
	// Elements lists the open elements, outermost first, with the html,
	// head and body elements the parser implies.
	Elements []string `json:"elements"`
	// Inside is "comment" or "tag" when the cutoff falls inside a comment
	// or in the middle of a tag (the tokenizer then drops the tag).
	Inside string `json:"inside,omitempty"`
	// InsideOffset is where that comment or tag starts.
	InsideOffset int64 `json:"inside_offset,omitempty"`
	// Element is the innermost open element whose being cut changes what
	// the crawler gets: "script", "json-ld", "style", "title", "textarea",
	// "noscript", "template", "a", ...; empty when none.
	Element string `json:"element,omitempty"`
	// Offset is where Element starts.
	Offset int64 `json:"offset"`
}

func impact(full, kept *pass, cutoff int64) *Impact {
	im := &Impact{
		KeptBytes: cutoff,
		LostBytes: int64(len(full.body)) - cutoff,
		Links: LinkImpact{
			Internal: Count{int64(full.internal), int64(kept.internal)},
			External: Count{int64(full.external), int64(kept.external)},
			Lost:     full.lostLinks[:min(len(full.lostLinks), maxExamples)],
			All:      full.lostLinks,
		},
		Headings: HeadingImpact{Full: full.headings, Kept: kept.headings,
			Lost: full.lostHeadings[:min(len(full.lostHeadings), maxExamples)], All: full.lostHeadings},
		TextBytes: Count{full.textBytes, kept.textBytes},
		Open:      kept.openAt(),
	}
	im.Hreflang = altImpact(full.crit, kept.crit, cutoff)
	im.Title = presence(full.crit, kept.crit, ElementTitle)
	im.MetaDescription = presence(full.crit, kept.crit, ElementMetaDescription)
	im.Canonical = presence(full.crit, kept.crit, ElementCanonical)
	im.MetaRobots = presence(full.crit, kept.crit, ElementMetaRobots)
	im.H1 = presence(full.crit, kept.crit, ElementH1)
	im.JSONLD = jsonLDImpact(full, kept, cutoff)
	// Empty lists, not nulls, keep the JSON shape stable.
	im.Links.Lost = nonNil(im.Links.Lost)
	im.Headings.Lost = nonNil(im.Headings.Lost)
	im.Hreflang.Lost = nonNil(im.Hreflang.Lost)
	im.JSONLD = nonNil(im.JSONLD)
	return im
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// CountKind counts the critical elements of kind in crit.
func CountKind(crit []Critical, kind string) int {
	n := 0
	for i := range crit {
		if crit[i].Kind == kind {
			n++
		}
	}
	return n
}

func presence(full, kept []Critical, kind string) Presence {
	return Presence{Full: CountKind(full, kind) > 0, Kept: CountKind(kept, kind) > 0}
}

func altImpact(full, kept []Critical, cutoff int64) AltImpact {
	a := AltImpact{Full: CountKind(full, ElementHreflang), Kept: CountKind(kept, ElementHreflang)}
	for i := range full {
		c := &full[i]
		if c.Kind == ElementHreflang && c.tagEnd > cutoff && len(a.Lost) < maxExamples {
			a.Lost = append(a.Lost, Alternate{Lang: c.Name, Href: c.Value, Offset: c.Offset})
		}
	}
	return a
}

func jsonLDImpact(full, kept *pass, cutoff int64) []JSONLDImpact {
	var out []JSONLDImpact
	for _, b := range full.jsonld {
		if b.crit < 0 {
			continue
		}
		c := &full.crit[b.crit]
		j := JSONLDImpact{Offset: c.Offset, End: c.End, Types: c.Value, ValidFull: b.valid, State: StateLost}
		for _, k := range kept.jsonld {
			if k.offset == b.offset {
				j.State, j.ValidKept = StateCut, k.valid
				break
			}
		}
		if c.End <= cutoff {
			j.State = StateKept
		}
		out = append(out, j)
	}
	return out
}

// openAt describes where the input of this pass ends (for the kept
// prefix: at the cutoff).
func (p *pass) openAt() OpenAtCutoff {
	o := OpenAtCutoff{Elements: p.open, Inside: p.openIn, InsideOffset: p.openInAt}
	for i := len(p.openStack) - 1; i >= 0; i-- {
		e := &p.openStack[i]
		if e.ns != nsHTML || !notable(e.a) {
			continue
		}
		o.Element, o.Offset = e.a.String(), e.start
		if e.a == atom.Script && p.isJSONLDAt(e.start) {
			o.Element = ElementJSONLD
		}
		break
	}
	return o
}

// notable lists the elements whose being left open at the cutoff changes
// what the crawler makes of the page: raw-text elements swallow the rest,
// an open <a> makes the text its anchor text, a <template> hides it.
func notable(a atom.Atom) bool {
	return rawText(a) || a == atom.A || a == atom.Template
}

func (p *pass) isJSONLDAt(off int64) bool {
	for _, b := range p.jsonld {
		if b.offset == off {
			return true
		}
	}
	return false
}
