package scan

import (
	"bytes"
	"encoding/json"
	"strings"

	"golang.org/x/net/html/atom"
)

// Critical element kinds, as CLI.md names them.
const (
	ElementTitle            = "title"
	ElementMetaDescription  = "meta-description"
	ElementMetaRobots       = "meta-robots"
	ElementCanonical        = "canonical"
	ElementHreflang         = "hreflang"
	ElementJSONLD           = "json-ld"
	ElementH1               = "h1"
	ElementMain             = "main"
	ElementHeadEnd          = "head-end"
	ElementLastInternalLink = "last-internal-link"
)

// Flags on critical elements.
const (
	// FlagAfterBodyStart: a head element (<title>, <meta>, <link>) that
	// appears after the body started, so the parser leaves it in the body
	// and Google no longer reads it as page metadata.
	FlagAfterBodyStart = "after-body-start"
	// FlagImplicit: the head ends without a </head> tag (head-end only).
	FlagImplicit = "implicit"
	// FlagCut: the element starts before the cutoff and ends after it.
	FlagCut = "cut"
	// FlagInvalidJSON: a JSON-LD block that is not valid JSON even in the
	// full document.
	FlagInvalidJSON = "invalid-json"
	// FlagOtherCrawler: a crawler-specific meta tag (e.g. name="bingbot")
	// that does not address the inspected crawler.
	FlagOtherCrawler = "other-crawler"
	// FlagDuplicate: a second <title>, <meta name="description"> or
	// canonical; the first title and description are the ones used.
	FlagDuplicate = "duplicate"
)

// Critical is an element that matters to a crawler, with where it sits in
// the decoded body. Offset and End are byte offsets, End exclusive, covering
// the element from its start tag through its end tag.
type Critical struct {
	Kind   string `json:"kind"`
	Offset int64  `json:"offset"`
	End    int64  `json:"end"`
	// BeyondCutoff is true when the element does not lie wholly before the
	// cutoff, so the crawler does not get all of it.
	BeyondCutoff bool `json:"beyond_cutoff"`
	// AtRisk is true when the element is lost under the decimal reading of
	// an MB limit but kept under the binary reading.
	AtRisk bool `json:"at_risk"`
	// Value is the element's text or URL: the title, the content of a meta
	// tag, the href of a link, the @type list of a JSON-LD block, the text
	// of the h1; at most maxValue bytes. The pass keeps the bytes as read;
	// Result.Decode makes them text in the body's charset.
	Value string `json:"value"`
	// Name is the meta name for meta-robots (e.g. "googlebot") and the
	// language code for hreflang.
	Name  string   `json:"name,omitempty"`
	Flags []string `json:"flags,omitempty"`

	tagEnd int64 // end of the start tag: the crawler has the element's attributes when tagEnd <= cutoff
	// textAt and textEnd bound a JSON-LD block's content in the body, for
	// Result.Decode to read its @type again in the body's charset.
	textAt, textEnd int64
}

// HasFlag reports whether c carries flag.
func (c *Critical) HasFlag(flag string) bool {
	for _, f := range c.Flags {
		if f == flag {
			return true
		}
	}
	return false
}

// robotsMetaNames are the meta names read as robots rules besides the
// profile's own tokens: Google documents robots, googlebot, googlebot-news
// and AdsBot-Google; the others are used by other search engines.
var robotsMetaNames = []string{
	"robots", "googlebot", "googlebot-news", "adsbot-google", "adsbot-google-mobile",
	"mediapartners-google", "bingbot", "msnbot", "yandex", "yandexbot", "applebot",
	"duckduckbot", "baiduspider", "slurp",
}

// jsonLDBlock is what a pass learns about one JSON-LD script.
type jsonLDBlock struct {
	crit    int   // index into the pass's critical elements
	offset  int64 // offset of the <script> start tag
	content int64 // bytes of script content seen
	valid   bool
}

// tagAttrs are the attributes of one start tag that the analysis reads,
// the first of each name as the tree builder keeps it.
type tagAttrs struct {
	href, rel, hreflang, name, content, typ, encoding []byte
	hrefAt                                            int // offset of href's value in the tag
	hasHref, fontBreak                                bool
}

