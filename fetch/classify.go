package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"strings"
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
		return t.timeout(op, "the caller's deadline", cause)
	}
	if !errors.Is(cause, context.Canceled) {
		cause = errors.Join(context.Canceled, cause)
	}
	return &Error{URL: t.url, Op: op, Err: cause, msg: "the fetch of " + t.url + " was cancelled"}
}

// timeout says which step ran out of time; within is "30s" or similar.
func (t target) timeout(op, within string, cause error) *Error {
	if !strings.HasPrefix(within, "the ") {
		within = "within " + within
	} else {
		within = "before " + within
	}
	switch op {
	case "dns", "connect":
		return newError(op, t.url, ErrTimeout, cause, "could not connect to %s %s", t.addr, within)
	case "tls":
		return newError(op, t.url, ErrTimeout, cause, "the TLS handshake with %s did not finish %s", t.addr, within)
	}
	return newError(op, t.url, ErrTimeout, cause, "no response from %s %s", t.addr, within)
}

// dialError describes a failed TCP connection.
func (t target) dialError(err error) *Error {
	var dns *net.DNSError
	switch {
	case errors.As(err, &dns) && dns.IsNotFound:
		return newError("dns", t.url, ErrDNS, err, "could not resolve host %s", t.host)
	case errors.As(err, &dns) && dns.IsTimeout:
		return newError("dns", t.url, ErrTimeout, err, "the DNS lookup of %s timed out", t.host)
	case errors.As(err, &dns):
		return newError("dns", t.url, ErrDNS, err, "could not look up host %s (%s)", t.host, dns.Err)
	case errors.Is(err, syscall.ECONNREFUSED):
		return newError("connect", t.url, ErrConnect, err, "the connection to %s was refused", t.addr)
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return newError("connect", t.url, ErrConnect, err, "%s cannot be reached from this network", t.addr)
	case isTimeout(err):
		return newError("connect", t.url, ErrTimeout, err, "could not connect to %s in time", t.addr)
	}
	return newError("connect", t.url, ErrConnect, err, "could not connect to %s (%s)", t.addr, rootCause(err))
}

// tlsError describes a failed TLS handshake.
func (t target) tlsError(err error) *Error {
	const hint = " (use --insecure to inspect anyway)"
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
		return newError("tls", t.url, ErrTLS, err, "the TLS certificate of %s is not trusted%s", t.host, hint)
	case errors.As(err, &hostname):
		return newError("tls", t.url, ErrTLS, err, "the TLS certificate of %s is issued for another name%s", t.host, hint)
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return newError("tls", t.url, ErrTLS, err, "the TLS certificate of %s has expired or is not yet valid%s", t.host, hint)
	case errors.As(err, &invalid), errors.As(err, &verifyErr):
		return newError("tls", t.url, ErrTLS, err, "the TLS certificate of %s is not valid%s", t.host, hint)
	case errors.As(err, &notTLS):
		return newError("tls", t.url, ErrTLS, err, "%s did not answer with TLS (is it a plain http:// server?)", t.addr)
	case errors.As(err, &alert):
		return newError("tls", t.url, ErrTLS, err, "%s refused the TLS handshake (%v)", t.addr, alert)
	}
	return newError("tls", t.url, ErrTLS, err, "the TLS handshake with %s failed (%s)", t.addr, rootCause(err))
}

// ioError describes a broken connection while sending the request or
// reading the response head.
func (t target) ioError(op string, err error) *Error {
	if isTimeout(err) {
		return newError(op, t.url, ErrTimeout, err, "no response from %s in time", t.addr)
	}
	if op == "request" {
		return newError(op, t.url, ErrConnect, err, "the connection to %s broke while sending the request (%s)", t.addr, rootCause(err))
	}
	return newError(op, t.url, ErrNoResponse, err, "the connection to %s broke before a complete response header arrived (%s)", t.addr, rootCause(err))
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
