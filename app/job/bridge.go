package job

import (
	"sync"

	"fyne.io/fyne/v2"
)

// Bridge hands work from background goroutines to the UI thread. It is the
// only place in the window that calls fyne.Do, so every path from a
// goroutine to a widget can be found here.
//
// The mutex serialises hand-overs. Under the GLFW driver fyne.Do only queues
// the function (the queue is unbounded, so holding the lock never waits on
// the UI thread); under Fyne's test driver fyne.Do runs the function inline
// on the calling goroutine, and without the lock two engine goroutines could
// touch the same widget at once.
type Bridge struct {
	mu sync.Mutex
}

// Do runs f on the UI thread. Any goroutine may call it; f must not call Do.
func (b *Bridge) Do(f func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	fyne.Do(f)
}

// Sync runs f on the calling goroutine while no hand-over runs. Tests use it
// to act on widgets while an inspection is in flight.
func (b *Bridge) Sync(f func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f()
}
