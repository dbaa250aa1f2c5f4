package job

import (
	"context"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

func TestThrottle(t *testing.T) {
	t0 := time.Now()
	steps := []struct {
		phase string
		after time.Duration
		want  bool
	}{
		{"page", 0, true},                                    // the first report
		{"page", progressEvery / 2, false},                   // too soon
		{"resources", progressEvery / 2, true},               // a new phase
		{"resources", progressEvery + progressEvery/2, true}, // an interval later
	}
	th := throttle[string]{phase: func(s string) string { return s }}
	for i, s := range steps {
		if got := th.pass(s.phase, t0.Add(s.after)); got != s.want {
			t.Errorf("step %d (%s at %v): pass = %v, want %v", i, s.phase, s.after, got, s.want)
		}
	}
}

// runUntil starts j on r and waits for its end on the UI thread; it
// reports whether the result was shown.
func runUntil(t *testing.T, r *Runner[int], j Func[int], act func()) (shown bool) {
	t.Helper()
	ended := make(chan struct{})
	r.Start(func(ctx context.Context, progress func(int)) func() {
		show := j(ctx, progress)
		return func() { shown = true; show() }
	}, nil, func() { close(ended) })
	act()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the job did not end")
	}
	r.Wait()
	return shown
}

// TestRunnerCancel checks the three ways a job ends early: stop drops its
// result, cancel shows it, and the parent context (the window's) cancels it.
func TestRunnerCancel(t *testing.T) {
	test.NewTempApp(t)
	waitCancel := func(ctx context.Context, _ func(int)) func() {
		<-ctx.Done()
		return func() {}
	}
	tests := []struct {
		name      string
		act       func(r *Runner[int], closeWindow context.CancelFunc)
		wantShown bool
	}{
		{"stop", func(r *Runner[int], _ context.CancelFunc) { r.Stop() }, false},
		{"cancel", func(r *Runner[int], _ context.CancelFunc) { r.Cancel() }, true},
		{"window closed", func(_ *Runner[int], closeWindow context.CancelFunc) { closeWindow() }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, closeWindow := context.WithCancel(context.Background())
			defer closeWindow()
			r := NewRunner[int](ctx, &Bridge{}, nil)
			if got := runUntil(t, r, waitCancel, func() { tt.act(r, closeWindow) }); got != tt.wantShown {
				t.Errorf("shown = %v, want %v", got, tt.wantShown)
			}
		})
	}
}

// TestRunnerSupersede checks that a second start drops the first job's
// result and progress.
func TestRunnerSupersede(t *testing.T) {
	test.NewTempApp(t)
	r := NewRunner[int](context.Background(), &Bridge{}, nil)
	release := make(chan struct{})
	var firstShown, firstProgress bool
	r.Start(func(ctx context.Context, progress func(int)) func() {
		<-release
		progress(1)
		return func() { firstShown = true }
	}, func(int) { firstProgress = true }, nil)
	shown := runUntil(t, r, func(context.Context, func(int)) func() { return func() {} }, func() { close(release) })
	r.Wait()
	if !shown || firstShown || firstProgress {
		t.Errorf("second shown %v, first shown %v, first progress %v; want only the second", shown, firstShown, firstProgress)
	}
}

// BenchmarkProgressDropped is the cost of a report the throttle drops:
// what every read and every finished item costs an engine now that it
// reports all of them.
func BenchmarkProgressDropped(b *testing.B) {
	test.NewTempApp(b)
	r := NewRunner(context.Background(), &Bridge{}, func(p int) string { return "" })
	progress := r.progressFunc(r.gen.Load(), func(int) {})
	progress(0) // the first report passes; the rest fall within the interval
	for b.Loop() {
		progress(1)
	}
}

// appendInts is the merge of a batch runner over []int.
func appendInts(b *[]int, p []int) { *b = append(*b, p...) }

// TestBatchRunnerDeliversAll checks that a batch runner hands every report
// over, in order, merged into fewer batches than reports while the UI
// thread is slow, and that the last batch lands before the result.
func TestBatchRunnerDeliversAll(t *testing.T) {
	test.NewTempApp(t)
	r := NewBatchRunner(context.Background(), &Bridge{}, time.Millisecond, appendInts)
	const n = 2000
	var got []int
	batches, shownAfter := 0, -1
	ended := make(chan struct{})
	r.Start(func(ctx context.Context, progress func([]int)) func() {
		for i := range n {
			progress([]int{i})
			if i%100 == 0 {
				time.Sleep(2 * time.Millisecond) // let the pump hand some over
			}
		}
		return func() { shownAfter = len(got) }
	}, func(b []int) {
		batches++
		got = append(got, b...)
		time.Sleep(5 * time.Millisecond) // a busy UI thread
	}, func() { close(ended) })
	<-ended
	r.Wait()
	if len(got) != n || shownAfter != n {
		t.Fatalf("%d reports arrived, %d before the result; want %d", len(got), shownAfter, n)
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("report %d arrived as %d: out of order", i, v)
		}
	}
	if batches < 2 || batches > n/10 {
		t.Errorf("%d batches for %d reports; want a few, merged", batches, n)
	}
}

// TestBatchRunnerEnds checks the batch runner's early ends: cancel still
// applies the last batch and shows the result, stop drops both.
func TestBatchRunnerEnds(t *testing.T) {
	test.NewTempApp(t)
	tests := []struct {
		name      string
		act       func(r *Runner[[]int])
		wantShown bool
	}{
		{"cancel", func(r *Runner[[]int]) { r.Cancel() }, true},
		{"stop", func(r *Runner[[]int]) { r.Stop() }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewBatchRunner(context.Background(), &Bridge{}, time.Hour, appendInts)
			var got []int
			shown := false
			started, ended := make(chan struct{}), make(chan struct{})
			r.Start(func(ctx context.Context, progress func([]int)) func() {
				progress([]int{1})
				close(started)
				<-ctx.Done()
				progress([]int{2}) // reported after the end was asked
				return func() { shown = true }
			}, func(b []int) { got = append(got, b...) }, func() { close(ended) })
			<-started
			tt.act(r)
			<-ended
			r.Wait()
			if shown != tt.wantShown {
				t.Errorf("shown = %v, want %v", shown, tt.wantShown)
			}
			if want := []int{1, 2}; tt.wantShown != slices.Equal(got, want) || (!tt.wantShown && len(got) > 0) {
				t.Errorf("batches brought %v; want %v only if shown", got, want)
			}
		})
	}
}

// BenchmarkProgressBatched is the cost of a report a batch runner merges:
// what every row of a site run costs its engine's goroutine.
func BenchmarkProgressBatched(b *testing.B) {
	test.NewTempApp(b)
	r := NewBatchRunner(context.Background(), &Bridge{}, time.Hour, func(n *int, p int) { *n += p })
	progress, flush := r.reporter(r.gen.Load(), func(int) {})
	for b.Loop() {
		progress(1)
	}
	_ = flush() // stops the pump; the rest is not applied
}