func (t *tagAttrs) set(key, val []byte, at int) {
	switch len(key) {
	case 3:
		setFirst(&t.rel, key, "rel", val)
	case 4:
		if EqualFold(key, "href") && !t.hasHref {
			t.href, t.hasHref, t.hrefAt = val, true, at
		}
		setFirst(&t.name, key, "name", val)
		setFirst(&t.typ, key, "type", val)
		t.fontBreak = t.fontBreak || EqualFold(key, "face") || EqualFold(key, "size")
	case 5:
		t.fontBreak = t.fontBreak || EqualFold(key, "color")
	case 7:
		setFirst(&t.content, key, "content", val)
	case 8:
		setFirst(&t.hreflang, key, "hreflang", val)
		setFirst(&t.encoding, key, "encoding", val)
	}
}

func setFirst(dst *[]byte, key []byte, name string, val []byte) {
	if *dst == nil && EqualFold(key, name) {
		if val == nil {
			val = []byte{}
		}
		*dst = val
	}
}

// relHas reports whether a rel attribute lists token (ASCII case-insensitive).
func relHas(rel []byte, token string) bool {
	for len(rel) > 0 {
		i := 0
		for i < len(rel) && !isSpace(rel[i]) {
			i++
		}
		if EqualFold(rel[:i], token) {
			return true
		}
		for i < len(rel) && isSpace(rel[i]) {
			i++
		}
		rel = rel[i:]
	}
	return false
}

// isJSONLDType reports whether a script type attribute is JSON-LD, comparing
// the MIME essence so that parameters and case do not matter.
func isJSONLDType(typ []byte) bool {
	if i := bytes.IndexByte(typ, ';'); i >= 0 {
		typ = typ[:i]
	}
	return EqualFold(bytes.TrimSpace(typ), "application/ld+json")
}

// critical handles an HTML start tag that may be a critical element. It
// runs after the head state saw the tag, so inBody says whether the body
// has started.
func (p *pass) critical(a atom.Atom, at *tagAttrs, off, end int64) {
	switch a {
	case atom.Title:
		i := p.addCritical(ElementTitle, off, end, "", "", p.seenTitle)
		p.seenTitle = true
		p.rawTitle = i
		p.roleIdx, p.role = i, roleCritical
	case atom.Meta:
		p.meta(at, off, end)
	case atom.Link:
		p.link(at, off, end)
	case atom.Script:
		if at.typ != nil && isJSONLDType(at.typ) {
			i := p.addCritical(ElementJSONLD, off, end, "", "", false)
			p.jsonld = append(p.jsonld, jsonLDBlock{crit: i, offset: off})
			p.rawJSON = len(p.jsonld) - 1
			p.roleIdx, p.role = i, roleCritical
		}
	case atom.Main:
		if !p.seenMain {
			p.seenMain = true
			p.roleIdx, p.role = p.addCritical(ElementMain, off, end, "", "", false), roleCritical
		}
	case atom.Base:
		if at.hasHref && !p.seenBase {
			p.seenBase = true
			p.links.setBase(at.href)
			p.recordAnchor(at, off, end, true)
		}
	}
}

func (p *pass) meta(at *tagAttrs, off, end int64) {
	name := strings.ToLower(strings.TrimSpace(string(at.name)))
	if name == "" {
		return
	}
	content := rawValue(at.content)
	switch {
	case name == "description":
		p.addCritical(ElementMetaDescription, off, end, content, "", p.seenDesc)
		p.seenDesc = true
	case p.robotsName(name):
		i := p.addCritical(ElementMetaRobots, off, end, content, name, false)
		if name != "robots" && !p.forUs(name) {
			p.crit[i].Flags = append(p.crit[i].Flags, FlagOtherCrawler)
		}
	}
}

func (p *pass) robotsName(name string) bool {
	for _, n := range robotsMetaNames {
		if n == name {
			return true
		}
	}
	return p.forUs(name)
}

