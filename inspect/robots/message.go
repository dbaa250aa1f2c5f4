package robots

import "github.com/cutoffapp/cutoff/internal/i18n"

// message is an error whose text is a catalog message without values, read
// in the language in use when it is shown; being a string, it compares
// equal to itself, so errors.Is finds it through wrapping.
type message string

func (m message) Error() string { return i18n.T(string(m)) }
