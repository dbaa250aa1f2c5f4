package scan

import (
	"bytes"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// headMode follows the tree builder's insertion modes from the start of the
// document to the body: it tells where the head ends (explicitly with
// </head>, or implicitly where body content appears) and whether a <link>,
// <meta> or <title> sits after the body started, where the parser leaves it
// in the body and Google no longer reads head elements.
type headMode uint8

const (
	modeBeforeHead headMode = iota
	modeInHead
	modeAfterHead
	modeInBody
)

type headState struct {
	mode      headMode
	end       int64 // offset where the head ends; -1 until known
	endEnd    int64 // end of the </head> tag, or end when implicit
	explicit  bool  // the head ends with a </head> tag
	cause     string
	bodyStart int64 // offset where body content starts; -1 until known
}

func newHeadState() headState { return headState{end: -1, endEnd: -1, bodyStart: -1} }

func (h *headState) inBody() bool { return h.mode == modeInBody }

// headContent lists start tags the "in head" mode keeps in the head.
func headContent(a atom.Atom) bool {
	switch a {
	case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes,
		atom.Script, atom.Style, atom.Template, atom.Title:
		return true
	}
	return false
}

func (h *headState) endHead(off, end int64, explicit bool, cause string) {
	if h.end < 0 {
		h.end, h.endEnd, h.explicit, h.cause = off, end, explicit, cause
	}
}

func (h *headState) startBody(off int64, cause string) {
	h.endHead(off, off, false, cause)
	h.mode = modeInBody
	h.bodyStart = off
}

// text handles a text token in HTML content; lead is the number of leading
// white-space bytes, which stay in the head.
func (h *headState) text(off int64, lead, n int) {
	if h.mode == modeInBody || lead >= n {
		return
	}
	h.startBody(off+int64(lead), "text")
}

// label names a tag for messages, e.g. "<div>"; built only when the head
// ends, so that ordinary tags cost nothing.
func label(prefix string, name []byte) string {
	return prefix + string(name) + ">"
}

func (h *headState) start(off int64, a atom.Atom, name []byte) {
	switch h.mode {
	case modeBeforeHead, modeInHead:
		switch {
		case a == atom.Html:
		case a == atom.Head || a == atom.Noscript || headContent(a):
			h.mode = modeInHead
		default:
			h.startBody(off, label("<", name))
		}
	case modeAfterHead:
		switch {
		case a == atom.Html || a == atom.Head || headContent(a):
			// The parser puts these back into the head.
		default:
			h.startBody(off, label("<", name))
		}
	}
}

func (h *headState) endTag(off, end int64, a atom.Atom, name []byte) {
	if h.mode == modeInBody {
		return
	}
	switch a {
	case atom.Head:
		if h.mode != modeAfterHead {
			h.endHead(off, end, true, "</head>")
			h.mode = modeAfterHead
		}
	case atom.Body, atom.Html, atom.Br:
		h.startBody(off, label("</", name))
	}
}

// eof is called at the end of the input: a document that ends inside its
// head has its head end there.
func (h *headState) eof(off int64) {
	h.endHead(off, off, false, "end of document")
}

// noscriptInHead checks the content of a <noscript> in the head. With
// scripting on (browsers, Google's renderer) it is raw text; a parser with
// scripting off reads it as markup, and anything but link, meta, style and
// a few others there (an <img> pixel, an <iframe> tag manager) ends the
// head early, leaving the head elements after it in the body.
func (p *pass) noscriptInHead(raw []byte) {
	if p.noscriptBreak >= 0 || p.head.mode != modeInHead || p.st.tmpl > 0 {
		return
	}
	what := noscriptBreaker(raw)
	if what == "" {
		return
	}
	if t := p.st.top(); t != nil && t.a == atom.Noscript {
		p.noscriptBreak, p.noscriptWhat = t.start, what
	}
}

// noscriptBreaker returns what in a head <noscript>'s content ends the
// head under scripting-off parsing ("<img>", "text"), or "".
func noscriptBreaker(content []byte) string {
	z := html.NewTokenizer(bytes.NewReader(content))
	inRaw := false // in the content of a <style> or <noframes>, which is fine
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return ""
		case html.TextToken:
			if !inRaw && len(bytes.Trim(z.Raw(), " \t\n\r\f")) > 0 {
				return "text"
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch a := atom.Lookup(name); a {
			case atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes, atom.Style:
				inRaw = a == atom.Style || a == atom.Noframes
				continue
			default:
				return "<" + string(name) + ">"
			}
		}
		inRaw = false
	}
}