func (p *pass) forUs(name string) bool {
	for _, t := range p.tokens {
		if t == name {
			return true
		}
	}
	return false
}

func (p *pass) link(at *tagAttrs, off, end int64) {
	if !at.hasHref {
		return
	}
	if relHas(at.rel, "canonical") {
		p.addCritical(ElementCanonical, off, end, rawValue(at.href), "", p.canonicals > 0)
		p.canonicals++
	}
	if len(bytes.Trim(at.hreflang, " \t\n\f\r")) > 0 && relHas(at.rel, "alternate") {
		p.addCritical(ElementHreflang, off, end, rawValue(at.href), rawValue(at.hreflang), false)
	}
}

// addCritical records a critical element and returns its index. Head
// elements found after the body started are flagged where they are.
func (p *pass) addCritical(kind string, off, end int64, value, name string, dup bool) int {
	c := Critical{Kind: kind, Offset: off, End: end, tagEnd: end, Value: value, Name: name}
	if p.head.inBody() && IsHeadKind(kind) {
		c.Flags = append(c.Flags, FlagAfterBodyStart)
	}
	if dup {
		c.Flags = append(c.Flags, FlagDuplicate)
	}
	if len(p.crit) >= maxCritical {
		return -1
	}
	p.crit = append(p.crit, c)
	return len(p.crit) - 1
}

// maxCritical bounds the critical elements kept from one page, so that a
// page with a million hreflang links cannot exhaust memory.
const maxCritical = 20000

// IsHeadKind reports whether kind is a critical element that belongs in the
// head (title, meta description, robots meta, canonical, hreflang).
func IsHeadKind(kind string) bool {
	switch kind {
	case ElementTitle, ElementMetaDescription, ElementMetaRobots, ElementCanonical, ElementHreflang:
		return true
	}
	return false
}

// jsonLDText handles the content of JSON-LD block i.
func (p *pass) jsonLDText(i int, raw []byte) {
	b := &p.jsonld[i]
	b.content = int64(len(raw))
	b.valid = json.Valid(raw)
	if b.crit < 0 {
		return
	}
	c := &p.crit[b.crit]
	if p.full {
		c.Value = jsonLDTypes(raw)
		c.textAt, c.textEnd = p.off, p.off+int64(len(raw))
	}
	if !b.valid {
		c.Flags = append(c.Flags, FlagInvalidJSON)
	}
}

// jsonLDTypes returns the @type values of a JSON-LD block, top level and
// @graph, joined with ", ".
func jsonLDTypes(raw []byte) string {
	type node struct {
		Type  json.RawMessage `json:"@type"`
		Graph []struct {
			Type json.RawMessage `json:"@type"`
		} `json:"@graph"`
	}
	var nodes []node
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && t[0] == '[' {
		if json.Unmarshal(t, &nodes) != nil {
			return ""
		}
	} else {
		var n node
		if json.Unmarshal(t, &n) != nil {
			return ""
		}
		nodes = append(nodes, n)
	}
	var types []string
	for _, n := range nodes {
		types = appendTypes(types, n.Type)
		for _, g := range n.Graph {
			types = appendTypes(types, g.Type)
		}
	}
	return strings.Join(types, ", ")
}

func appendTypes(dst []string, raw json.RawMessage) []string {
	var one string
	if json.Unmarshal(raw, &one) == nil && one != "" {
		return append(dst, one)
	}
	var many []string
	if json.Unmarshal(raw, &many) == nil {
		for _, s := range many {
			if s != "" {
				dst = append(dst, s)
			}
		}
	}
	return dst
}

// addHeadEnd records where the head ends: the </head> tag, or the point
// where the parser ends it implicitly (then the value says what did).
func (p *pass) addHeadEnd() {
	h := &p.head
	if len(p.body) == 0 || h.end < 0 {
		return
	}
	i := p.addCritical(ElementHeadEnd, h.end, h.endEnd, h.cause, "", false)
	if i >= 0 && !h.explicit {
		p.crit[i].Flags = append(p.crit[i].Flags, FlagImplicit)
	}
}
