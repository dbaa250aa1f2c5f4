package inspect

import (
	"bytes"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// googlebotInput is body fetched under Googlebot's 2,000,000-byte limit
// with 300 counted header bytes.
func googlebotInput(body []byte) Input {
	in := Input{Body: body, Limit: 2_000_000, HeaderBytes: 300, Crawler: "Googlebot", Tokens: []string{"googlebot"}}
	return SimulatedInput(in, body)
}

// resultOfAnalysis is what an analysis predicts, in the advice's terms.
func resultOfAnalysis(a *Analysis) whatif.Result {
	return whatif.ResultOf(a.BodyBytes, a.CutoffOffset, a.Critical)
}

func showResult(r whatif.Result) string {
	cut := "none"
	if r.CutoffOffset != nil {
		cut = fmt.Sprint(*r.CutoffOffset)
	}
	return fmt.Sprintf("{body %d, cutoff %s, kept %v, lost %v}", r.BodyBytes, cut, r.Kept, r.Lost)
}

// movedCounts finds the numbers of moves a message states: "the 4", "11 of".
var movedCounts = regexp.MustCompile(`(?:^|moving |, |and |serving |removing |collapsing )(?:the )?([0-9,]+) `)

// checkAdviceHolds checks the contract of every advice of a: applying
// exactly its moves to the page and analysing the edited body gives its
// result; its message counts its moves, and calls nothing kept that the
// result loses. It also checks that no sentence of the analysis predicts
// by arithmetic.
func checkAdviceHolds(t *testing.T, in Input, a *Analysis) {
	t.Helper()
	for i, adv := range a.Advice {
		body, err := whatif.Apply(in.Body, adv.Moves)
		if err != nil {
			t.Fatalf("advice %d: %v", i, err)
		}
		got := resultOfAnalysis(Analyze(SimulatedInput(in, body)))
		if showResult(got) != showResult(adv.Result) {
			t.Errorf("advice %d (%s): applying its %d moves gives %s, it says %s", i, adv.Message, len(adv.Moves), showResult(got), showResult(adv.Result))
		}
		stated := 0
		for _, m := range movedCounts.FindAllStringSubmatch(adv.Message, -1) {
			var n int
			fmt.Sscan(strings.ReplaceAll(m[1], ",", ""), &n)
			stated += n
		}
		if singles := strings.Count(adv.Message, "the inline script ") + strings.Count(adv.Message, "the <style> element "); stated+singles != len(adv.Moves) && !strings.Contains(adv.Message, " of the ") {
			t.Errorf("advice %d: %q states %d moves, it has %d", i, adv.Message, stated+singles, len(adv.Moves))
		}
		if strings.Contains(adv.Message, "nothing is cut") != (adv.Result.CutoffOffset == nil) {
			t.Errorf("advice %d: %q, yet its result cuts at %v", i, adv.Message, adv.Result.CutoffOffset)
		}
	}
	for _, f := range a.Findings {
		for _, old := range []string{"would move the cutoff", "would let", "Minifying"} {
			if strings.Contains(f.Message, old) {
				t.Errorf("finding %s predicts by arithmetic: %s", f.Code, f.Message)
			}
		}
	}
	for _, c := range a.Contributors {
		if strings.Contains(c.Message, "would") {
			t.Errorf("contributor %s predicts: %s", c.Kind, c.Message)
		}
	}
}

// dataURI is a data: URI of about n bytes.
func dataURI(n int) string { return "data:image/png;base64," + strings.Repeat("iVBO", n/4) }

// TestAdviceStylesOfDataURIs: a page shaped like issue 23's video page,
// whose 4 <style> elements hold hundreds of data: URIs before the
// canonical link. The byte map has hundreds of inline-style pieces; the
// advice moves the 4 elements (their data: URIs go with them), says so,
// and moving them leaves a page that nothing cuts.
func TestAdviceStylesOfDataURIs(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>Video</title>\n")
	for s := range 4 {
		b.WriteString("<style>\n")
		for i := range 100 {
			fmt.Fprintf(&b, ".i%d-%d{background:url(%s)}\n", s, i, dataURI(6000+i*10))
		}
		b.WriteString("</style>\n")
	}
	b.WriteString("<script>var player = 1;</script>\n")
	b.WriteString(`<link rel="canonical" href="https://video.example/watch">` + "\n</head><body><h1>Video</h1>\n")
	for b.Len() < 3_400_000 {
		b.WriteString("<p>Comments on the video, one after another, as the page lists them.</p>\n")
	}
	b.WriteString(`<a href="/next">next</a></body></html>`)
	in := googlebotInput([]byte(b.String()))
	a := Analyze(in)
	if len(a.Advice) == 0 {
		t.Fatal("no advice for a page whose canonical link is lost")
	}
	stylesKeep := false
	for _, adv := range a.Advice {
		if n := len(adv.Moves); adv.Kind == "styles" && n > 4 {
			t.Errorf("%q moves %d pieces: the page has 4 <style> elements", adv.Message, n)
		}
		if adv.Kind == "styles" && slices.Contains(adv.Result.Kept, scan.ElementCanonical) &&
			regexp.MustCompile(`^Moving (the|[1-4] of the) 4 <style> elements? out keeps the canonical link`).MatchString(adv.Message) {
			stylesKeep = true
		}
	}
	if !stylesKeep {
		t.Errorf("advice %v, want <style> elements moved to keep the canonical link", adviceMessages(a.Advice))
	}
	whole := a.Advice[len(a.Advice)-1]
	if whole.Result.CutoffOffset != nil || !regexp.MustCompile(`^Moving [1-4] of the 4 <style> elements out keeps`).MatchString(whole.Message) {
		t.Errorf("last advice %q gives %s, want <style> elements moved and nothing cut", whole.Message, showResult(whole.Result))
	}
	checkAdviceHolds(t, in, a)
}

// TestAdviceScriptsAllNeeded: 20 inline scripts, 11 of them before the
// canonical link. Moving the 11 keeps the canonical, but the page is
// still cut; it takes 13 for the crawler to read it whole, and each
// advice says what its own simulation gives.
func TestAdviceScriptsAllNeeded(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>App</title>\n")
	script := func(i int) { fmt.Fprintf(&b, "<script>var s%d=%q;</script>\n", i, strings.Repeat("x", 200_000)) }
	for i := range 11 {
		script(i)
	}
	b.WriteString(`<link rel="canonical" href="https://app.example/">` + "\n</head><body><h1>App</h1>\n")
	for i := 11; i < 20; i++ {
		script(i)
	}
	for b.Len() < 4_400_000 {
		b.WriteString("<p>Text of the app shell that a crawler reads.</p>\n")
	}
	b.WriteString(`<a href="/last">last</a></body></html>`)
	in := googlebotInput([]byte(b.String()))
	a := Analyze(in)
	checkAdviceHolds(t, in, a)
	var whole *whatif.Advice
	for i := range a.Advice {
		if adv := &a.Advice[i]; adv.Result.CutoffOffset == nil {
			whole = adv
		}
		if adv := a.Advice[i]; adv.Kind == "scripts" && len(adv.Moves) <= 11 && adv.Result.CutoffOffset == nil {
			t.Errorf("%q: %d of the 20 scripts cannot make the page fit", adv.Message, len(adv.Moves))
		}
	}
	if whole == nil || whole.Kind != "scripts" || len(whole.Moves) <= 11 {
		t.Fatalf("advice %v, want one that moves more than the 11 scripts before the canonical and reads the page whole", adviceMessages(a.Advice))
	}
	if want := fmt.Sprintf("Moving %d of the 20 inline scripts out keeps ", len(whole.Moves)); !strings.HasPrefix(whole.Message, want) {
		t.Errorf("message %q, want %q…", whole.Message, want)
	}
}

// TestAdviceSingleSpacedWords: an 8 MB page of words with single spaces
// has no white space a minifier removes, so no advice speaks of white
// space; the same page with double spaces is rescued by collapsing them.
func TestAdviceSingleSpacedWords(t *testing.T) {
	page := func(space string) Input {
		var b strings.Builder
		b.WriteString("<!DOCTYPE html><html><head><title>Words</title></head><body><p>")
		for b.Len() < 2_200_000 {
			b.WriteString("crawlers" + space + "read" + space + "bytes" + space)
		}
		b.WriteString(`</p><h1>Words</h1><p>`)
		for b.Len() < 8_000_000 {
			b.WriteString("pages" + space + "grow" + space + "big" + space)
		}
		b.WriteString(`</p></body></html>`)
		return googlebotInput([]byte(b.String()))
	}
	single := page(" ")
	a := Analyze(single)
	checkAdviceHolds(t, single, a)
	for _, adv := range a.Advice {
		if adv.Kind == "whitespace" || strings.Contains(adv.Message, "white space") {
			t.Errorf("single spaces: %q", adv.Message)
		}
	}
	double := page("  ")
	a = Analyze(double)
	checkAdviceHolds(t, double, a)
	if len(a.Advice) == 0 || a.Advice[0].Kind != "whitespace" || !slices.Contains(a.Advice[0].Result.Kept, scan.ElementH1) {
		t.Errorf("double spaces: advice %v, want collapsing white space to keep the h1", adviceMessages(a.Advice))
	}
}

func adviceMessages(advice []whatif.Advice) []string {
	out := make([]string, len(advice))
	for i, a := range advice {
		out[i] = a.Kind + ": " + a.Message
	}
	return out
}

// rescuablePage is the 15,000,000-byte benchmark page with six <style>
// elements of data: URIs (400 KB each) put before its canonical link, so
// that the canonical is lost and moving styles brings it back: the advice
// then finds elements and simulates, which the benchmark page alone (whose
// lost elements end megabytes past the cutoff) never needs.
func rescuablePage() []byte {
	page := benchPage(15_000_000)
	at := bytes.Index(page, []byte("  <link rel=\"canonical\""))
	var styles strings.Builder
	for s := range 6 {
		styles.WriteString("  <style>\n")
		for i := 0; styles.Len() < (s+1)*400_000; i++ {
			fmt.Fprintf(&styles, "    .b%d-%d{background:url(%s)}\n", s, i, dataURI(4000))
		}
		styles.WriteString("  </style>\n")
	}
	out := append(slices.Clip(page[:at]), styles.String()...)
	return append(out, page[at:]...)[:15_000_000]
}

// BenchmarkAnalyzeAdvised is BenchmarkAnalyzeVsBare's ratio on
// rescuablePage: the whole analysis, advice included, over the bare
// tokenizer pass, fastest runs in wall time.
func BenchmarkAnalyzeAdvised(b *testing.B) {
	page := rescuablePage()
	in := benchInput(page)
	if a := Analyze(in); len(a.Advice) == 0 || a.Advice[0].Kind != "styles" {
		b.Fatalf("advice %v, want <style> elements moved", adviceMessages(a.Advice))
	}
	b.SetBytes(int64(len(page)))
	bare, full := time.Duration(1<<62), time.Duration(1<<62)
	for b.Loop() {
		runtime.GC()
		t0 := time.Now()
		bareTokenize(page)
		runtime.GC()
		t1 := time.Now()
		Analyze(in)
		bare, full = min(bare, t1.Sub(t0)), min(full, time.Since(t1))
	}
	b.ReportMetric(float64(full)/float64(bare), "x-bare")
	b.ReportMetric(float64(bare.Milliseconds()), "bare-ms")
	b.ReportMetric(float64(full.Milliseconds()), "analyze-ms")
}
