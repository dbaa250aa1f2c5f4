package whatif_test

import (
	"fmt"
	. "github.com/cutoffapp/cutoff/inspect/whatif"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
)

// googlebot is the input of a page fetched under a 2,000,000-byte limit
// with a header of 300 counted bytes.
func googlebot(body []byte) inspect.Input {
	in := inspect.Input{Body: body, Limit: 2_000_000, HeaderBytes: 300, Crawler: "Googlebot", Tokens: []string{"googlebot"}}
	if w := in.Limit - in.HeaderBytes; int64(len(body)) > w {
		in.Cutoff = &w
	}
	return in
}

// checkContract checks what every advice promises: applying exactly its
// moves to the body and inspecting the result, with the cutoff counted
// afresh from the limit and the header bytes, gives its result; its
// message counts its moves and never contradicts the result.
func checkContract(t *testing.T, in inspect.Input, base *inspect.Analysis, advice []Advice) {
	t.Helper()
	baseLost := resultOf(base).Lost
	for i, a := range advice {
		body, err := Apply(in.Body, a.Moves)
		if err != nil {
			t.Fatalf("advice %d: Apply: %v", i, err)
		}
		sim := in
		sim.Body, sim.Cutoff, sim.BinaryCutoff = body, nil, nil
		if w := in.Limit - in.HeaderBytes; int64(len(body)) > w {
			sim.Cutoff = &w
		}
		got := resultOf(inspect.Analyze(sim))
		if show(got) != show(a.Result) {
			t.Errorf("advice %d (%s): applying its %d moves gives %s, it says %s", i, a.Message, len(a.Moves), show(got), show(a.Result))
		}
		checkMessage(t, a, baseLost)
	}
}

func show(r Result) string {
	cut := "nil"
	if r.CutoffOffset != nil {
		cut = strconv.FormatInt(*r.CutoffOffset, 10)
	}
	return fmt.Sprintf("{body %d, cutoff %s, kept %v, lost %v}", r.BodyBytes, cut, r.Kept, r.Lost)
}

var moveCounts = regexp.MustCompile(`(?:^|moving |, |and |serving |removing |collapsing )(?:the )?([0-9,]+) `)

// checkMessage checks that the numbers of moves a message states add up
// to its moves, and that it calls the fix enough exactly when the result
// keeps something the page loses today.
func checkMessage(t *testing.T, a Advice, baseLost []string) {
	t.Helper()
	sum := 0
	for _, m := range moveCounts.FindAllStringSubmatch(strings.ToLower(a.Message), -1) {
		n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		sum += n
	}
	singles := strings.Count(a.Message, "the <style> element ") + strings.Count(a.Message, "the inline script ") +
		strings.Count(a.Message, "the style attribute ") + strings.Count(a.Message, "the data: URI ") +
		strings.Count(a.Message, "the HTML comment ") + strings.Count(a.Message, "the run of white space ")
	if sum+singles != len(a.Moves) {
		t.Errorf("%q states %d moves, has %d", a.Message, sum+singles, len(a.Moves))
	}
	rescued := false
	for _, k := range a.Result.Kept {
		rescued = rescued || slices.Contains(baseLost, k)
	}
	if insufficient := strings.Contains(a.Message, "not enough"); insufficient == rescued {
		t.Errorf("%q: rescues %v (kept %v, lost today %v)", a.Message, rescued, a.Result.Kept, baseLost)
	}
	if a.Result.CutoffOffset == nil && rescued && !strings.Contains(a.Message, "nothing is cut") {
		t.Errorf("%q: nothing is cut, and it does not say so", a.Message)
	}
}

// TestAdviseContract is the contract as a property over generated pages.
func TestAdviseContract(t *testing.T) {
	seeds := 16
	if testing.Short() {
		seeds = 4
	}
	advised := 0
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			in := googlebot(randomPage(seed))
			base := inspect.Analyze(in)
			advice := newPlan(in, base).Advise(AllKinds)
			if len(resultOf(base).Lost) > 0 && len(advice) == 0 {
				t.Errorf("%d-byte page loses %v, and there is no advice", len(in.Body), resultOf(base).Lost)
			}
			advised += len(advice)
			checkContract(t, in, base, advice)
			// A subset of the kinds, as --what-if or the panel may ask.
			some := Kinds(seed*37%uint64(AllKinds)) + 1
			checkContract(t, in, base, newPlan(in, base).Advise(some))
		})
	}
	if advised == 0 {
		t.Error("no generated page needed advice: the property tested nothing")
	}
}
