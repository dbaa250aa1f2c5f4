package i18n

import (
	"strings"
	"testing"
)

func TestNumbersFollowTheLanguage(t *testing.T) {
	tests := []struct {
		code          string
		n             int64
		want, percent string
	}{
		{"en", 2000000, "2,000,000", "20%"},
		{"ja", 2000000, "2,000,000", "20%"},
		{"it", 2000000, "2.000.000", "20%"},
		{"id", 1999860, "1.999.860", "20%"},
		{"tr", 2000000, "2.000.000", "%20"},
		{"fr", 2000000, "2\u202f000\u202f000", "20\u202f%"},
		{"fr", -1234, "-1\u202f234", "20\u202f%"},
		{"en", 999, "999", "20%"},
		{"en", 0, "0", "20%"},
	}
	for _, tt := range tests {
		l := Get(tt.code)
		if got := l.Int(tt.n); got != tt.want {
			t.Errorf("%s Int(%d) = %q, want %q", tt.code, tt.n, got, tt.want)
		}
		if got := l.Percent("20"); got != tt.percent {
			t.Errorf("%s Percent(20) = %q, want %q", tt.code, got, tt.percent)
		}
	}
}

// Decimal numbers take the language's decimal mark.
func TestDecimalFollowsTheLanguage(t *testing.T) {
	for code, want := range map[string]string{"en": "97.3", "ja": "97.3", "it": "97,3", "id": "97,3", "tr": "97,3", "fr": "97,3"} {
		if got := Get(code).Decimal(97.26, 1); got != want {
			t.Errorf("%s Decimal(97.26, 1) = %q, want %q", code, got, want)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"fr", "fr"}, {"FR", "fr"}, {"fr-FR", "fr"}, {"fr_FR.UTF-8", "fr"}, {"ja_JP.eucJP@x", "ja"},
		{"C", "en"}, {"POSIX", "en"}, {"C.UTF-8", "en"}, {"tr", "tr"},
	}
	for _, tt := range tests {
		l, err := Parse(tt.in)
		if err != nil || l.Code() != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %s", tt.in, l, err, tt.want)
		}
	}
	for _, bad := range []string{"xx", "", "de_DE", "english"} {
		_, err := Parse(bad)
		if err == nil || !strings.Contains(err.Error(), "en, it, id, ja, tr, fr") || !strings.Contains(err.Error(), "use one of") {
			t.Errorf("Parse(%q) error = %v, want one listing the known codes", bad, err)
		}
	}
}

