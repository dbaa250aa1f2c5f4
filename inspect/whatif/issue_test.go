package whatif_test

import (
	"bytes"
	. "github.com/cutoffapp/cutoff/inspect/whatif"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/scan"
)

// videoPage builds a page like the video page of issue 23: 4 <style>
// elements holding hundreds of data: URIs in the head, 20 inline scripts
// and a data block the page's scripts read, then the canonical link, the
// JSON-LD and the h1. Moving all 4 styles out keeps the canonical, 3 do
// not; the scripts would take 9 moves.
func videoPage() []byte {
	g := &pageBuilder{r: rand.New(rand.NewPCG(23, 4))}
	g.b.WriteString("<!DOCTYPE html><html><head><title>A video</title>\n")
	for range 4 {
		g.style(120, 1200) // 4 x 120 URIs of 1,200 bytes: about 600 KB
	}
	for range 20 {
		g.script(60_000) // 1.2 MB
	}
	g.b.WriteString(`<script type="application/json" id="data">"` + g.blob(710_000) + `"</script>` + "\n")
	g.b.WriteString(`<link rel="canonical" href="https://video.example/watch?v=1">` + "\n")
	g.b.WriteString(`<script type="application/ld+json">{"@type":"VideoObject"}</script>` + "\n")
	g.b.WriteString("</head><body><h1>A video</h1><p>words</p></body></html>\n")
	return g.b.Bytes()
}

func TestAdviseCountsElementsNotPieces(t *testing.T) {
	in := googlebot(videoPage())
	base := inspect.Analyze(in)
	p := newPlan(in, base)
	advice := p.Advise(AllKinds)
	checkContract(t, in, base, advice)
	if got := len(p.Select(KindsOf(Styles))); got != 4 {
		t.Fatalf("%d style moves, want 4 (one per <style> element, its data: URIs along)", got)
	}
	if got := len(p.Select(KindsOf(DataURIs))); got != 480 {
		t.Errorf("%d data: URI moves, want 480", got)
	}
	var styles *Advice
	for i := range advice {
		if advice[i].Kind == "styles" {
			styles = &advice[i]
		}
	}
	if styles == nil {
		t.Fatalf("no advice moves the <style> elements: %v", messages(advice))
	}
	if !strings.HasPrefix(styles.Message, "Moving the 4 <style> elements out keeps the canonical link") || len(styles.Moves) != 4 {
		t.Errorf("styles advice = %q with %d moves, want the 4 <style> elements keeping the canonical link", styles.Message, len(styles.Moves))
	}
}

// TestAdviseScriptsNotEnoughAlone is the other half: the scripts
// that "would let Googlebot read the whole page" left it cut. Here the
// canonical comes back only with the styles and scripts together.
func TestAdviseCombinesKinds(t *testing.T) {
	g := &pageBuilder{r: rand.New(rand.NewPCG(5, 5))}
	g.b.WriteString("<!DOCTYPE html><html><head><title>t</title>\n")
	for range 3 {
		g.style(100, 1500) // about 450 KB of styles
	}
	for range 5 {
		g.script(100_000) // 500 KB of scripts
	}
	g.comment(1_600_000)
	g.b.WriteString(`<link rel="canonical" href="https://x.example/">` + "</head><body><h1>x</h1></body></html>")
	in := googlebot(g.b.Bytes())
	base := inspect.Analyze(in)
	advice := newPlan(in, base).Advise(KindsOf(Styles, Scripts))
	checkContract(t, in, base, advice)
	if len(advice) == 0 || advice[0].Kind != Combined {
		t.Fatalf("advice %v, want one combining styles and scripts", messages(advice))
	}
	if want := "Moving the 3 <style> elements and "; !strings.HasPrefix(advice[0].Message, want) {
		t.Errorf("message %q, want it to start %q", advice[0].Message, want)
	}
	if !strings.Contains(advice[0].Message, "keeps the canonical link") {
		t.Errorf("message %q does not say the canonical is kept", advice[0].Message)
	}
}

