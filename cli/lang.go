package cli

import (
	"os"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// langFlag is --lang CODE, which every subcommand accepts: the language of
// the sentences it writes. Setting it switches the language in use at
// once, so an unknown code is a usage error before any work starts.
type langFlag struct{}

func (langFlag) String() string { return i18n.Current().Code() }

func (langFlag) Set(code string) error {
	l, err := i18n.Parse(code)
	if err != nil {
		return err
	}
	i18n.Use(l)
	return nil
}

// useEnvironmentLanguage makes the language the user asked for the one
// in use, until --lang says otherwise: LC_ALL, LC_MESSAGES or LANG, else
// the desktop's (Windows, macOS), else English.
func useEnvironmentLanguage() { i18n.Use(i18n.FromSystem(os.Getenv)) }
