package demosite

import "sync"

// maxCached bounds the number of generated responses kept. Keys include the
// request's host, so a client inventing hosts could otherwise grow the cache
// without end; past the bound the cache starts over.
const maxCached = 48

// cache keeps generated responses so that megabytes are built once and
// every request for the same key gets the same bytes. It is safe for
// concurrent use; concurrent first requests for a key build it once.
type cache struct {
	mu sync.Mutex
	m  map[string]*entry
}

type entry struct {
	once sync.Once
	b    []byte
	err  error
}

// get returns the bytes stored under key, calling build the first time.
func (c *cache) get(key string, build func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCached {
		c.m = make(map[string]*entry)
	}
	e, ok := c.m[key]
	if !ok {
		e = new(entry)
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.b, e.err = build() })
	return e.b, e.err
}
