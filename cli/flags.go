package cli

import (
	"flag"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// printDefaults writes the flags of fs as flag.PrintDefaults does, with
// the "(default …)" it adds after a usage in the language in use.
func printDefaults(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	defaults := map[string]string{} // a usage line as the flag package ends it → in the language in use
	fs.VisitAll(func(f *flag.Flag) {
		for _, v := range []string{strconv.Quote(f.DefValue), f.DefValue} {
			line := "    \t" + f.Usage + " (default " + v + ")"
			defaults[line] = "    \t" + f.Usage + i18n.T("cli.flag-default", "Value", v)
		}
	})
	lines := strings.SplitAfter(b.String(), "\n")
	for i, line := range lines {
		if t, ok := defaults[strings.TrimSuffix(line, "\n")]; ok {
			lines[i] = t + "\n"
		}
	}
	io.WriteString(w, strings.Join(lines, ""))
}

// flagErrors are the flag package's errors, which name the flag with one
// dash, and the messages that say them.
var flagErrors = []struct {
	re *regexp.Regexp
	id string
}{
	{regexp.MustCompile(`^flag provided but not defined: (-\S+)$`), "cli.flag-unknown"},
	{regexp.MustCompile(`^flag needs an argument: (-\S+)$`), "cli.flag-needs-argument"},
	{regexp.MustCompile(`^invalid boolean value ("(?:[^"\\]|\\.)*") for (-\S+): ([\s\S]*)$`), "cli.flag-invalid-boolean"},
	{regexp.MustCompile(`^invalid value ("(?:[^"\\]|\\.)*") for flag (-\S+): ([\s\S]*)$`), "cli.flag-invalid-value"},
	{regexp.MustCompile(`^bad flag syntax: ([\s\S]*)$`), "cli.flag-bad-syntax"},
}

// flagErrorSentence turns the flag package's error into a sentence of the
// catalog; the reason a value was refused comes from the flag's own Set,
// or is the flag package's parse or range error, said in the catalog too.
func flagErrorSentence(err error) string {
	msg := err.Error()
	for _, fe := range flagErrors {
		m := fe.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		switch fe.id {
		case "cli.flag-unknown", "cli.flag-needs-argument":
			return i18n.T(fe.id, "Flag", m[1])
		case "cli.flag-bad-syntax":
			return i18n.T(fe.id, "Arg", m[1])
		}
		return i18n.T(fe.id, "Value", m[1], "Flag", m[2], "Reason", valueReason(m[3]))
	}
	return msg
}

// valueReason says why a flag's value was refused: the flag package's
// parse and range errors in the catalog's words, a Set's own sentence as
// it is.
func valueReason(reason string) string {
	switch reason {
	case "parse error":
		return i18n.T("cli.flag-parse-error")
	case "value out of range":
		return i18n.T("cli.flag-out-of-range")
	}
	return reason
}
