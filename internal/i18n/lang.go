package i18n

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/jeandeaual/go-locale"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// localeFiles are the catalog: a file per area and language, named
// AREA.LANG.json ("findings.fr.json"), each an object of message ids.
//
//go:embed locales/*.json
var localeFiles embed.FS

// Codes are the languages Cutoff speaks, English (the source) first.
var Codes = []string{"en", "it", "id", "ja", "tr", "fr"}

// names are the languages' names in their own words, for the Language
// menu.
var names = map[string]string{
	"en": "English", "it": "Italiano", "id": "Bahasa Indonesia", "ja": "日本語", "tr": "Türkçe", "fr": "Français",
}

// Lang is one language: its messages and its way of writing numbers.
type Lang struct {
	code     string
	loc      *goi18n.Localizer
	group    string // between groups of three digits
	decimal  string // before a number's fraction
	pctLeft  string // before a percentage's number ("%" in tr)
	pctRight string // after it ("%", " %" with a narrow no-break space in fr)
	// sentenceSep runs two sentences on: a space; none in Japanese, whose
	// full stop 。 takes the room of one.
	sentenceSep string
}

// bundleFor holds the messages of English (the source, which a missing
// translation falls back to) and of the language code, parsed from the
// catalog's files for those two only: a window or a command speaks one
// language, and the six together take several megabytes.
func bundleFor(code string) (*goi18n.Bundle, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", unmarshalCatalog)
	for _, lang := range slices.Compact([]string{"en", code}) {
		files, err := fs.Glob(localeFiles, "locales/*."+lang+".json")
		if err != nil {
			return nil, err
		}
		for _, path := range files {
			if _, err := b.LoadMessageFileFS(localeFiles, path); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
		}
	}
	return b, nil
}

// unmarshalCatalog reads a catalog file as JSON and gives every plural
// message without a "many" form its "other" text there: CLDR asks French
// and Italian for "many" at a million exactly ("1 000 000 de octets"), a
// form a translator rarely needs to write apart, and go-i18n has no
// fallback of its own.
func unmarshalCatalog(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	if raw, ok := v.(*any); ok {
		if msgs, ok := (*raw).(map[string]any); ok {
			for _, m := range msgs {
				if forms, ok := m.(map[string]any); ok && forms["other"] != nil && forms["many"] == nil {
					forms["many"] = forms["other"]
				}
			}
		}
	}
	return nil
}

// langs are the languages made so far, by code.
var langs sync.Map

// Get returns the language of code, one of Codes; any other code is
// English.
func Get(code string) *Lang {
	if l, ok := langs.Load(code); ok {
		return l.(*Lang)
	}
	if !known(code) {
		code = "en"
	}
	l := newLang(code)
	actual, _ := langs.LoadOrStore(code, l)
	return actual.(*Lang)
}

// English is the source language.
func English() *Lang { return Get("en") }

func known(code string) bool {
	for _, c := range Codes {
		if c == code {
			return true
		}
	}
	return false
}

func newLang(code string) *Lang {
	b, err := bundleFor(code)
	if err != nil {
		panic(err) // the embedded files are tested; a broken one is a build defect
	}
	tag := language.MustParse(code)
	l := &Lang{code: code, loc: goi18n.NewLocalizer(b, code), sentenceSep: " "}
	if code == "ja" {
		l.sentenceSep = ""
	}
	p := message.NewPrinter(tag)
	// CLDR's separators, as x/text holds them. French has used a narrow
	// no-break space since CLDR 34 for both; x/text's older table has a
	// no-break space.
	fix := func(s string) string {
		if code == "fr" {
			return strings.ReplaceAll(s, "\u00a0", "\u202f")
		}
		return s
	}
	thousand := p.Sprint(number.Decimal(1000))
	l.group = fix(strings.TrimSuffix(strings.TrimPrefix(thousand, "1"), "000"))
	l.decimal = strings.TrimSuffix(strings.TrimPrefix(p.Sprint(number.Decimal(1.5, number.MinFractionDigits(1))), "1"), "5")
	pct := fix(p.Sprint(number.Percent(0.42)))
	i := strings.Index(pct, "42")
	l.pctLeft, l.pctRight = pct[:i], pct[i+2:]
	return l
}

// Code is the language's code, as in Codes.
func (l *Lang) Code() string { return l.code }

// Upper writes s in capitals the way the language does: Turkish capital
// i is the dotted İ.
func (l *Lang) Upper(s string) string {
	if l.code == "tr" {
		return strings.ToUpperSpecial(unicode.TurkishCase, s)
	}
	return strings.ToUpper(s)
}

// Name is the language's name in its own words.
func (l *Lang) Name() string { return names[l.code] }

// Parse reads a language code as a user gives it: "fr", "FR", "fr-FR",
// "fr_FR.UTF-8"; "C" and "POSIX" are English. A language Cutoff does not
// speak is an error that lists those it does.
func Parse(code string) (*Lang, error) {
	c := base(code)
	if c == "c" || c == "posix" {
		c = "en"
	}
	if !known(c) {
		return nil, errors.New(T("common.unknown-language", "Code", code, "Known", strings.Join(Codes, ", ")))
	}
	return Get(c), nil
}

// base is the language part of a locale name, in lower case:
// "fr_FR.UTF-8@euro" gives "fr".
func base(code string) string {
	code = strings.ToLower(strings.TrimSpace(code))
	if i := strings.IndexAny(code, "_-.@"); i >= 0 {
		code = code[:i]
	}
	return code
}

// FromEnv is the language the environment asks for, in POSIX order: the
// first of LC_ALL, LC_MESSAGES and LANG that is set decides; English when
// none is, or when Cutoff does not speak the one it names.
func FromEnv(getenv func(string) string) *Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			if l, err := Parse(v); err == nil {
				return l
			}
			return English()
		}
	}
	return English()
}

// FromSystem is the language the user asked for: the environment's
// (FromEnv) when LC_ALL, LC_MESSAGES or LANG is set, else the desktop's
// (Windows and macOS keep it elsewhere than in the environment), else
// English.
func FromSystem(getenv func(string) string) *Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if getenv(name) != "" {
			return FromEnv(getenv)
		}
	}
	if code, err := locale.GetLocale(); err == nil {
		if l, err := Parse(code); err == nil {
			return l
		}
	}
	return English()
}

// current is the language in use, process-wide.
var current atomic.Pointer[Lang]

// Current is the language in use: English until Use says otherwise.
func Current() *Lang {
	if l := current.Load(); l != nil {
		return l
	}
	return English()
}

// Use makes l the language of every sentence made afterwards, and returns
// the one it replaces (for tests to put back).
func Use(l *Lang) *Lang {
	prev := Current()
	current.Store(l)
	return prev
}

// T is the message id in the language in use; see Lang.T.
func T(id string, args ...any) string { return Current().T(id, args...) }