func TestAdviseNothingToMove(t *testing.T) {
	// An 8 MB page of words: single spaces between words are not white
	// space a minifier removes, so there is nothing to advise.
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html><html><head><title>Words</title></head><body><p>")
	for b.Len() < 8_000_000 {
		b.WriteString(words[b.Len()%len(words)] + " ")
	}
	b.WriteString(`</p><link rel="canonical" href="https://x.example/"></body></html>`)
	in := googlebot(b.Bytes())
	p := newPlan(in, nil)
	if len(p.Elements) != 0 {
		t.Errorf("Find lists %d elements in a page of single-spaced words, first %+v", len(p.Elements), p.Elements[0])
	}
	if advice := p.Advise(AllKinds); len(advice) != 0 {
		t.Errorf("advice %v for a page with nothing to move", messages(advice))
	}
}

// TestAdviseExactFit puts the canonical link's end exactly at the cutoff
// once the style is moved: that fix is enough and must be called so.
func TestAdviseExactFit(t *testing.T) {
	const limit = 10_000
	style := "<style>" + strings.Repeat(".a{color:red}", 300) + "</style>"
	canonical := `<link rel="canonical" href="https://x.example/">`
	saved := Find([]byte(style))[0].Move.Saved()
	for _, extra := range []int64{-1, 0, 1} { // bytes past the cutoff after the move
		head := "<html><head><title>t</title>" + style
		pad := limit - int64(len(head)+len(canonical)) + saved + extra
		if pad < 0 {
			t.Fatal("style too big for the limit")
		}
		page := head + "<!--" + strings.Repeat("x", int(pad)-7) + "-->" + canonical + "</head><body>" + strings.Repeat("<p>tail</p>", 3000) + "</body></html>"
		w := int64(limit)
		in := inspect.Input{Body: []byte(page), Limit: limit, Cutoff: &w, Crawler: "Googlebot"}
		base := inspect.Analyze(in)
		advice := newPlan(in, base).Advise(KindsOf(Styles))
		checkContract(t, in, base, advice)
		kept := len(advice) > 0 && strings.Contains(advice[0].Message, "keeps the canonical link")
		if want := extra <= 0; kept != want {
			t.Errorf("canonical %d bytes past the cutoff after the move: advice %v, want it kept: %v", extra, messages(advice), want)
		}
	}
}

func messages(advice []Advice) []string {
	var out []string
	for _, a := range advice {
		out = append(out, a.Message)
	}
	return out
}

// TestAdviseNotEnough: when nothing of the kinds asked can keep the
// canonical, the one advice says so, as its simulation shows.
func TestAdviseNotEnough(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>t</title><style>" + strings.Repeat(".a{color:red}", 100) + "</style></head><body><p>")
	for b.Len() < 2_500_000 {
		b.WriteString("words without a run of white space ")
	}
	b.WriteString(`</p><link rel="canonical" href="https://x.example/"></body></html>`)
	in := googlebot([]byte(b.String()))
	base := inspect.Analyze(in)
	advice := newPlan(in, base).Advise(AllKinds)
	checkContract(t, in, base, advice)
	if len(advice) != 1 || advice[0].Kind != "styles" {
		t.Fatalf("advice %v, want one about the style", messages(advice))
	}
	if want := "Moving the <style> element out is not enough: the canonical link is still past the cutoff."; advice[0].Message != want {
		t.Errorf("message %q, want %q", advice[0].Message, want)
	}
}

