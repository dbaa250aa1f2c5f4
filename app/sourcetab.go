package app

import (
	"fyne.io/fyne/v2"

	"github.com/cutoffapp/cutoff/app/byteview"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/charset"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// sourceArea is the Source tab: the virtualised byteview.SourceView of source.go fed
// from a report.
type sourceArea struct {
	view *byteview.SourceView
}

// sourceData is what the Source tab shows, prepared off the UI thread.
type sourceData struct {
	body       []byte
	cutoff     *int64
	highlights []byteview.SourceHighlight
	kinds      byteview.SourceKinds // nil: no byte map
	legend     []string
	charset    byteview.SourceCharset
}

func newSourceArea() *sourceArea {
	return &sourceArea{view: byteview.NewSourceView()}
}

func (a *sourceArea) content() fyne.CanvasObject { return a.view.Content() }

func (a *sourceArea) show(d sourceData) {
	a.view.Show(byteview.SourceDocument{Body: d.body, Cutoff: d.cutoff, Highlights: d.highlights,
		Kinds: d.kinds, Legend: d.legend, Charset: d.charset})
}

// goTo scrolls to a body offset and marks it.
func (a *sourceArea) goTo(offset int64) { a.view.ScrollToOffset(offset) }

func (a *sourceArea) find()            { a.view.ShowFind() }
func (a *sourceArea) askOffset()       { a.view.ShowGoTo() }
func (a *sourceArea) copyText() string { return a.view.SelectedText() }

// sourceDataOf prepares the Source tab from a fetched page and its
// analysis (nil for a page that was not analysed).
func sourceDataOf(r *fetch.Result, an *inspect.Analysis) sourceData {
	d := sourceData{body: r.Body, cutoff: r.CutoffOffset}
	if an == nil {
		return d
	}
	d.highlights = highlightsOf(an)
	d.kinds = byteMapKinds{&an.ByteMap}
	for _, k := range byteview.Kinds {
		if an.Composition[k] > 0 {
			d.legend = append(d.legend, k)
		}
	}
	d.charset = sourceCharsetOf(an.Charset)
	return d
}

// sourceCharsetOf hands the engine's charset decision to the view: its
// name, why, and a decoder for a legacy charset.
func sourceCharsetOf(c charset.Charset) byteview.SourceCharset {
	cs := byteview.SourceCharset{Name: c.DisplayName(), Reason: c.Reason()}
	if dec := c.Decoder(); dec != nil {
		cs.Decode, cs.Len = dec.Decode, dec.Len
	} else if c.Name != "utf-8" {
		cs.Name = "UTF-8"
		cs.Reason = i18n.T("app.charset-unreadable", "Charset", c.DisplayName(), "Reason", c.Reason())
	}
	return cs
}

// byteMapKinds lets the source view read the byte map in place: a 64 MB
// page's millions of spans are never copied.
type byteMapKinds struct{ bm *scan.ByteMap }

// KindSpans is part of byteview.SourceKinds.
func (k byteMapKinds) KindSpans(start, end int64, each func(byteview.RulerSegment)) {
	i, ok := k.bm.Find(start)
	if !ok {
		return
	}
	for ; i < k.bm.Len(); i++ {
		s := k.bm.At(i)
		if s.Offset >= end {
			return
		}
		each(byteview.RulerSegment{Start: s.Offset, End: s.End, Kind: s.Kind.String()})
	}
}
