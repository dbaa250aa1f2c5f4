package inspect

import (
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/fetch/demosite"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// sentenceKeys are the JSON keys of the report whose values are sentences,
// made in the language in use.
var sentenceKeys = map[string]bool{"message": true, "reason": true, "why": true, "resources_skipped": true,
	"excluded_reason": true, "error": true, "body_error": true}

// sentencesOf are the report's sentences outside its findings and advice,
// by where they are in its JSON: robots.txt reasons, the resources'
// reasons and errors.
func sentencesOf(t *testing.T, r *Report) map[string]string {
	t.Helper()
	b, err := json.Marshal(struct {
		Robots    *RobotsSummary
		Final     *RobotsSummary
		Resources any
		Fetch     any
	}{r.Robots, r.FinalRobots, r.Resources, r.Fetch})
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if s, ok := x.(string); ok && sentenceKeys[k] && s != "" {
					out[path+"."+k] = s
					continue
				}
				walk(path+"."+k, x)
			}
		case []any:
			for i, x := range v {
				walk(path+"["+strconv.Itoa(i)+"]", x)
			}
		}
	}
	walk("", tree)
	return out
}

// withoutSentences is the report's JSON as a tree, every sentence taken out.
func withoutSentences(t *testing.T, r *Report) any {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		t.Fatal(err)
	}
	var strip func(v any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if sentenceKeys[k] {
					delete(v, k)
					continue
				}
				strip(x)
			}
		case []any:
			for _, x := range v {
				strip(x)
			}
		}
	}
	strip(tree)
	return tree
}

// TestRetoldSpeaksTheLanguageInUse inspects the demo's /big and
// /resources in English, then retells each report in French and in
// Japanese with the server closed: the same codes, severities and offsets
// in the same order, every finding and advice in the language, the JSON
// otherwise identical; and retold in English again, the report is the
// English one.
func TestRetoldSpeaksTheLanguageInUse(t *testing.T) {
	srv := httptest.NewServer(demosite.Handler())
	reports := map[string]*Report{}
	for _, path := range []string{"/big", "/resources"} {
		reports[path] = inspectIn(t, "en", srv.URL+path)
	}
	srv.Close() // retelling needs no network
	for path, en := range reports {
		for _, tc := range []struct{ code string }{{"fr"}, {"ja"}} {
			t.Run(tc.code+path, func(t *testing.T) {
				prev := i18n.Use(i18n.Get(tc.code))
				told := en.Retold()
				i18n.Use(prev)
				if len(told.Findings) != len(en.Findings) {
					t.Fatalf("%d findings, English %d", len(told.Findings), len(en.Findings))
				}
				cut := i18n.Get(tc.code).Int(*en.Fetch.CutoffOffset)
				grouped := false
				for i, f := range told.Findings {
					e := en.Findings[i]
					if f.Code != e.Code || f.Severity != e.Severity || !reflect.DeepEqual(f.Offset, e.Offset) {
						t.Errorf("finding %d: %s %s at %v, English %s %s at %v", i, f.Severity, f.Code, f.Offset, e.Severity, e.Code, e.Offset)
					}
					if f.Message == e.Message {
						t.Errorf("%s is still English: %q", f.Code, f.Message)
					}
					grouped = grouped || strings.Contains(f.Message, cut)
				}
				if !grouped {
					t.Errorf("no finding writes the cutoff as %q", cut)
				}
				for i, a := range told.Advice {
					if a.Message == en.Advice[i].Message || strings.Contains(a.Message, " keeps ") {
						t.Errorf("advice %d is not retold: %q", i, a.Message)
					}
				}
				said, english := sentencesOf(t, told), sentencesOf(t, en)
				if len(said) != len(english) || len(said) < 3 {
					t.Errorf("%d sentences beside the findings, English %d", len(said), len(english))
				}
				for where, s := range said {
					if s == english[where] {
						t.Errorf("%s is still English: %q", where, s)
					}
				}
				if !reflect.DeepEqual(withoutSentences(t, told), withoutSentences(t, en)) {
					t.Errorf("the retold report differs from the English one beyond its sentences")
				}
				if again := told.Retold(); !reflect.DeepEqual(again.Findings, en.Findings) {
					t.Errorf("retold in English, the findings are not the English ones")
				}
			})
		}
	}
}
