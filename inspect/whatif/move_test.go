package whatif_test

import (
	"encoding/json"
	. "github.com/cutoffapp/cutoff/inspect/whatif"
	"strings"
	"sync"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
)

func TestApply(t *testing.T) {
	body := []byte("0123456789")
	tests := []struct {
		name  string
		moves []Move
		want  string
		err   bool
	}{
		{"no moves", nil, "0123456789", false},
		{"in any order", []Move{{7, 9, "x"}, {1, 3, ""}, {4, 5, "yy"}}, "03yy56x9", false},
		{"touching", []Move{{0, 5, "a"}, {5, 10, "b"}}, "ab", false},
		{"an insertion", []Move{{3, 3, "+"}}, "012+3456789", false},
		{"overlapping", []Move{{0, 5, ""}, {4, 6, ""}}, "", true},
		{"two insertions at one offset", []Move{{3, 3, "a"}, {3, 3, "b"}}, "", true},
		{"past the end", []Move{{8, 11, ""}}, "", true},
		{"backwards", []Move{{5, 4, ""}}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Apply(body, tt.moves)
			if (err != nil) != tt.err {
				t.Fatalf("Apply(%v) error %v, want error: %v", tt.moves, err, tt.err)
			}
			if string(got) != tt.want {
				t.Errorf("Apply(%v) = %q, want %q", tt.moves, got, tt.want)
			}
		})
	}
	if string(body) != "0123456789" {
		t.Errorf("Apply changed its input: %q", body)
	}
	if _, err := Apply(body, []Move{{0, 5, ""}, {4, 6, ""}}); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("overlap error %v, want one about the overlap", err)
	}
}

func TestParseKinds(t *testing.T) {
	tests := []struct {
		list string
		want string // Kinds.String, "" for an error
	}{
		{"scripts,styles,data-uris,comments,whitespace", "styles,scripts,data-uris,comments,whitespace"},
		{" Scripts , ,style-attributes", "scripts,style-attributes"},
		{"all", "styles,scripts,style-attributes,data-uris,comments,whitespace"},
		{"scripts,inline-svg", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, err := ParseKinds(tt.list)
		if s := got.String(); s != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("ParseKinds(%q) = %q, %v; want %q", tt.list, s, err, tt.want)
		}
	}
}

// A page where the window panel ticks single elements.
var panelPage = `<html><head><title>t</title><style>.a{background:url(data:image/png;base64,` +
	`AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA)}</style>` +
	`<script>var a = "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB";</script>` +
	`<link rel="canonical" href="https://x.example/"></head><body><h1>x</h1><p>` + panelTail + `</p></body></html>`

var panelTail = strings.Repeat("words ", 200)

// panelWindow puts the canonical link's end in page past the cutoff by
// deficit bytes.
func panelWindow(page string, deficit int64) int64 {
	const canonical = `<link rel="canonical" href="https://x.example/">`
	return int64(strings.Index(page, canonical)+len(canonical)) - deficit
}

// TestPlanMovesAndSimulate ticks elements as the window panel does. Moving
// the style out saves 107 bytes, the data: URI in it alone 106, the script
// 68; the canonical link is 107 bytes past the cutoff.
func TestPlanMovesAndSimulate(t *testing.T) {
	w := panelWindow(panelPage, 107)
	in := inspect.Input{Body: []byte(panelPage), Limit: w, Cutoff: &w}
	p := newPlan(in, nil)
	kinds := map[Kind]int{}
	for i, e := range p.Elements {
		kinds[e.Kind] = i
	}
	style, uri, script := kinds[Styles], kinds[DataURIs], kinds[Scripts]
	if p.Elements[uri].Parent != style {
		t.Fatalf("the data: URI's parent is %d, want the style, %d", p.Elements[uri].Parent, style)
	}
	tests := []struct {
		name     string
		selected []int
		moves    int // how many moves Moves returns
		canon    bool
	}{
		{"the data: URI alone", []int{uri}, 1, false},
		{"the style takes its data: URI along", []int{uri, style}, 1, true},
		{"the script", []int{script}, 1, false},
		{"everything, twice", []int{script, style, uri, script}, 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim, err := p.Simulate(tt.selected)
			if err != nil {
				t.Fatal(err)
			}
			if len(sim.Moves) != tt.moves {
				t.Errorf("%d moves, want %d", len(sim.Moves), tt.moves)
			}
			if kept := strings.Contains(strings.Join(sim.Result.Kept, ","), "canonical"); kept != tt.canon {
				t.Errorf("canonical kept %v, want %v (result %s)", kept, tt.canon, show(sim.Result))
			}
			want := resultOf(inspect.Analyze(withWindow(sim.Body, w)))
			if show(want) != show(sim.Result) {
				t.Errorf("result %s, the edited body gives %s", show(sim.Result), show(want))
			}
		})
	}
	if _, err := p.Simulate([]int{len(p.Elements)}); err == nil {
		t.Error("Simulate took an element out of range")
	}
}

func TestAdviceJSON(t *testing.T) {
	page := strings.Replace(panelPage, panelTail, "", 1)
	w := panelWindow(page, 50)
	in := inspect.Input{Body: []byte(page), Limit: w, Cutoff: &w}
	advice := inspect.Analyze(in).Advice
	if len(advice) == 0 {
		t.Fatal("no advice")
	}
	if whole := inspect.Analyze(withWindow(in.Body, 1<<20)).Advice; whole == nil || len(whole) != 0 {
		t.Errorf("advice %v for a page that is not cut, want an empty list", whole)
	}
	b, err := json.Marshal(advice[0])
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"kind", "message", "moves", "result"} {
		if _, ok := got[key]; !ok {
			t.Errorf("advice JSON %s has no %q", b, key)
		}
	}
	result := got["result"].(map[string]any)
	if v, ok := result["cutoff_offset"]; !ok || v != nil {
		t.Errorf("result.cutoff_offset = %v (present %v), want null: the page then fits", v, ok)
	}
	move := got["moves"].([]any)[0].(map[string]any)
	for _, key := range []string{"start", "end", "replacement"} {
		if _, ok := move[key]; !ok {
			t.Errorf("move JSON %v has no %q", move, key)
		}
	}
}

// TestSimulateConcurrently: the window panel recomputes on goroutines of
// its own while the report advises from the same plan.
func TestSimulateConcurrently(t *testing.T) {
	in := googlebot(randomPage(3))
	p := newPlan(in, nil)
	want := map[Kind]string{}
	for _, k := range AllKinds.List() {
		sim, err := p.Simulate(p.Select(KindsOf(k)))
		if err != nil {
			t.Fatal(err)
		}
		want[k] = show(sim.Result)
	}
	var wg sync.WaitGroup
	for _, k := range AllKinds.List() {
		wg.Go(func() {
			sim, err := p.Simulate(p.Select(KindsOf(k)))
			if err != nil || show(sim.Result) != want[k] {
				t.Errorf("%s at once: %v %v, alone %s", k, err, sim, want[k])
			}
		})
	}
	wg.Go(func() { p.Advise(AllKinds) })
	wg.Wait()
}
