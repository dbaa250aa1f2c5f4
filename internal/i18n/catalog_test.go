package i18n

import (
	"encoding/json"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// pluralForms are go-i18n's names of CLDR plural categories; a message
// with any of them is plural, and "description" is the translator's note.
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// catalogEntry is one message of one file: its plural forms, or its one
// text as "other".
type catalogEntry map[string]string

// readCatalog reads every file of the catalog: messages by language, then
// by id, and each id's file area.
func readCatalog(t *testing.T) (byLang map[string]map[string]catalogEntry, area map[string]string) {
	t.Helper()
	clear(kept)
	byLang, area = map[string]map[string]catalogEntry{}, map[string]string{}
	paths, err := fs.Glob(localeFiles, "locales/*.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no catalog files: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(strings.TrimPrefix(path, "locales/"), ".json")
		parts := strings.Split(name, ".")
		if len(parts) != 2 || !known(parts[1]) {
			t.Errorf("%s: want AREA.LANG.json with LANG one of %v", path, Codes)
			continue
		}
		data, _ := localeFiles.ReadFile(path)
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		lang := parts[1]
		if byLang[lang] == nil {
			byLang[lang] = map[string]catalogEntry{}
		}
		for id, msg := range raw {
			e := catalogEntry{}
			var text string
			if json.Unmarshal(msg, &text) == nil {
				e["other"] = text
			} else if err := json.Unmarshal(msg, (*map[string]string)(&e)); err != nil {
				t.Errorf("%s: %s: %v", path, id, err)
				continue
			}
			if lang == "en" && strings.Contains(e["description"], keptMark) {
				kept[id] = true
			}
			delete(e, "description")
			if _, dup := byLang[lang][id]; dup {
				t.Errorf("%s: %s is defined twice in %s", path, id, lang)
			}
			byLang[lang][id] = e
			if lang == "en" {
				area[id] = parts[0]
			}
		}
	}
	return byLang, area
}

func TestEveryLanguageHasEveryMessage(t *testing.T) {
	byLang, _ := readCatalog(t)
	en := byLang["en"]
	if len(en) == 0 {
		t.Fatal("the English catalog is empty")
	}
	for _, lang := range Codes[1:] {
		for id := range en {
			if _, ok := byLang[lang][id]; !ok {
				t.Errorf("%s lacks %s", lang, id)
			}
		}
		for id := range byLang[lang] {
			if _, ok := en[id]; !ok {
				t.Errorf("%s has %s, which English does not", lang, id)
			}
		}
	}
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// placeholders are the names of text's placeholders, sorted, once each.
func placeholders(text string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

func TestTranslationsKeepThePlaceholders(t *testing.T) {
	byLang, _ := readCatalog(t)
	for id, src := range byLang["en"] {
		want := placeholders(src["other"])
		for form, text := range src {
			if got := placeholders(text); !slices.Equal(got, want) {
				t.Errorf("en %s (%s) has placeholders %v, its other form %v", id, form, got, want)
			}
			if strings.Count(text, "{{") != strings.Count(text, "}}") || strings.Count(text, "{{") != len(placeholder.FindAllString(text, -1)) {
				t.Errorf("en %s (%s): a placeholder is not {{.Name}}: %q", id, form, text)
			}
		}
		for _, lang := range Codes[1:] {
			for form, text := range byLang[lang][id] {
				got := placeholders(text)
				// A plural form may leave the count out ("un fichier"), never
				// anything else, and never add one.
				if form != "other" {
					got = slices.DeleteFunc(slices.Clone(want), func(n string) bool {
						return !slices.Contains(got, n) && n == "Count"
					})
					if !slices.Equal(placeholders(text), got) {
						t.Errorf("%s %s (%s) has placeholders %v, English %v", lang, id, form, placeholders(text), want)
					}
					continue
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s %s has placeholders %v, English %v: %q", lang, id, got, want, text)
				}
			}
		}
	}
}

// requiredForms are the plural categories whole numbers reach in lang, by
// CLDR's cardinal rules in x/text.
func requiredForms(lang string) []string {
	tag := language.MustParse(lang)
	set := map[string]bool{}
	for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 20, 21, 22, 25, 100, 101, 102, 1000, 1000000, 1000001} {
		switch plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0) {
		case plural.Zero:
			set["zero"] = true
		case plural.One:
			set["one"] = true
		case plural.Two:
			set["two"] = true
		case plural.Few:
			set["few"] = true
		case plural.Many:
			set["many"] = true
		default:
			set["other"] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

func TestPluralFormsFollowCLDR(t *testing.T) {
	byLang, _ := readCatalog(t)
	for id, src := range byLang["en"] {
		if len(src) == 1 {
			continue // not plural
		}
		if !strings.Contains(src["other"], "{{.Count}}") && len(placeholders(src["other"])) > 0 && !slices.Contains(placeholders(src["one"]+src["other"]), "Count") {
			t.Errorf("en %s is plural but has no {{.Count}}", id)
		}
		for _, lang := range Codes {
			e := byLang[lang][id]
			for _, form := range requiredForms(lang) {
				if e[form] == "" && !(form == "many" && e["other"] != "") {
					t.Errorf("%s %s lacks its %q form", lang, id, form)
				}
			}
			for form := range e {
				if !slices.Contains(pluralForms, form) {
					t.Errorf("%s %s has %q, not a plural form", lang, id, form)
				}
			}
		}
	}
}

func TestTranslationsDifferFromEnglish(t *testing.T) {
	byLang, _ := readCatalog(t)
	for id, src := range byLang["en"] {
		if strings.TrimSpace(placeholder.ReplaceAllString(src["other"], "")) == "" || kept[id] {
			continue // only placeholders, or a name kept as it is
		}
		for _, lang := range Codes[1:] {
			if byLang[lang][id]["other"] == src["other"] {
				t.Errorf("%s %s is the English text: %q", lang, id, src["other"])
			}
		}
	}
}

// keptMark, in an English message's description, says that every
// language may write it as English does (a name, a symbol, a unit).
const keptMark = "[kept]"

// kept are the ids whose description has keptMark.
var kept = map[string]bool{}
