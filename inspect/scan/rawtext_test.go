package scan

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

var rawTextTests = []struct {
	tag     string
	content string // the element's content and what follows
}{
	{"script", "var a = 1;</script><p>"},
	{"script", "if (a<b) x();</SCRIPT >"},
	{"script", "a</scrip</script/>"},
	{"script", "<!-- hidden </script> after"},
	{"script", "<!-- <script> inner </script> still escaped --> out </script>x"},
	{"script", "<!-- <script>a</script>b</script>"},
	{"script", "<!-<!--x--></script>"},
	{"script", "<!--<sCrIpT\tx</script>y-->z</script>"},
	{"script", "<!--<p></script>"},
	{"script", "never closed"},
	{"script", "</script"},
	{"style", "a{}</style><p>"},
	{"style", "a{}</Style\n>"},
	{"style", "</styl</styles></style>"},
	{"title", "T &amp; U</title>"},
	{"textarea", "<b></textarea>"},
	{"xmp", "<p></xmp"},
	{"plaintext", "everything</plaintext> to the end"},
	{"iframe", "<p>x</iframe>"},
	{"noscript", "<img></noscript>"},
}

// tokenizerRawLen returns the length of the raw text the tokenizer reads
// after <tag>.
func tokenizerRawLen(tag, content string) int {
	z := html.NewTokenizer(strings.NewReader("<" + tag + ">" + content))
	z.Next() // the start tag
	if z.Next() != html.TextToken {
		return 0
	}
	return len(z.Raw())
}

func TestRawTextEnd(t *testing.T) {
	for _, tt := range rawTextTests {
		if got, want := rawTextEnd([]byte(tt.content), tt.tag), tokenizerRawLen(tt.tag, tt.content); got != want {
			t.Errorf("rawTextEnd(%q, %s) = %d, want %d (the tokenizer's)", tt.content, tt.tag, got, want)
		}
	}
}

// TestStepOverRaw analyses the test pages with every raw-text content
// stepped over and checks that nothing changes.
func TestStepOverRaw(t *testing.T) {
	for _, tt := range rawTextTests {
		page := []byte("<p>a</p><" + tt.tag + ">" + tt.content + "<h1>b</h1><a href=/c>c</a>")
		cut := int64(len(page) / 2)
		normal := runDefault(Input{Body: page, Cutoff: &cut})
		stepped := analyze(Input{Body: page, Cutoff: &cut}, StepAll, nil)
		if got, want := renderSpans(page, &stepped.ByteMap), renderSpans(page, &normal.ByteMap); got != want {
			t.Errorf("byte map of %q when stepping over raw text:\n got %s\nwant %s", page, got, want)
		}
		if got, want := fmt.Sprint(stepped.Critical), fmt.Sprint(normal.Critical); got != want {
			t.Errorf("critical elements of %q when stepping over raw text:\n got %s\nwant %s", page, got, want)
		}
		if got, want := fmt.Sprint(stepped.Impact), fmt.Sprint(normal.Impact); got != want {
			t.Errorf("impact of %q when stepping over raw text:\n got %s\nwant %s", page, got, want)
		}
	}
}

func FuzzRawTextEnd(f *testing.F) {
	for _, tt := range rawTextTests {
		f.Add(tt.tag, tt.content)
	}
	f.Fuzz(func(t *testing.T, tag, content string) {
		switch tag {
		case "script", "style", "title", "textarea", "xmp", "plaintext", "iframe", "noscript", "noembed", "noframes":
		default:
			tag = "script"
		}
		if got, want := rawTextEnd([]byte(content), tag), tokenizerRawLen(tag, content); got != want {
			t.Errorf("rawTextEnd(%q, %s) = %d, want %d (the tokenizer's)", content, tag, got, want)
		}
	})
}
