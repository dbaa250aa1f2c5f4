package fetch

import (
	"context"
	"crypto/tls"
	"net"
	"sync"
	"time"
)

// watchdog closes a connection when the fetch's context ends or when no
// response byte arrives in time, so that a blocked read returns at once.
// It remembers why it closed the connection.
type watchdog struct {
	mu       sync.Mutex
	conn     net.Conn
	closed   bool
	cause    error
	gotFirst bool
	timer    *time.Timer
	stopCtx  func() bool
}

// watch starts watching conn until close is called.
func watch(ctx context.Context, conn net.Conn) *watchdog {
	w := &watchdog{conn: conn}
	w.stopCtx = context.AfterFunc(ctx, func() { w.kill(context.Cause(ctx)) })
	return w
}

// armFirstByte closes the connection if no byte arrives within d.
func (w *watchdog) armFirstByte(d time.Duration) {
	cause := &timeoutCause{phase: "first-byte", after: d}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.timer = time.AfterFunc(d, func() { w.killIf(func() bool { return !w.gotFirst }, cause) })
}

// firstByte disarms the first-byte timer.
func (w *watchdog) firstByte() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.gotFirst = true
	if w.timer != nil {
		w.timer.Stop()
	}
}

// kill closes the connection for cause, once.
func (w *watchdog) kill(cause error) { w.killIf(func() bool { return true }, cause) }

// killIf closes the connection for cause if cond, checked under the lock,
// holds and nothing closed it before.
func (w *watchdog) killIf(cond func() bool, cause error) {
	w.mu.Lock()
	if w.closed || !cond() {
		w.mu.Unlock()
		return
	}
	w.closed, w.cause = true, cause
	w.mu.Unlock()
	w.conn.Close()
}

// reason returns why the watchdog closed the connection, or nil.
func (w *watchdog) reason() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cause
}

// close stops watching and closes the connection.
func (w *watchdog) close() {
	w.stopCtx()
	w.mu.Lock()
	if w.timer != nil {
		w.timer.Stop()
	}
	closed := w.closed
	w.closed = true
	w.mu.Unlock()
	if !closed {
		w.conn.Close()
	}
}

// firstByteReader tells the watchdog when the first byte arrives and
// records the time.
type firstByteReader struct {
	r    net.Conn
	w    *watchdog
	at   time.Time
	seen bool
}

func (f *firstByteReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if n > 0 && !f.seen {
		f.seen, f.at = true, time.Now()
		f.w.firstByte()
	}
	return n, err
}

// dial opens the TCP connection for t within the connect budget.
func (f *Fetcher) dial(ctx context.Context, t target) (net.Conn, *Error) {
	d := f.connectTimeout()
	dctx, cancel := context.WithTimeoutCause(ctx, d, &timeoutCause{phase: "connect", after: d})
	defer cancel()
	dial := f.Dial
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	conn, err := dial(dctx, "tcp", t.addr)
	if err == nil {
		return conn, nil
	}
	if e := t.interrupted(dctx, "connect"); e != nil {
		return nil, e
	}
	return nil, t.dialError(err)
}

// handshake runs the TLS handshake over raw within the TLS budget.
func (f *Fetcher) handshake(ctx context.Context, raw net.Conn, t target, insecure bool) (*tls.Conn, *Error) {
	cfg := f.tlsConfig(t.host, insecure)
	d := f.tlsTimeout()
	hctx, cancel := context.WithTimeoutCause(ctx, d, &timeoutCause{phase: "tls", after: d})
	defer cancel()
	conn := tls.Client(raw, cfg)
	err := conn.HandshakeContext(hctx)
	if err == nil {
		return conn, nil
	}
	if e := t.interrupted(hctx, "tls"); e != nil {
		return nil, e
	}
	return nil, t.tlsError(err)
}

// tlsConfig returns the configuration for one connection to host.
func (f *Fetcher) tlsConfig(host string, insecure bool) *tls.Config {
	cfg := &tls.Config{}
	if f.TLSConfig != nil {
		cfg = f.TLSConfig.Clone()
	}
	cfg.ServerName = host
	cfg.NextProtos = []string{"http/1.1"}
	if insecure {
		cfg.InsecureSkipVerify = true
	}
	return cfg
}
