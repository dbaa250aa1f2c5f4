package prefs

import "time"

// prefWatchEvery is how often the Watch tab re-inspects its list, in
// minutes. A saved-state key, as those in prefs.go.
const prefWatchEvery = "watch.every_minutes"

// DefaultWatchEvery is the watch interval before one is chosen.
const DefaultWatchEvery = 6 * time.Hour

// WatchEvery is how often the watch list is re-inspected while the window
// is open.
func (s Store) WatchEvery() time.Duration {
	m := s.p.IntWithFallback(prefWatchEvery, int(DefaultWatchEvery/time.Minute))
	if m <= 0 {
		return DefaultWatchEvery
	}
	return time.Duration(m) * time.Minute
}

// SetWatchEvery remembers the watch interval, in whole minutes (at least
// one).
func (s Store) SetWatchEvery(d time.Duration) {
	s.p.SetInt(prefWatchEvery, max(1, int(d/time.Minute)))
}
