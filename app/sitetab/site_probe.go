package sitetab

import (
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/cutoffapp/cutoff/app/job"
)

// probeEnv, when set in the environment, makes each site run measure how
// long the UI thread takes to run a hand-over (a frame stall shows as a
// late one) and print it to stderr when the run ends. It is how the
// window's responsiveness under 100,000 rows is measured on a real display.
const probeEnv = "CUTOFF_SITE_PROBE"

// probeLine is the measurement the probe prints for whoever measures the
// window (developers, in English, as the benchmarks print theirs): not a
// message for the window's users.
const probeLine = "site probe: %d rows; UI thread latency over %d turns: median %v, p99 %v, max %v, %d over 100ms; longest batch %v\n"

// probeEvery is the pause between two turns the probe asks of the UI
// thread.
const probeEvery = 10 * time.Millisecond

// uiProbe records the latencies of the UI thread while a run goes on.
type uiProbe struct {
	b    *job.Bridge
	stop chan struct{}
	lat  []time.Duration // touched only on the UI thread
}

// startProbe starts a probe when probeEnv is set; nil otherwise.
func startProbe(b *job.Bridge) *uiProbe {
	if os.Getenv(probeEnv) == "" {
		return nil
	}
	p := &uiProbe{b: b, stop: make(chan struct{})}
	go func() {
		for {
			select {
			case <-p.stop:
				return
			case <-time.After(probeEvery):
			}
			// One turn in flight at a time: its latency is how long the
			// UI thread was busy (a batch, a frame) before it got to it.
			sent, ran := time.Now(), make(chan struct{})
			p.b.Do(func() { p.lat = append(p.lat, time.Since(sent)); close(ran) })
			select {
			case <-ran:
			case <-p.stop:
				return
			}
		}
	}()
	return p
}

// end stops the probe and prints what it measured; on the UI thread.
func (p *uiProbe) end(rows int, longestBatch time.Duration) {
	if p == nil {
		return
	}
	close(p.stop)
	lat := slices.Clone(p.lat)
	slices.Sort(lat)
	if len(lat) == 0 {
		return
	}
	over := 0
	for _, l := range lat {
		if l > 100*time.Millisecond {
			over++
		}
	}
	fmt.Fprintf(os.Stderr, probeLine,
		rows, len(lat), lat[len(lat)/2], lat[len(lat)*99/100], lat[len(lat)-1], over, longestBatch)
}
