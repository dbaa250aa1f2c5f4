package byteview

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// sourceHeader is the line above the rows: which charset the rows are
// decoded with and why, and the legend of the byte-kind tints, in the
// ruler's colours and order.
type sourceHeader struct {
	root    *fyne.Container
	charset *widget.Label
	legend  *fyne.Container
}

func newSourceHeader() *sourceHeader {
	h := &sourceHeader{charset: widget.NewLabel(""), legend: container.NewHBox()}
	// The charset sentence says why the bytes read as they do: it wraps on a
	// line of its own, above the legend, rather than lose its end at 1024 px.
	h.charset.Wrapping = fyne.TextWrapWord
	h.root = container.NewVBox(h.charset, h.legend)
	return h
}

// show describes a document's charset and lists the kinds its bytes have.
func (h *sourceHeader) show(body []byte, cs *SourceCharset, legend []string, packed bool) {
	h.charset.SetText(charsetText(cs, len(body) > 0, packed))
	h.legend.Objects = nil
	th := theme.Current()
	for _, k := range legend {
		sw := canvas.NewRectangle(withAlpha(KindColor(k, th), 0xc0))
		sw.SetMinSize(fyne.NewSize(12, 12))
		h.legend.Add(container.NewHBox(container.NewCenter(sw), widget.NewLabel(KindName(k))))
	}
	h.legend.Refresh()
	h.root.Refresh()
}

// charsetText is the header's sentence about the charset.
func charsetText(cs *SourceCharset, hasBody, packed bool) string {
	if !hasBody {
		return ""
	}
	name := cs.Name
	if name == "" {
		name = "UTF-8"
	}
	text := say("source-shown-as", "Charset", name)
	if cs.Reason != "" {
		text = say("source-shown-as-why", "Charset", name, "Reason", cs.Reason)
	}
	if packed {
		text += " " + say("source-packed")
	}
	return text
}

// presentKinds lists the kinds among segs in legend order.
func presentKinds(segs []RulerSegment) []string {
	seen := map[string]bool{}
	for _, s := range segs {
		if s.End > s.Start {
			seen[s.Kind] = true
		}
	}
	var out []string
	for _, k := range Kinds {
		if seen[k] {
			out = append(out, k)
		}
	}
	return out
}
