package scan

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/cutoffapp/cutoff/fetch"
)

// resultJSON is what the pass found as the reports see it, plus its byte
// map.
func resultJSON(t testing.TB, r *Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n" + fmt.Sprint(r.ByteMap.Spans())
}

// TestStreamedPassReadsAhead checks that the pass works through the bytes
// that have arrived before the rest does: with half the body delivered it
// is found waiting for more, not for the end.
func TestStreamedPassReadsAhead(t *testing.T) {
	body := demoPages(t)["/big"]
	s := NewStream(fetch.Profile{RobotsTokens: []string{"Googlebot"}}, false)
	half := append(make([]byte, 0, len(body)), body[:len(body)/2]...)
	cut := int64(len(body)) * 3 / 4
	s.Begin(fetch.BodyHead{CutoffAt: cut}, half)
	deadline := time.Now().Add(10 * time.Second)
	for s.waitingAt() < int64(len(body))/2-int64(forkLookahead)-readChunk {
		if time.Now().After(deadline) {
			t.Fatalf("the pass waits at byte %d of the %d delivered", s.waitingAt(), len(half))
		}
		time.Sleep(time.Millisecond)
	}
	s.End(append(half, body[len(half):]...))
	in := Input{Body: body, Tokens: []string{"Googlebot"}, Cutoff: &cut}
	if got, want := resultJSON(t, analyze(in, DefaultSteps, s)), resultJSON(t, runDefault(in)); got != want {
		t.Fatal("the analysis of a body read half ahead differs")
	}
}
