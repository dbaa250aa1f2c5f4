package charset

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// TestReasonSpeaksEachLanguage detects a gb2312 <meta> at byte 219 of a
// body whose bytes are UTF-8: the reason is the language's, with the
// offset, and the charset's label stays as it is.
func TestReasonSpeaksEachLanguage(t *testing.T) {
	body := []byte("<html><head><!--" + strings.Repeat("x", 200) + `--><meta charset="gb2312"><title>国内新闻</title></head></html>`)
	offset := int64(strings.Index(string(body), "<meta"))
	for _, tc := range []struct{ code, words string }{
		{"en", "in a <meta> tag at byte"},
		{"it", "in un tag <meta> al byte"},
		{"id", "di tag <meta> pada byte"},
		{"ja", "の <meta> タグで"},
		{"tr", "konumundaki bir <meta> etiketinde"},
		{"fr", "dans une balise <meta> à l’octet"},
	} {
		t.Run(tc.code, func(t *testing.T) {
			prev := i18n.Use(i18n.Get(tc.code))
			defer i18n.Use(prev)
			c := Detect(body, "text/html")
			reason := c.Reason()
			if c.Label != "gb2312" || !c.Mismatch() {
				t.Fatalf("detected %q (%s), mismatch %v: want the gb2312 label against UTF-8 bytes", c.Label, c.Name, c.Mismatch())
			}
			if !strings.Contains(reason, tc.words) || !strings.Contains(reason, strconv.FormatInt(offset, 10)) || !strings.Contains(reason, "gb2312") {
				t.Errorf("reason %q, want %q, the offset %d and the label", reason, tc.words, offset)
			}
		})
	}
}