func TestFromEnvReadsPOSIXOrder(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, "en"},
		{map[string]string{"LANG": "ja_JP.UTF-8"}, "ja"},
		{map[string]string{"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "it"},
		{map[string]string{"LANG": "ja_JP.UTF-8", "LC_MESSAGES": "it_IT", "LC_ALL": "tr_TR"}, "tr"},
		{map[string]string{"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, "en"},
		{map[string]string{"LANG": "de_DE.UTF-8"}, "en"}, // not spoken: the source
	}
	for _, tt := range tests {
		if got := FromEnv(func(k string) string { return tt.env[k] }).Code(); got != tt.want {
			t.Errorf("FromEnv(%v) = %s, want %s", tt.env, got, tt.want)
		}
	}
}

func TestUseSwitchesTheLanguageInUse(t *testing.T) {
	prev := Use(Get("it"))
	defer Use(prev)
	if Current().Code() != "it" || Current().Int(1000) != "1.000" {
		t.Errorf("after Use(it): %s writes 1000 as %q", Current().Code(), Current().Int(1000))
	}
}

func TestTFillsPlaceholdersAndChoosesPlurals(t *testing.T) {
	for _, tt := range []struct {
		code  string
		count int
		want  string
	}{
		{"en", 1, "1 byte"},
		{"en", 2000000, "2,000,000 bytes"},
		{"fr", 1, "1 octet"},
		{"fr", 1000000, "1\u202f000\u202f000 octets"},
		{"ja", 1, "1 バイト"},
		{"tr", 2, "2 bayt"},
	} {
		if got := Get(tt.code).T("common.bytes", "Count", tt.count); got != tt.want {
			t.Errorf("%s T(common.bytes, %d) = %q, want %q", tt.code, tt.count, got, tt.want)
		}
	}
	if got := English().T("no.such.message"); got != "no.such.message" {
		t.Errorf("a missing id gives %q, want the id", got)
	}
}

func TestDecimalMarks(t *testing.T) {
	for code, want := range map[string]string{"en": "140.1", "ja": "140.1", "it": "140,1", "id": "140,1", "tr": "140,1", "fr": "140,1"} {
		if got := Get(code).Decimal(140.125, 1); got != want {
			t.Errorf("%s Decimal(140.125, 1) = %q, want %q", code, got, want)
		}
	}
}

func TestFromSystemPrefersTheEnvironment(t *testing.T) {
	env := map[string]string{"LANG": "fr_FR.UTF-8"}
	if got := FromSystem(func(k string) string { return env[k] }).Code(); got != "fr" {
		t.Errorf("FromSystem with LANG=fr_FR.UTF-8 = %s, want fr", got)
	}
	env = map[string]string{"LC_ALL": "de_DE.UTF-8"} // set, but not spoken: English, not the desktop's
	if got := FromSystem(func(k string) string { return env[k] }).Code(); got != "en" {
		t.Errorf("FromSystem with LC_ALL=de_DE.UTF-8 = %s, want en", got)
	}
}

// TestListsAndClauses joins the same items in each language as its
// sentences list them.
func TestListsAndClauses(t *testing.T) {
	items := []string{"a", "b", "c"}
	tests := []struct{ code, list, clauses string }{
		{"en", "a, b, c", "a; b; c"},
		{"it", "a, b, c", "a; b; c"},
		{"ja", "a、b、c", "a、b、c"},
		{"fr", "a, b, c", "a\u00a0; b\u00a0; c"},
	}
	for _, tt := range tests {
		l := Get(tt.code)
		if got := l.List(items); got != tt.list {
			t.Errorf("%s List = %q, want %q", tt.code, got, tt.list)
		}
		if got := l.Clauses(items); got != tt.clauses {
			t.Errorf("%s Clauses = %q, want %q", tt.code, got, tt.clauses)
		}
	}
}

// TestThen runs two sentences on as each language does.
func TestThen(t *testing.T) {
	tests := []struct{ code, text, s, want string }{
		{"en", "Done.", "Saved.", "Done. Saved."},
		{"fr", "Terminé.", "", "Terminé."},
		{"ja", "完了。", "保存しました。", "完了。保存しました。"},
		{"ja", "", "保存しました。", "保存しました。"},
	}
	for _, tt := range tests {
		if got := Get(tt.code).Then(tt.text, tt.s); got != tt.want {
			t.Errorf("%s Then(%q, %q) = %q, want %q", tt.code, tt.text, tt.s, got, tt.want)
		}
	}
}

// TestJapaneseSpaces: a space of the message's text between two Japanese
// characters goes once the values are in; one next to Latin letters or
// digits stays, and so do the values' own spaces.
func TestJapaneseSpaces(t *testing.T) {
	ja := Get("ja")
	tests := []struct{ crawler, want string }{
		{"Googlebot", "Cutoff は Googlebot のページを 10 バイト、"},
		{"クローラー", "Cutoff はクローラーのページを 10 バイト、"},
		{"東京 クローラー", "Cutoff は東京 クローラーのページを 10 バイト、"},
	}
	for _, tt := range tests {
		got := ja.T("compare.body-stopped", "Crawler", tt.crawler, "Bytes", 10, "Other", "Bingbot", "OtherBytes", 20)
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("with %q: %q, want it to start %q", tt.crawler, got, tt.want)
		}
		if strings.ContainsAny(got, string([]rune{valueStart, valueEnd})) {
			t.Errorf("the value marks are left in %q", got)
		}
	}
	if got := ja.T("common.bytes", "Count", 2000000); got != "2,000,000 バイト" {
		t.Errorf("a number keeps its space: %q", got)
	}
}

// TestCountsChooseTheForm: the "more" sentences count with Count, so one
// more reads in the singular.
func TestCountsChooseTheForm(t *testing.T) {
	en, it := Get("en"), Get("it")
	tests := []struct {
		got, want string
	}{
		{en.T("findings.more-like-these", "Count", 1, "Code", "x"), "1 more finding like the ones above (x) is left out of this list."},
		{en.T("findings.more-like-these", "Count", 2, "Code", "x"), "2 more findings like the ones above (x) are left out of this list."},
		{en.T("site.fetch-redirected", "Count", 1), "1 redirected"},
		{it.T("resources.more-like-these", "Count", 1, "Code", "x"), "Ancora 1 risorsa ha lo stesso problema (x); l'elenco delle risorse la mostra."},
		{it.T("site.fetch-redirected", "Count", 1), "1 reindirizzata"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
