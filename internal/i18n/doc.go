// Package i18n is the one catalog of Cutoff's user-visible sentences and
// the one way numbers are written in them, for the engine, the command line
// and the window alike (it imports no Fyne).
//
// Each message has one source text in English (locales/en.json) with named
// placeholders ({{.Bytes}}) and CLDR plural forms ("one", "other", …), and
// a file per language (it, id, ja, tr, fr) that a translator edits without
// touching Go. Messages are looked up through go-i18n; numbers are grouped
// as the language's CLDR data in golang.org/x/text says (2,000,000 in en
// and ja; 2.000.000 in it, id and tr; 2 000 000 with a narrow no-break
// space in fr).
//
// The language in use is process-wide: the command line sets it from
// --lang or the environment, the window from its preference; every
// sentence made afterwards speaks it. Codes, JSON keys, flags, directives
// and element names are never translated.
package i18n
