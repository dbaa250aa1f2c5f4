package cli

import (
	"os"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// langFlag is --lang CODE, which every subcommand accepts: the language of
// the sentences it writes. useArgsLanguage has made it the language in
// use before the flags were defined (their descriptions speak it too);
// parsing the flag refuses an unknown code, a usage error before any work
// starts.
type langFlag struct{}

func (langFlag) String() string { return i18n.Current().Code() }

func (langFlag) Set(code string) error {
	_, err := i18n.Parse(code)
	return err
}

// useEnvironmentLanguage makes the language the user asked for the one
// in use, until --lang says otherwise: LC_ALL, LC_MESSAGES or LANG, else
// the desktop's (Windows, macOS), else English.
func useEnvironmentLanguage() { i18n.Use(i18n.FromSystem(os.Getenv)) }

// useArgsLanguage makes the language --lang names among args the one in
// use before any flag is defined, so that the flags' usage and every
// sentence of the run speak it; a wrong code is left for the parse to
// refuse.
func useArgsLanguage(args []string) {
	for i, a := range args {
		if a == "--" {
			return
		}
		code, ok := "", false
		switch {
		case a == "--lang" || a == "-lang":
			if i+1 < len(args) {
				code, ok = args[i+1], true
			}
		case strings.HasPrefix(a, "--lang="), strings.HasPrefix(a, "-lang="):
			code, ok = a[strings.Index(a, "=")+1:], true
		}
		if !ok {
			continue
		}
		if l, err := i18n.Parse(code); err == nil {
			i18n.Use(l)
		}
	}
}
