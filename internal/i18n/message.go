package i18n

import (
	"fmt"
	"strconv"
	"strings"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/width"
)

// T is the message id filled with args, given as name, value pairs:
// T("page.cut", "Cutoff", 1999860, "Count", 3). Integer values are written
// with the language's digit grouping; a value named Count also chooses the
// plural form. An id missing from the catalog is a defect the catalog's
// tests catch; it gives the id itself rather than nothing.
func (l *Lang) T(id string, args ...any) string {
	var data map[string]any
	var count any
	if len(args) > 0 {
		data = make(map[string]any, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			name, _ := args[i].(string)
			v := args[i+1]
			if name == "Count" {
				count = v
			}
			data[name] = l.value(v)
		}
	}
	if l.code == "ja" {
		markValues(data)
	}
	s, err := l.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil && s == "" {
		return id
	}
	if l.code == "ja" {
		s = tightenJapanese(s)
	}
	return s
}

// Japanese puts a half-width space between Japanese and Latin letters or
// digits, and none between a placeholder's Japanese value and the
// Japanese around it. A message written "{{.Crawler}} のカットオフ" is right
// for "Googlebot" and wrong for "クローラー"; so a space of the message's
// text that touches a value is dropped when wide characters stand on both
// sides of it once the value is in. The message's other spaces (the
// glossary's "ユーザー エージェント") and the values' own spaces (a page's
// title) stay. The values are marked while the message is filled, with
// two private-use characters.
const valueStart, valueEnd = '\ue000', '\ue001'

// markValues marks each string value of data.
func markValues(data map[string]any) {
	for name, v := range data {
		if s, ok := v.(string); ok && s != "" {
			data[name] = string(valueStart) + s + string(valueEnd)
		}
	}
}

// tightenJapanese drops the message's spaces that touch a value between
// two wide characters, and the marks of the values.
func tightenJapanese(s string) string {
	if !strings.ContainsRune(s, valueStart) {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	inValue := 0
	for i, r := range rs {
		switch {
		case r == valueStart:
			inValue++
			continue
		case r == valueEnd:
			inValue--
			continue
		case r == ' ' && inValue == 0 && touchesValue(rs, i) && wideNear(rs, i, -1) && wideNear(rs, i, 1):
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// touchesValue reports whether the space at rs[i] has a value's end just
// before it or a value's start just after it.
func touchesValue(rs []rune, i int) bool {
	return (i > 0 && rs[i-1] == valueEnd) || (i+1 < len(rs) && rs[i+1] == valueStart)
}

// wideNear reports whether the character next to rs[i] in direction dir,
// value marks skipped, is wide (East Asian Wide or Fullwidth).
func wideNear(rs []rune, i, dir int) bool {
	for j := i + dir; j >= 0 && j < len(rs); j += dir {
		if rs[j] == valueStart || rs[j] == valueEnd {
			continue
		}
		k := width.LookupRune(rs[j]).Kind()
		return k == width.EastAsianWide || k == width.EastAsianFullwidth
	}
	return false
}

// value is v as a message shows it: integers grouped, the rest as is.
func (l *Lang) value(v any) any {
	switch n := v.(type) {
	case int:
		return l.Int(int64(n))
	case int64:
		return l.Int(n)
	case int32:
		return l.Int(int64(n))
	case uint64:
		if n <= 1<<63-1 {
			return l.Int(int64(n))
		}
		return strconv.FormatUint(n, 10)
	case uint32:
		return l.Int(int64(n))
	case fmt.Stringer:
		return n.String()
	}
	return v
}

// Int writes n with the language's separator between groups of three
// digits: 2431007 gives "2,431,007" in English, "2.431.007" in Italian.
// Byte counts are shown exact, never rounded: the cutoff is byte-exact.
func (l *Lang) Int(n int64) string {
	s := strconv.FormatInt(n, 10)
	digits := s
	neg := n < 0
	if neg {
		digits = s[1:]
	}
	if len(digits) <= 3 {
		return s
	}
	b := make([]byte, 0, len(s)+len(digits)/3*len(l.group))
	if neg {
		b = append(b, '-')
	}
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b = append(b, l.group...)
		}
		b = append(b, digits[i])
	}
	return string(b)
}

// Percent writes a whole percentage p (already rounded, or "<1") the way
// the language writes one: "20%", "%20" in Turkish, "20 %" in French.
func (l *Lang) Percent(p string) string { return l.pctLeft + p + l.pctRight }

// Decimal writes f with prec digits after the language's decimal mark:
// 140.1 in English and Japanese, 140,1 in Italian, Indonesian, Turkish and
// French. The integer part is not grouped (rates and shares stay short).
func (l *Lang) Decimal(f float64, prec int) string {
	s := strconv.FormatFloat(f, 'f', prec, 64)
	if l.decimal == "." {
		return s
	}
	return strings.Replace(s, ".", l.decimal, 1)
}

// List joins items as the language lists them in a sentence: "a, b, c",
// "a、b、c" in Japanese.
func (l *Lang) List(items []string) string {
	return strings.Join(items, l.T("i18n.list-separator"))
}

// Clauses joins clauses as the language lists them in a sentence: "a; b",
// "a ; b" in French (a no-break space before the semicolon).
func (l *Lang) Clauses(items []string) string {
	return strings.Join(items, l.T("i18n.clause-separator"))
}

// List is Lang.List in the language in use.
func List(items []string) string { return Current().List(items) }

// Clauses is Lang.Clauses in the language in use.
func Clauses(items []string) string { return Current().Clauses(items) }

// Then is text followed by sentence s, as the language runs sentences on:
// after a space, with none in Japanese. An empty s adds nothing; an empty
// text gives s.
func (l *Lang) Then(text, s string) string {
	switch {
	case s == "":
		return text
	case text == "":
		return s
	}
	return text + l.sentenceSep + s
}

// Then is Lang.Then in the language in use.
func Then(text, s string) string { return Current().Then(text, s) }

// Quote is value quoted as the language quotes in running text: “noindex”,
// « noindex » in French, 「noindex」 in Japanese.
func (l *Lang) Quote(value string) string { return l.T("i18n.quoted", "Value", value) }

// Quote is Lang.Quote in the language in use.
func Quote(value string) string { return Current().Quote(value) }
