package whatiftab

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/cli"
	"github.com/cutoffapp/cutoff/inspect/scan"
	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// windowSize is the panel's room in a 1024×768 window, less the top bar
// and the tabs.
var windowSize = fyne.NewSize(1024, 640)

// shownFigures are the panel's figures, read from what it shows.
type shownFigures struct {
	bodyBytes int64
	cutoff    string // "body byte N" or "nothing cut"
	moves     int
	kept      []string
	lost      []string
}

func (f shownFigures) String() string {
	return fmt.Sprintf("{body %d, cutoff %s, %d moves, kept %v, lost %v}", f.bodyBytes, f.cutoff, f.moves, f.kept, f.lost)
}

// figuresOfResult states a result as shownFigures.
func figuresOfResult(r whatif.Result, moves int) shownFigures {
	return shownFigures{bodyBytes: r.BodyBytes, cutoff: cutoffText(r.CutoffOffset), moves: moves, kept: r.Kept, lost: r.Lost}
}

// panelFigures reads the figures the panel shows, and checks that its
// figures line and its critical element labels state them.
func (tp *testPanel) panelFigures(t *testing.T) shownFigures {
	t.Helper()
	var f shownFigures
	var text string
	var chips []string
	tp.act(func() {
		s := tp.shown
		f = figuresOfResult(s.result, len(s.sim.Moves))
		if f.bodyBytes != s.bodyBytes || f.cutoff != cutoffText(s.cutoff) {
			t.Errorf("the result says body %d, cutoff %s; the figures %d, %s", f.bodyBytes, f.cutoff, s.bodyBytes, cutoffText(s.cutoff))
		}
		if m := tp.simRule.Model(); m.BodyBytes != s.bodyBytes || cutoffText(m.Cutoff) != f.cutoff {
			t.Errorf("the simulated ruler draws body %d, cutoff %s; the figures say %d, %s", m.BodyBytes, cutoffText(m.Cutoff), s.bodyBytes, f.cutoff)
		}
		text = tp.figures.Text
		for _, o := range tp.chips.Objects {
			chips = append(chips, o.(*widget.Label).Text)
		}
	})
	for _, want := range []string{"now " + kit.BytesText(f.bodyBytes) + ":", "now " + f.cutoff + ".", kit.Commas(int64(f.moves)) + " move"} {
		if !strings.Contains(text, want) {
			t.Errorf("figures line %q does not say %q", text, want)
		}
	}
	before := tp.ready.real.result
	for _, kinds := range [][]string{f.kept, f.lost} {
		for _, k := range kinds {
			after := map[bool]string{true: "kept", false: "lost"}[slices.Contains(f.kept, k)]
			want := labelOf(k) + ": " + after
			if was := map[bool]string{true: "kept", false: "lost"}[slices.Contains(before.Kept, k)]; was != after && (slices.Contains(before.Kept, k) || slices.Contains(before.Lost, k)) {
				want = labelOf(k) + ": " + was + ", now " + after
			}
			if !slices.Contains(chips, want) {
				t.Errorf("no label says %q: %q", want, chips)
			}
		}
	}
	return f
}

// tickKinds taps the kinds' checks, as a consultant ticks them.
func (tp *testPanel) tickKinds(t *testing.T, kinds whatif.Kinds) {
	t.Helper()
	tp.act(func() {
		for i, tot := range tp.ready.kinds {
			if kinds.Has(tot.kind) {
				test.Tap(tp.kinds.checks[i])
			}
		}
	})
	tp.wait(t)
}

// cliMovesApplied reads the number of moves from --what-if's line on
// stderr.
var cliMovesApplied = regexp.MustCompile(`what if \([a-z,-]+\): ([0-9,]+) moves? applied`)

// cliFigures runs `cutoff inspect --json --what-if KINDS URL` and reads its
// figures.
func cliFigures(t *testing.T, url string, kinds whatif.Kinds) shownFigures {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := []string{"inspect", "--json", "--no-resources", "--no-history", "--profile", profile(t).ID, "--what-if", kinds.String(), url}
	if code := cli.Run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("cutoff %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	var out struct {
		BodyBytes    int64           `json:"body_bytes"`
		CutoffOffset *int64          `json:"cutoff_offset"`
		Critical     []scan.Critical `json:"critical"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	m := cliMovesApplied.FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("stderr %q does not say how many moves were applied", stderr.String())
	}
	var moves int
	fmt.Sscan(strings.ReplaceAll(m[1], ",", ""), &moves)
	return figuresOfResult(whatif.ResultOf(out.BodyBytes, out.CutoffOffset, out.Critical), moves)
}

// TestPanelAgreesWithTheCommandLine ticks kinds in the panel on pages over
// the limit, the demo's /big and a real saved page, and compares its
// figures with Report.Simulate and with `cutoff inspect --what-if` for the
// same kinds.
func TestPanelAgreesWithTheCommandLine(t *testing.T) {
	big := demoBigURL(t)
	trace := servePage(t, savedPage(t, "trace_viewer_full.html.gz"))
	tests := []struct {
		name, url string
		kinds     string // as --what-if takes them
	}{
		{"demo scripts", big, "scripts"},
		{"demo data URIs", big, "data-uris"},
		{"demo comments and white space", big, "comments,whitespace"},
		{"demo everything", big, "all"},
		{"trace viewer styles", trace, "styles"},
		{"trace viewer scripts and comments", trace, "scripts,comments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kinds, err := whatif.ParseKinds(tt.kinds)
			if err != nil {
				t.Fatal(err)
			}
			d := inspectURL(t, tt.url)
			tp := newTestPanel(t, d)
			tp.tickKinds(t, kinds)
			got := tp.panelFigures(t)
			t.Log(got)

			rep, sim, err := d.Report.Simulate(kinds, d.Profile)
			if err != nil {
				t.Fatal(err)
			}
			want := figuresOfResult(whatif.ResultOf(rep.Fetch.BodyBytes, rep.Fetch.CutoffOffset, rep.Analysis.Critical), len(sim.Moves))
			if got.String() != want.String() {
				t.Errorf("panel %s, Report.Simulate %s", got, want)
			}
			if cli := cliFigures(t, tt.url, kinds); got.String() != cli.String() {
				t.Errorf("panel %s, cutoff inspect --what-if %s: %s", got, tt.kinds, cli)
			}
			if got.bodyBytes >= d.Report.Fetch.BodyBytes {
				t.Errorf("moving %s leaves the body at %d bytes, the page has %d", tt.kinds, got.bodyBytes, d.Report.Fetch.BodyBytes)
			}
		})
	}
}