// TestAdviseNeverStatesUnsimulated gives the planner an edit that the byte
// shifts call the best way to keep the canonical but that changes how the
// page parses (it opens a comment that swallows the canonical link): no
// advice may claim it keeps the canonical, and the next way, moving the
// style out, is proposed instead.
func TestAdviseNeverStatesUnsimulated(t *testing.T) {
	page := "<html><head><title>t</title><meta name=\"x\" content=\"" + strings.Repeat("m", 1000) + "\"><style>" +
		strings.Repeat(".a{color:red}", 50) + `</style><link rel="canonical" href="https://x.example/"></head><body>` +
		strings.Repeat("<p>tail</p>", 200) + "</body></html>"
	metaStart, metaEnd := int64(strings.Index(page, "<meta")), int64(strings.Index(page, "<style>"))
	w := int64(strings.Index(page, "</head>")) - 300
	in := inspect.Input{Body: []byte(page), Limit: w, Cutoff: &w}
	p := newPlan(in, nil)
	bad := Element{Kind: Comments, Move: Move{Start: metaStart, End: metaEnd, Replacement: "<!--"}}
	p.Elements = append([]Element{bad}, p.Elements...)
	LinkParents(p.Elements)
	advice := p.Advise(AllKinds)
	for _, a := range advice {
		body, _ := Apply(in.Body, a.Moves)
		if got := resultOf(inspect.Analyze(withWindow(body, w))); show(got) != show(a.Result) {
			t.Errorf("%q says %s; applying its moves gives %s", a.Message, show(a.Result), show(got))
		}
		if slices.Contains(a.Result.Kept, scan.ElementCanonical) && slices.ContainsFunc(a.Moves, func(m Move) bool { return m == bad.Move }) {
			t.Errorf("%q keeps the canonical with the edit that comments it out", a.Message)
		}
	}
	if want := "Moving the <style> element out keeps the canonical link"; len(advice) != 1 || !strings.HasPrefix(advice[0].Message, want) {
		t.Errorf("advice %v, want the next way, %q", messages(advice), want)
	}
	only := p.Advise(KindsOf(Comments))
	if want := "Removing the HTML comment is not enough: the end of the head is still past the cutoff; the canonical link is then missing from the page."; len(only) != 1 || only[0].Message != want {
		t.Errorf("comments only: advice %v, want [%s]", messages(only), want)
	}
}

// TestAdviseSearchesWhenParsingChanges: the byte shifts say the largest
// edit alone keeps the h1, but that edit opens a comment that only the
// second edit closes; the simulations find that both are needed.
func TestAdviseSearchesWhenParsingChanges(t *testing.T) {
	regionA := "<div>" + strings.Repeat("a", 1000) + "</div>"
	regionB := "<i>" + strings.Repeat("b", 500) + "</i>"
	regionC := "<!--" + strings.Repeat("c", 300) + "-->" // after the h1: no help
	page := "<html><head><title>t</title></head><body>" + regionA + "<p>" + regionB + "</p><h1>x</h1>" +
		regionC + strings.Repeat("<p>tail</p>", 100) + "</body></html>"
	h1End := int64(strings.Index(page, "</h1>") + len("</h1>"))
	w := h1End - 800
	in := inspect.Input{Body: []byte(page), Limit: w, Cutoff: &w}
	p := newPlan(in, nil)
	a, b, c := int64(strings.Index(page, regionA)), int64(strings.Index(page, regionB)), int64(strings.Index(page, regionC))
	p.Elements = []Element{
		{Kind: Comments, Parent: -1, Move: Move{Start: a, End: a + int64(len(regionA)), Replacement: "<!--"}},
		{Kind: Comments, Parent: -1, Move: Move{Start: b, End: b + int64(len(regionB)), Replacement: "-->"}},
		{Kind: Comments, Parent: -1, Move: Move{Start: c, End: c + int64(len(regionC))}},
	}
	advice := p.Advise(AllKinds)
	checkContract(t, in, inspect.Analyze(in), advice)
	if len(advice) != 1 || len(advice[0].Moves) != 2 || !slices.Contains(advice[0].Result.Kept, scan.ElementH1) {
		t.Errorf("advice %v, want both edits, keeping the h1", messages(advice))
	}
}
