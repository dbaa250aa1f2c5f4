package resources

import (
	"net/url"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Listing caps per document, so that a page of a hundred thousand images
// or data: URIs makes a short list: past them, one summary row counts the
// rest.
const (
	maxListedDataURIs = 20
	maxListed         = 5000
)

// exclRelative is the reason a relative URL stays unresolved.
var exclRelative = i18n.Later("resources.excluded-relative")

// discoverer builds the list of references of one document (a page or a
// stylesheet), merging repeated URLs.
type discoverer struct {
	base    *url.URL
	baseSet bool // a <base href> was seen
	cutoff  *int64
	parent  string // the stylesheet listed, "" for the page
	depth   int

	inPicture, inMedia int // open <picture>, <video>/<audio> elements

	list       []*Resource
	byURL      map[string]*Resource
	resolved   map[string]resolved // by raw value, under the current base
	dataListed int
	dataMore   *Resource // summary row of data: URIs past the cap
	more       *Resource // summary row of references past the cap
}

func newDiscoverer(docURL string, cutoff *int64) *discoverer {
	return &discoverer{base: resParseBase(docURL), cutoff: cutoff, byURL: make(map[string]*Resource)}
}

// pendingRef is a reference as found, before resolution and merging.
type pendingRef struct {
	raw        string
	kind       Kind
	tag        string
	start, end int64
	excluded   func() string // why it is not fetched (said when called), nil when it is
}

// resolved is a raw reference value resolved: its URL, and why it cannot
// be fetched (nil when it can).
type resolved struct {
	url    string
	failed func() string
}

// ref makes the pending reference of a tag's attribute value.
func (d *discoverer) ref(raw string, kind Kind, tag string, t pageTag) pendingRef {
	return pendingRef{raw: raw, kind: kind, tag: tag, start: t.start, end: t.end, excluded: excludedReasonFor(kind)}
}

// cssRef makes the pending reference of a stylesheet reference found at
// offset base in the document; tag prefixes the description ("style").
func (d *discoverer) cssRef(r cssRef, base int64, tag string) pendingRef {
	p := pendingRef{raw: r.URL, start: base + int64(r.Offset), end: base + int64(r.End)}
	prefix := ""
	if tag != "" {
		prefix = tag + " "
	}
	switch {
	case r.Import:
		p.kind, p.tag, p.excluded = Import, prefix+"@import", r.Ignored
	case r.FontFace:
		p.kind, p.tag, p.excluded = Font, prefix+"@font-face url()", exclFont
	default:
		p.kind = classifyCSSURL(r.URL, false, r.Property)
		p.tag, p.excluded = prefix+"url()", excludedReasonFor(p.kind)
		if r.Property != "" {
			p.tag += " in " + resShorten(r.Property, 40)
		}
		if p.kind == Other {
			p.excluded = exclCSSOther
		}
	}
	return p
}

// add resolves a reference and lists it, or merges it into the entry of
// the same URL.
func (d *discoverer) add(p pendingRef) {
	raw := cleanURLAttr(p.raw)
	if raw == "" || raw[0] == '#' {
		return // nothing, or a fragment of the document itself
	}
	if resHasPrefixFold(raw, "data:") {
		d.addData(p, raw)
		return
	}
	r := Resource{Kind: p.kind, Tag: p.tag, DiscoveredOffset: p.start, DiscoveredEnd: p.end,
		DiscoveredBeforeCutoff: d.cutoff == nil || p.end <= *d.cutoff}
	r.Parent, r.Depth, r.References = d.parent, d.depth, 1
	res := d.resolveCached(raw)
	r.URL = res.url
	why := p.excluded
	if res.failed != nil {
		why = res.failed
	}
	r.exclude(why)
	r.Fetched = why == nil && r.Kind.Fetchable()
	d.merge(r)
}

// resolveCached is resolve, remembered per value: pages repeat the same
// URLs many times.
func (d *discoverer) resolveCached(raw string) resolved {
	if c, ok := d.resolved[raw]; ok {
		return c
	}
	c := d.resolve(raw)
	if d.resolved == nil {
		d.resolved = make(map[string]resolved)
	}
	d.resolved[raw] = c
	return c
}

// resolve returns the absolute URL of raw without its fragment, or the
// value as written and the reason it cannot be fetched.
func (d *discoverer) resolve(raw string) resolved {
	u, err := d.base.Parse(raw)
	switch {
	case err != nil:
		return resolved{resShorten(raw, 200), exclBadURL(raw)}
	case u.Scheme == "":
		return resolved{resShorten(raw, 200), exclRelative}
	case !resIsHTTP(u.Scheme):
		return resolved{resShorten(raw, 200), exclScheme(u.Scheme)}
	}
	u.Fragment, u.RawFragment = "", ""
	return resolved{url: u.String()}
}

// merge lists r, or counts it on the entry already listed for its URL. A
// fetched reference takes over an entry listed as excluded, and a script
// or stylesheet one listed as a preload, keeping the earlier offset.
func (d *discoverer) merge(r Resource) {
	if old := d.byURL[r.URL]; old != nil {
		old.References++
		switch {
		case r.Fetched && !old.Fetched:
			refs := old.References
			*old = r
			old.References = refs
		case r.Fetched && old.Kind == Preload && r.Kind != Preload:
			old.Kind, old.Tag = r.Kind, r.Tag
		}
		return
	}
	if len(d.list) >= maxListed {
		d.count(&d.more, r, "")
		return
	}
	e := new(Resource) // only here, so that merged references cost no allocation
	*e = r
	d.list = append(d.list, e)
	d.byURL[r.URL] = e
}

// addData lists a data: URI, or counts it once the cap is reached.
func (d *discoverer) addData(p pendingRef, raw string) {
	r := Resource{URL: resShorten(raw, 64), Kind: p.kind, Tag: p.tag, DiscoveredOffset: p.start,
		DiscoveredEnd: p.end, DiscoveredBeforeCutoff: d.cutoff == nil || p.end <= *d.cutoff}
	r.exclude(exclData)
	r.Parent, r.Depth, r.References, r.URLBytes = d.parent, d.depth, 1, len(raw)
	if d.dataListed < maxListedDataURIs && len(d.list) < maxListed {
		d.dataListed++
		d.list = append(d.list, &r)
		return
	}
	d.count(&d.dataMore, r, "data:")
}

// count adds r to a summary row, creating the row at the place of the
// first reference it stands for.
func (d *discoverer) count(row **Resource, r Resource, u string) {
	if *row == nil {
		*row = &Resource{URL: u, Kind: Other, Tag: "summary", DiscoveredOffset: r.DiscoveredOffset,
			DiscoveredEnd: r.DiscoveredEnd, DiscoveredBeforeCutoff: r.DiscoveredBeforeCutoff}
		(*row).Parent, (*row).Depth, (*row).Summary = d.parent, d.depth, true
		d.list = append(d.list, *row)
	}
	(*row).References++
}

// resources returns the list, with the summary rows' reasons written.
func (d *discoverer) resources() []Resource {
	if d.dataMore != nil {
		d.dataMore.exclude(i18n.Later("resources.more-data-uris", "Count", d.dataMore.References))
	}
	if d.more != nil {
		d.more.exclude(i18n.Later("resources.more-references", "Count", d.more.References, "Max", maxListed))
	}
	out := make([]Resource, len(d.list))
	for i, r := range d.list {
		out[i] = *r
	}
	return out
}

// cleanURLAttr strips the leading and trailing whitespace an attribute
// value may carry and the tabs and newlines a URL parser removes.
func cleanURLAttr(s string) string {
	s = strings.Trim(s, " \t\n\r\f")
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	return s
}

func resHasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
