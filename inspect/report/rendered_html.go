package report

import (
	"encoding/base64"
	"html/template"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/internal/prose"
)

// htmlRendered is the evidence pack's rendered section.
type htmlRendered struct {
	R             *inspect.Rendered
	Rows          []RenderedRow
	GoogleShot    template.URL
	FullShot      template.URL
	GoogleCaption string
	FullCaption   string
	Lost          []htmlLost
	Scripts       []htmlScript
	LostLeftOut   string // "" when every lost item is listed
	// LostLeftOutCount is how many lost items are not listed.
	LostLeftOutCount int
	Browser, Size    string
	// Crawler names the crawler whose kept bytes the first render is made
	// of; KeptHeading and FullHeading head the comparison's columns.
	Crawler, KeptHeading, FullHeading string
}

type htmlLost struct{ Kind, Value, Where string }

type htmlScript struct {
	Name, Reason string
	Ran, InFull  bool
}

// maxHTMLLost is how many lost items the evidence pack lists.
const maxHTMLLost = 200

// renderedView builds the rendered section, nil when there is none.
func renderedView(rd *inspect.Rendered) *htmlRendered {
	if rd == nil {
		return nil
	}
	v := &htmlRendered{R: rd, Browser: orNone(rd.Browser), Size: ViewportSize(rd.Viewport), Crawler: rd.CrawlerName()}
	v.KeptHeading, v.FullHeading = RenderedHeadings(rd)
	if rd.Error != "" {
		return v
	}
	v.Rows = renderedRows(rd.Google, rd.Full)
	v.GoogleShot, v.FullShot = pngURL(rd.Google), pngURL(rd.Full)
	v.GoogleCaption, v.FullCaption = RenderedCaptions(rd)
	for i, l := range rd.Lost {
		if i == maxHTMLLost {
			v.LostLeftOutCount = len(rd.Lost) - maxHTMLLost
			v.LostLeftOut = prose.Thousands(int64(v.LostLeftOutCount))
			break
		}
		v.Lost = append(v.Lost, htmlLost{Kind: LostKindText(l.Kind), Value: l.Value, Where: lostWhere(rd, l)})
	}
	for _, s := range rd.Scripts {
		v.Scripts = append(v.Scripts, htmlScript{Name: scriptName(s), Reason: orRan(rd, s), Ran: s.Ran, InFull: s.RanInFull})
	}
	return v
}

// pngURL is a page's screenshot as a data: URL, "" when there is none.
// The evidence pack is one file, so the images travel inside it.
func pngURL(p *inspect.RenderedPage) template.URL {
	if p == nil || len(p.Screenshot) == 0 {
		return ""
	}
	// The bytes are a PNG the browser produced, encoded here: safe as a URL.
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(p.Screenshot))
}
