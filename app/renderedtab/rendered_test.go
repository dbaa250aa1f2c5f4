package renderedtab

import (
	"html"
	"image"
	"image/color"
	"image/draw"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/prefs"
	"github.com/cutoffapp/cutoff/fetch"
	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/report"
)

// TestRenderedStatusCounts checks that the tab's sentence writes its
// counts with thousands separators and nouns that agree.
func TestRenderedStatusCounts(t *testing.T) {
	page := func(mode string) *inspect.RenderedPage { return &inspect.RenderedPage{Mode: mode} }
	rd := &inspect.Rendered{Browser: "Chrome", Viewport: inspect.Viewport{Width: 1920, Height: 1080},
		Google: page("google"), Full: page("full"), Lost: make([]inspect.RenderedLost, 1133),
		Scripts: []inspect.RenderedScript{{URL: "https://a.example/a.js"}}}
	got := renderedStatus(rd)
	for _, want := range []string{"at 1,920 × 1,080", "1,133 items lost, 1 of 1 script did not run."} {
		if !strings.Contains(got, want) {
			t.Errorf("status %q lacks %q", got, want)
		}
	}
}

// TestRenderedStatusNamesTheRenders checks that the notes of the two
// renders read as sentences naming each render as its screenshot's caption
// does, not as "google: …" and "full: …".
func TestRenderedStatusNamesTheRenders(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome", Crawler: "Googlebot Smartphone", Viewport: inspect.Viewport{Width: 1920, Height: 1080},
		Google: &inspect.RenderedPage{Mode: "google",
			Notes: []string{"The page asked for more than 200 files, the most one render fetches; the rest were refused."}},
		Full: &inspect.RenderedPage{Mode: "full",
			Notes: []string{"727 more requests were made than the list of requests shows: it stops at 400."}}}
	got := renderedStatus(rd)
	for _, want := range []string{
		" In Googlebot Smartphone's render of the kept bytes, the page asked for more than 200 files, the most one render fetches; the rest were refused.",
		" In the render of the whole page, 727 more requests were made than the list of requests shows: it stops at 400."} {
		if !strings.Contains(got, want) {
			t.Errorf("status %q lacks %q", got, want)
		}
	}
	for _, jargon := range []string{"google:", "full:", "unlisted", "render's cap"} {
		if strings.Contains(got, jargon) {
			t.Errorf("status %q says %q", got, jargon)
		}
	}
	rd.Full.Error = "Chromium exited."
	if got, want := renderedStatus(rd), "no comparison, because the render of the whole page failed: Chromium exited."; !strings.Contains(got, want) {
		t.Errorf("status %q lacks %q", got, want)
	}
}

// TestRenderedLayoutFits checks the tab at 1024 × 768: both screenshots
// side by side inside the window with their captions above them, a blank
// Google render captioned as such, and every comparison row reachable.
func TestRenderedLayoutFits(t *testing.T) {
	a := New(prefs.New(test.NewTempApp(t).Preferences()), nil)
	w := test.NewTempWindow(t, a.Content())
	w.Resize(fyne.NewSize(1024, 768))
	d := Data{Status: "s", Google: blankImage(412, 900, false), Full: blankImage(412, 900, true),
		shotW: [2]int{412, 412}, shotHs: [2]int{900, 900}, googleBlank: true,
		captions: [2]string{"Googlebot Smartphone's render (from the kept 1,999,860 bytes)", "Full render (the whole page)"}}
	for i := range 11 {
		d.rows = append(d.rows, [3]string{"row " + strconv.Itoa(i), "g", "f"})
	}
	a.Show(d)
	if len(a.shots.Objects) != 2 {
		t.Fatalf("%d screenshot panes, want 2", len(a.shots.Objects))
	}
	for i, pane := range a.shots.Objects {
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(pane)
		if right := pos.X + pane.Size().Width; right > 1024 {
			t.Errorf("pane %d ends at x=%v, past the window", i, right)
		}
		head := pane.(*fyne.Container).Objects[0].(*fyne.Container)
		if got := head.Objects[0].(*widget.Label).Text; got != d.captions[i] {
			t.Errorf("pane %d caption %q, want %q", i, got, d.captions[i])
		}
		if blank := len(head.Objects) > 1 && head.Objects[1].(*widget.Label).Text == blankCaption(); blank != (i == 0) {
			t.Errorf("pane %d blank caption shown %v, want %v", i, blank, i == 0)
		}
	}
	if a.tables == nil || len(a.tables.Items) != 3 || a.tables.Items[0].Content.(*container.Scroll).Content != a.rows {
		t.Fatal("the comparison is not in a scrolling tab of its own")
	}
}

// TestOneColour tells a blank screenshot from a drawn one.
func TestOneColour(t *testing.T) {
	if !oneColour(blankImage(40, 30, false)) || oneColour(blankImage(40, 30, true)) {
		t.Error("oneColour does not tell a blank image from a drawn one")
	}
}

// blankImage is a white w × h image, with one black pixel when drawn.
func blankImage(w, h int, drawn bool) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	if drawn {
		img.Set(w/2, h/2, color.Black)
	}
	return img
}

// TestRenderedCaptionsAgree checks that the window and the HTML pack
// caption Google's screenshot with the same number of kept bytes.
func TestRenderedCaptionsAgree(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome", Crawler: "Googlebot Smartphone", Viewport: inspect.Viewport{Width: 412, Height: 732},
		Google:   &inspect.RenderedPage{Mode: "google"},
		Full:     &inspect.RenderedPage{Mode: "full"},
		Requests: []inspect.RenderedRequest{{Kind: "document", ServedBytes: 1_999_860}}}
	d := DataOf(rd)
	if want := "Googlebot Smartphone's render (from the kept 1,999,860 bytes)"; d.captions[0] != want {
		t.Fatalf("window caption %q, want %q", d.captions[0], want)
	}
	r := &inspect.Report{Analysis: &inspect.Analysis{}, Fetch: &fetch.Result{}}
	r.AddRendered(rd)
	var b strings.Builder
	if err := report.WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	for _, c := range d.captions {
		if !strings.Contains(html.UnescapeString(b.String()), "<figcaption>"+c+"</figcaption>") {
			t.Errorf("the HTML pack lacks the window's caption %q", c)
		}
	}
}

// TestRenderedTabNamesTheCrawler shows a render of what Bingbot kept: the
// tab's labels and headings name Bingbot, not Google.
func TestRenderedTabNamesTheCrawler(t *testing.T) {
	rd := &inspect.Rendered{Browser: "Chrome", Crawler: "Bingbot", Viewport: inspect.Viewport{Width: 412, Height: 732},
		Google: &inspect.RenderedPage{Mode: "google", Notes: []string{"Stopped at the cap."}}, Full: &inspect.RenderedPage{Mode: "full"}}
	a := New(prefs.New(test.NewTempApp(t).Preferences()), nil)
	d := DataOf(rd)
	a.Show(d)
	for name, s := range map[string]string{"lost tab": a.tables.Items[1].Text, "heading": d.rows[0][1],
		"caption": d.captions[0], "status": d.Status} {
		if strings.Contains(s, "Google") || strings.Contains(s, "google:") || !strings.Contains(s, "Bingbot") {
			t.Errorf("%s %q, want Bingbot named", name, s)
		}
	}
}
