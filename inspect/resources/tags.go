package resources

import (
	"strings"
)

// scriptTag lists <script src>, unless browsers would not run it.
func (d *discoverer) scriptTag(t pageTag) {
	if t.attrs.src == "" {
		return
	}
	typ := strings.ToLower(strings.TrimSpace(t.attrs.typ))
	ref := d.ref(t.attrs.src, Script, "script src", t)
	switch {
	case !resJSTypes[typ]:
		ref.excluded = exclScriptType(t.attrs.typ)
	case t.attrs.nomodule && typ != "module":
		ref.excluded = exclNoModule
	}
	d.add(ref)
}

// linkTag lists <link> elements by their rel: stylesheet, modulepreload,
// preload, icons and manifest. Other rels (preconnect, prefetch, canonical,
// alternate, ...) fetch nothing the renderer needs and are not listed.
func (d *discoverer) linkTag(t pageTag) {
	if t.attrs.href == "" {
		return
	}
	rel := relTokens(t.attrs.rel)
	switch {
	case rel["stylesheet"]:
		d.add(d.ref(t.attrs.href, Stylesheet, "link rel=stylesheet", t))
	case rel["modulepreload"]:
		d.add(d.ref(t.attrs.href, Preload, "link rel=modulepreload", t))
	case rel["preload"]:
		as := strings.ToLower(strings.TrimSpace(t.attrs.as))
		kind, reason := preloadKind(as)
		tag := "link rel=preload"
		if as != "" {
			tag += " as=" + resShorten(as, 20)
		}
		ref := d.ref(t.attrs.href, kind, tag, t)
		ref.excluded = reason
		d.add(ref)
	case rel["icon"] || rel["apple-touch-icon"] || rel["apple-touch-icon-precomposed"] || rel["mask-icon"]:
		d.add(d.ref(t.attrs.href, Icon, "link rel=icon", t))
	case rel["manifest"]:
		ref := d.ref(t.attrs.href, Other, "link rel=manifest", t)
		ref.excluded = exclManifest
		d.add(ref)
	}
}

// relTokens splits a rel attribute into its lower-case keywords.
func relTokens(rel string) map[string]bool {
	fields := strings.Fields(strings.ToLower(rel))
	m := make(map[string]bool, len(fields))
	for _, f := range fields {
		m[f] = true
	}
	return m
}

// mediaTag lists the references of iframes, frames, images, media and
// plugins.
func (d *discoverer) mediaTag(name string, t pageTag) {
	a := t.attrs
	switch name {
	case "iframe", "frame":
		d.addAttr(a.src, Iframe, name+" src", t)
	case "img":
		d.addAttr(a.src, Image, "img src", t)
		d.addSrcset(a.srcset, Image, "img srcset", t)
	case "video", "audio":
		d.addAttr(a.src, Media, name+" src", t)
		d.addAttr(a.poster, Image, name+" poster", t)
	case "source":
		d.sourceTag(t)
	case "track":
		d.addAttr(a.src, Media, "track src", t)
	case "embed":
		d.addPlugin(a.src, "embed src", t)
	case "object":
		d.addPlugin(a.data, "object data", t)
	}
}

// sourceTag lists a <source>: an image candidate inside <picture>, a
// media file inside <video> or <audio>.
func (d *discoverer) sourceTag(t pageTag) {
	if d.inPicture > 0 && d.inMedia == 0 {
		d.addSrcset(t.attrs.srcset, Image, "picture source srcset", t)
		return
	}
	d.addAttr(t.attrs.src, Media, "source src", t)
	d.addSrcset(t.attrs.srcset, Image, "source srcset", t)
}

// addAttr lists one attribute value, when present.
func (d *discoverer) addAttr(v string, kind Kind, tag string, t pageTag) {
	if v != "" {
		d.add(d.ref(v, kind, tag, t))
	}
}

func (d *discoverer) addPlugin(v, tag string, t pageTag) {
	if v == "" {
		return
	}
	ref := d.ref(v, Other, tag, t)
	ref.excluded = exclPlugin
	d.add(ref)
}

// addSrcset lists every candidate URL of a srcset attribute.
func (d *discoverer) addSrcset(srcset string, kind Kind, tag string, t pageTag) {
	for _, u := range srcsetURLs(srcset) {
		d.add(d.ref(u, kind, tag, t))
	}
}

// srcsetURLs returns the URLs of a srcset attribute: comma-separated
// candidates, each a URL and optional descriptors. A URL may contain
// commas (data: URIs); trailing commas end it, as in the HTML standard.
func srcsetURLs(s string) []string {
	var urls []string
	for i := 0; i < len(s); {
		for i < len(s) && (resIsHTMLSpace(s[i]) || s[i] == ',') {
			i++
		}
		start := i
		for i < len(s) && !resIsHTMLSpace(s[i]) {
			i++
		}
		u := strings.TrimRight(s[start:i], ",")
		if u != "" {
			urls = append(urls, u)
		}
		if strings.HasSuffix(s[start:i], ",") {
			continue
		}
		i = skipDescriptors(s, i)
	}
	return urls
}

// skipDescriptors skips a candidate's descriptors ("2x", "300w") up to
// and including the comma that ends the candidate; commas inside
// parentheses do not count.
func skipDescriptors(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth = max(depth-1, 0)
		case ',':
			if depth == 0 {
				return i + 1
			}
		}
	}
	return i
}

func resIsHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// inlineStyle lists the @import and url() references of an inline
// <style> element whose text starts at offset start in the page.
func (d *discoverer) inlineStyle(css []byte, start int64) {
	for _, r := range scanCSS(css) {
		d.add(d.cssRef(r, start, "style"))
	}
}
