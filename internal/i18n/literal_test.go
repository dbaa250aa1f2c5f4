package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// speakingPackages are the packages (folders from the module root) whose
// every user-visible sentence comes from the catalog; the test below
// fails when one of them writes a sentence of its own. Not listed: the
// demo site (fetch/demosite: its pages are English content, like any
// site's), the byte pass (inspect/scan: its errors are programming errors
// about a byte map, never shown), and the test helpers (internal/golden,
// internal/benchproc, internal/wintest).
var speakingPackages = []string{
	".",
	"assets",
	"inspect/dom",
	"inspect/finding",
	"internal/prose",
	"internal/i18n",
	"inspect/report",
	"history",
	"cli",
	"inspect/robots",
	"inspect/compare",
	"verify",
	"app/resourcestab",
	"app/robotstab",
	"app/sitetab",
	"app/verifytab",
	"app/comparetab",
	"app/impacttab",
	"app/renderedtab",
	"app/historytab",
	"app/watchtab",
	"app/whatiftab",
	"inspect/site",
	"fetch",
	"inspect/render",
	"inspect",
	"inspect/whatif",
	"inspect/resources",
	"inspect/charset",
	"app",
	"app/kit",
	"app/byteview",
	"app/job",
	"app/prefs",
}

// writers are the calls whose string arguments reach people: formatting,
// errors, and Fyne's widgets and dialogs.
var writers = map[string]bool{
	"fmt.Sprintf": true, "fmt.Sprint": true, "fmt.Sprintln": true, "fmt.Errorf": true,
	"fmt.Fprintf": true, "fmt.Fprint": true, "fmt.Fprintln": true, "fmt.Printf": true, "fmt.Println": true,
	"errors.New":      true,
	"widget.NewLabel": true, "widget.NewButton": true, "widget.NewCheck": true, "widget.NewButtonWithIcon": true,
	"widget.NewRichTextFromMarkdown": true, "widget.NewHyperlink": true, "widget.NewToolbarAction": true,
	"container.NewTabItem": true, "container.NewTabItemWithIcon": true, "fyne.NewMenu": true, "fyne.NewMenuItem": true,
	"dialog.ShowInformation": true, "dialog.ShowConfirm": true, "dialog.NewConfirm": true, "dialog.NewInformation": true,
}

// sentence reports whether a string literal reads as words for people:
// two words of letters at least, not a format of placeholders and
// punctuation only, not an identifier, a path or a URL.
func sentence(lit string) bool {
	s, err := strconv.Unquote(lit)
	if err != nil {
		return false
	}
	words := 0
	for _, f := range strings.Fields(s) {
		letters := 0
		for _, r := range f {
			if unicode.IsLetter(r) {
				letters++
			}
		}
		if letters >= 2 && !strings.HasPrefix(f, "%") && !strings.Contains(f, "://") && !strings.HasPrefix(f, "--") {
			words++
		}
	}
	return words >= 2
}

func TestNoSentenceOutsideTheCatalog(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, dir := range speakingPackages {
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				pkg, ok := sel.X.(*ast.Ident)
				if !ok || !writers[pkg.Name+"."+sel.Sel.Name] {
					return true
				}
				for _, arg := range call.Args {
					if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING && sentence(lit.Value) {
						t.Errorf("%s: %s.%s writes %s outside the catalog", fset.Position(lit.Pos()), pkg.Name, sel.Sel.Name, lit.Value)
					}
				}
				return true
			})
		}
	}
}

func TestSentenceTellsWordsFromFormats(t *testing.T) {
	for lit, want := range map[string]bool{
		`"%s: %s"`: false, `"%s (%d)"`: false, `"https://example.com/a b"`: false, `"--json --lang"`: false,
		`"the page is cut"`: true, `"Cut at %s bytes"`: true, `"x"`: false,
	} {
		if got := sentence(lit); got != want {
			t.Errorf("sentence(%s) = %v, want %v", lit, got, want)
		}
	}
}
