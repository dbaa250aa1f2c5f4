package inspect

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/cutoffapp/cutoff/inspect/scan"
)

// parsedHeadElements lists, in document order, the canonical, hreflang,
// description and robots elements of the tree x/net/html's parser builds,
// each with whether it ended up in the head.
func parsedHeadElements(page []byte) (string, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return "", err
	}
	var out []string
	var walk func(n *html.Node, inHead bool)
	walk = func(n *html.Node, inHead bool) {
		if n.Type == html.ElementNode && n.Namespace == "" {
			switch n.DataAtom {
			case atom.Head:
				inHead = true
			case atom.Template:
				return // template contents are inert
			case atom.Link, atom.Meta:
				if k := headKind(n); k != "" {
					out = append(out, fmt.Sprintf("%s in-head=%v", k, inHead))
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inHead)
		}
	}
	walk(doc, false)
	return strings.Join(out, "\n"), nil
}

func headKind(n *html.Node) string {
	attr := map[string]string{}
	for _, a := range n.Attr {
		if _, ok := attr[a.Key]; !ok {
			attr[a.Key] = a.Val
		}
	}
	_, hasHref := attr["href"]
	rel := " " + strings.ToLower(strings.Join(strings.Fields(attr["rel"]), " ")) + " "
	name := strings.ToLower(strings.TrimSpace(attr["name"]))
	switch {
	case n.DataAtom == atom.Link && hasHref && strings.Contains(rel, " canonical "):
		return scan.ElementCanonical
	case n.DataAtom == atom.Link && hasHref && strings.Contains(rel, " alternate ") && strings.Trim(attr["hreflang"], " \t\n\f\r") != "":
		return scan.ElementHreflang
	case n.DataAtom == atom.Meta && name == "description":
		return scan.ElementMetaDescription
	case n.DataAtom == atom.Meta && name == "robots":
		return scan.ElementMetaRobots
	}
	return ""
}

// ourHeadElements lists the same elements from the analysis.
func ourHeadElements(page []byte) string {
	var out []string
	for _, c := range Analyze(Input{Body: page}).Critical {
		switch c.Kind {
		case scan.ElementCanonical, scan.ElementHreflang, scan.ElementMetaDescription:
		case scan.ElementMetaRobots:
			if c.Name != "robots" {
				continue
			}
		default:
			continue
		}
		out = append(out, fmt.Sprintf("%s in-head=%v", c.Kind, !c.HasFlag(scan.FlagAfterBodyStart)))
	}
	return strings.Join(out, "\n")
}

// TestHeadAgainstParser checks, for every table page, that the elements
// flagged after-body-start are those x/net/html's parser leaves outside
// the head.
func TestHeadAgainstParser(t *testing.T) {
	for _, tt := range criticalTests {
		page := []byte(tt.html)
		want, err := parsedHeadElements(page)
		if err != nil {
			t.Fatal(err)
		}
		if got := ourHeadElements(page); got != want {
			t.Errorf("%s: head elements of %q\n got:\n%s\nwant (parser):\n%s", tt.name, tt.html, got, want)
		}
	}
}

// FuzzHeadAgainstParser compares the head elements' placement with the
// parser's on any input.
func FuzzHeadAgainstParser(f *testing.F) {
	for _, tt := range criticalTests {
		f.Add(tt.html)
	}
	f.Add("<head><title>t</title><div></div><link rel=canonical href=/c>")
	f.Fuzz(func(t *testing.T, page string) {
		want, err := parsedHeadElements([]byte(page))
		if err != nil {
			return
		}
		if got := ourHeadElements([]byte(page)); got != want {
			t.Errorf("head elements of %q\n got:\n%s\nwant (parser):\n%s", page, got, want)
		}
	})
}
