package history

import (
	"context"
	"time"
)

// Clock is the time a Scheduler waits on; RealClock in the program, a fake
// one in tests.
type Clock interface {
	Now() time.Time
	// After returns a channel that receives once d has passed.
	After(d time.Duration) <-chan time.Time
}

// RealClock is the system's clock.
type RealClock struct{}

// Now returns the current time.
func (RealClock) Now() time.Time { return time.Now() }

// After waits on the system's clock.
func (RealClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Scheduler runs a job every Every, measured from the end of the previous
// run so that a slow run never overlaps the next: the window's periodic
// re-inspection of its watch list (Job calls DB.CheckPages).
type Scheduler struct {
	Clock Clock
	Every time.Duration
	// Job is called on the scheduler's goroutine with the time it ran.
	Job func(ctx context.Context, at time.Time)
	// RunAtStart runs the job once as soon as Run starts.
	RunAtStart bool
}

// Run calls Job on schedule until ctx is done. It blocks; call it on a
// goroutine of its own.
func (s *Scheduler) Run(ctx context.Context) {
	clock := s.Clock
	if clock == nil {
		clock = RealClock{}
	}
	if s.RunAtStart {
		s.Job(ctx, clock.Now())
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-clock.After(s.Every):
		}
		if ctx.Err() != nil {
			return
		}
		s.Job(ctx, clock.Now())
	}
}
