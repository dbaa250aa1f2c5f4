package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"syscall"
)

// target names what a step was talking to, for error sentences.
type target struct {
	url  string // the URL being fetched
	host string // the host name, for DNS and TLS sentences
	addr string // host:port, for connection sentences
}

// interrupted turns the end of ctx into an error for step, or returns nil
// when ctx is still live. A time budget gives ErrTimeout; the caller's
// cancellation gives context.Canceled.
func (t target) interrupted(ctx context.Context, op string) *Error {
	cause := interruption(ctx)
	if cause == nil {
		return nil
	}
	return t.stopped(op, cause)
}

// stopped describes a step that was stopped by cause (a timeoutCause, a
// context error or the caller's own cause).
func (t target) stopped(op string, cause error) *Error {
	var tc *timeoutCause
	switch {
	case errors.As(cause, &tc):
		return t.timeout(op, humanDuration(tc.after), cause)
	case errors.Is(cause, context.DeadlineExceeded):
		return t.timeout(op, "", cause)
	}
	if !errors.Is(cause, context.Canceled) {
		cause = errors.Join(context.Canceled, cause)
	}
	return &Error{URL: t.url, Op: op, Err: cause, id: "fetch.cancelled", args: []any{"URL", t.url}}
}

// timeout says which step ran out of time: within its budget (within is
// "30s" or similar) or, when within is "", before the caller's deadline.
func (t target) timeout(op, within string, cause error) *Error {
	id := "response"
	switch op {
	case "dns", "connect":
		id = "connect"
	case "tls":
		id = "tls"
	}
	if within == "" {
		return newError(op, t.url, ErrTimeout, cause, id+"-deadline", "Addr", t.addr)
	}
	return newError(op, t.url, ErrTimeout, cause, id+"-within", "Addr", t.addr, "Duration", within)
}

// dialError describes a failed TCP connection.
func (t target) dialError(err error) *Error {
	var dns *net.DNSError
	switch {
	case errors.As(err, &dns) && dns.IsNotFound:
		return newError("dns", t.url, ErrDNS, err, "dns-not-found", "Host", t.host)
	case errors.As(err, &dns) && dns.IsTimeout:
		return newError("dns", t.url, ErrTimeout, err, "dns-timeout", "Host", t.host)
	case errors.As(err, &dns):
		return newError("dns", t.url, ErrDNS, err, "dns-failed", "Host", t.host, "Cause", dns.Err)
	case errors.Is(err, syscall.ECONNREFUSED):
		return newError("connect", t.url, ErrConnect, err, "connect-refused", "Addr", t.addr)
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return newError("connect", t.url, ErrConnect, err, "connect-unreachable", "Addr", t.addr)
	case isTimeout(err):
		return newError("connect", t.url, ErrTimeout, err, "connect-timeout", "Addr", t.addr)
	}
	return newError("connect", t.url, ErrConnect, err, "connect-failed", "Addr", t.addr, "Cause", rootCause(err))
}

// tlsError describes a failed TLS handshake.
func (t target) tlsError(err error) *Error {
	var (
		unknown   x509.UnknownAuthorityError
		hostname  x509.HostnameError
		invalid   x509.CertificateInvalidError
		notTLS    tls.RecordHeaderError
		alert     tls.AlertError
		verifyErr *tls.CertificateVerificationError
	)
	switch {
	case errors.As(err, &unknown):
		return newError("tls", t.url, ErrTLS, err, "tls-untrusted", "Host", t.host)
	case errors.As(err, &hostname):
		return newError("tls", t.url, ErrTLS, err, "tls-wrong-name", "Host", t.host)
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return newError("tls", t.url, ErrTLS, err, "tls-expired", "Host", t.host)
	case errors.As(err, &invalid), errors.As(err, &verifyErr):
		return newError("tls", t.url, ErrTLS, err, "tls-invalid", "Host", t.host)
	case errors.As(err, &notTLS):
		return newError("tls", t.url, ErrTLS, err, "tls-not-tls", "Addr", t.addr)
	case errors.As(err, &alert):
		return newError("tls", t.url, ErrTLS, err, "tls-refused", "Addr", t.addr, "Alert", alert.Error())
	}
	return newError("tls", t.url, ErrTLS, err, "tls-failed", "Addr", t.addr, "Cause", rootCause(err))
}

// ioError describes a broken connection while sending the request or
// reading the response head.
func (t target) ioError(op string, err error) *Error {
	if isTimeout(err) {
		return newError(op, t.url, ErrTimeout, err, "response-timeout", "Addr", t.addr)
	}
	if op == "request" {
		return newError(op, t.url, ErrConnect, err, "request-broken", "Addr", t.addr, "Cause", rootCause(err))
	}
	return newError(op, t.url, ErrNoResponse, err, "response-broken", "Addr", t.addr, "Cause", rootCause(err))
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// rootCause returns the innermost error's text, which is the part of a long
// Go error chain a person can act on ("connection reset by peer").
func rootCause(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}
