package verify

import "github.com/cutoffapp/cutoff/internal/i18n"

// message is an error whose text is a catalog message without values, read
// in the language in use when it is shown; being a string, it compares
// equal to itself, so errors.Is finds it through wrapping.
type message string

func (m message) Error() string { return i18n.T(string(m)) }

// wrapped is an error whose sentence already names its cause err (in a
// catalog message's own words and order), while errors.Is and errors.As
// still reach err.
type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }
