package app

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/cutoffapp/cutoff/app/kit"
	"github.com/cutoffapp/cutoff/internal/i18n"
)

// key sends shortcut s as the desktop driver does: the main menu first,
// then the focused widget if it handles shortcuts, else the window.
func (tu *testUI) key(s fyne.Shortcut) {
	for _, m := range tu.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == s.ShortcutName() {
				it.Action()
				return
			}
		}
	}
	if f, ok := tu.win.Canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	tu.win.Canvas().(fyne.Shortcutable).TypedShortcut(s)
}

// escape presses Esc with nothing focused: the window's key handler gets it.
func (tu *testUI) escape() {
	tu.win.Canvas().Unfocus()
	tu.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
}

// escapeIn focuses field and presses Esc as the driver does: the focused
// widget gets the key.
func (tu *testUI) escapeIn(t *testing.T, field fyne.Focusable) {
	t.Helper()
	c := tu.win.Canvas()
	c.Focus(field)
	if c.Focused() != field {
		t.Fatalf("the %T did not take the focus", field)
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
}

// found lists the objects of type T under o, in the order focus visits them.
func found[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var all []T
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if t, ok := o.(T); ok {
			all = append(all, t)
		}
		switch c := o.(type) {
		case *fyne.Container:
			for _, child := range c.Objects {
				walk(child)
			}
		case fyne.Widget:
			if _, leaf := o.(T); leaf {
				return
			}
			for _, child := range test.WidgetRenderer(c).Objects() {
				walk(child)
			}
		}
	}
	walk(o)
	return all
}

// button is the button labelled text under o.
func button(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	for _, b := range found[*widget.Button](o) {
		if b.Text == text {
			return b
		}
	}
	t.Fatalf("no %q button", text)
	return nil
}

// hangingSitemap serves a sitemap of pages that answer only when the client
// goes away; gone receives once per request the client cancelled.
func hangingSitemap(t *testing.T) (srv *httptest.Server, gone chan string) {
	t.Helper()
	gone = make(chan string, 64)
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.NotFound(w, r)
		case "/site/sitemap.xml":
			var b strings.Builder
			b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			for i := range 20 {
				fmt.Fprintf(&b, "<url><loc>http://%s/p%d</loc></url>", r.Host, i)
			}
			b.WriteString("</urlset>")
			w.Write([]byte(b.String()))
		default:
			<-r.Context().Done()
			gone <- r.URL.Path
		}
	}))
	t.Cleanup(srv.Close)
	return srv, gone
}

// TestCancelStopsASiteRun: Esc, Ctrl+. from a text field and the menu's
// Cancel stop a site run, not only an inspection: the page being fetched
// sees its client go away.
func TestCancelStopsASiteRun(t *testing.T) {
	presses := []struct {
		name  string
		press func(tu *testUI)
	}{
		{"Esc", func(tu *testUI) { tu.escape() }},
		{"Ctrl+. in a text field", func(tu *testUI) {
			area := found[*kit.TextArea](tu.site.Content())[0]
			tu.win.Canvas().Focus(area)
			tu.key(shortcutCancel)
		}},
		{"Inspect › Cancel", func(tu *testUI) { tu.press(t, shortcutEsc) }},
	}
	for _, p := range presses {
		t.Run(p.name, func(t *testing.T) {
			srv, gone := hangingSitemap(t)
			tu := newTestUI(t, Options{})
			tu.act(func() {
				tu.tabs.Select(tu.tab.site)
				tu.site.SetDemo(srv.URL)
				test.Tap(button(t, tu.site.Content(), "Start"))
			})
			time.Sleep(300 * time.Millisecond) // the run reaches its pages
			tu.act(func() { p.press(tu) })
			select {
			case <-gone:
			case <-time.After(10 * time.Second):
				t.Fatal("the site run went on after the cancel")
			}
		})
	}
}

// TestCtrlEndStaysInTheEditor: Ctrl+End in the robots.txt editor moves its
// caret to the end of the text, so what one types next goes there; the
// window's own Ctrl+End (the Source tab's) does not take the key.
func TestCtrlEndStaysInTheEditor(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.act(func() {
		tu.tabs.Select(tu.tab.robots)
		editor := found[*kit.TextArea](tu.robots.Content())[0]
		editor.SetText("User-agent: *\nDisallow: /a\nDisallow: /b")
		tu.win.Canvas().Focus(editor)
		editor.CursorRow, editor.CursorColumn = 1, 3
		tu.key(&desktop.CustomShortcut{KeyName: fyne.KeyEnd, Modifier: fyne.KeyModifierShortcutDefault})
		test.Type(editor, "c")
		if want := "User-agent: *\nDisallow: /a\nDisallow: /bc"; editor.Text != want {
			t.Errorf("after Ctrl+End and typing the text is %q, want %q", editor.Text, want)
		}
		tu.key(&desktop.CustomShortcut{KeyName: fyne.KeyHome, Modifier: fyne.KeyModifierShortcutDefault})
		test.Type(editor, "#")
		if !strings.HasPrefix(editor.Text, "#User-agent") {
			t.Errorf("after Ctrl+Home and typing the text is %q", editor.Text)
		}
	})
}

// TestTabLeavesTextAreas: no multi-line field of the window keeps Tab for
// itself (the driver then moves the focus on), and Tab and Shift+Tab leave
// the Site tab's URL list.
func TestTabLeavesTextAreas(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.act(func() {
		for _, a := range found[*kit.TextArea](tu.win.Content()) {
			if a.AcceptsTab() {
				t.Errorf("a text area with %q keeps Tab", a.PlaceHolder)
			}
		}
		tu.tabs.Select(tu.tab.site)
		list := found[*kit.TextArea](tu.site.Content())[0]
		list.Show()
		c := tu.win.Canvas()
		c.Focus(list)
		c.FocusNext()
		if c.Focused() == list {
			t.Error("Tab did not leave the URL list")
		}
		c.Focus(list)
		c.FocusPrevious()
		if c.Focused() == list {
			t.Error("Shift+Tab did not leave the URL list")
		}
		if strings.Contains(list.Text, "\t") {
			t.Error("Tab typed a tab character")
		}
	})
}

// TestFitsA1024Window: once the demo's big page is loaded in every tab, no
// tab asks for more than 1024 px, even after the window was wider (a
// legend once laid out on one wide row used to keep that width as its
// minimum, 1,191 px here).
func TestFitsA1024Window(t *testing.T) {
	for _, lang := range i18n.Codes {
		t.Run(lang, func(t *testing.T) { fitsA1024Window(t, lang) })
	}
}

// fitsA1024Window loads the demo's big page in a window speaking lang and
// checks every tab's least width.
func fitsA1024Window(t *testing.T, lang string) {
	srv := startDemo(t)
	tu := newTestUI(t, Options{Lang: lang})
	fyne.CurrentApp().Settings().SetTheme(theme.DefaultTheme()) // the sizes of the real window
	tu.typeURLAndEnter(srv.BigURL())
	tu.waitEnd(t, 90*time.Second)
	tu.act(func() {
		// A real window cannot be made narrower than its content's
		// minimum, so what is laid out wide must still fit 1024 px.
		for _, size := range []fyne.Size{fyne.NewSize(1600, 900), fyne.NewSize(1024, 768)} {
			for _, it := range tu.tabs.Items {
				tu.tabs.Select(it)
				tu.win.Resize(size)
			}
			for _, it := range tu.tabs.Items {
				if w := it.Content.MinSize().Width; w > 1024 {
					t.Errorf("laid out at %v px wide, the %s tab needs %v px", size.Width, it.Text, w)
				}
			}
			if w := tu.win.Content().MinSize().Width; w > 1024 {
				t.Errorf("laid out at %v px wide, the window needs %v px, more than 1024", size.Width, w)
			}
		}
		if tabsOverflow(tu.tabs) {
			t.Errorf("at 1024 px some of the tabs' titles (%s…) are in the overflow menu", tu.tabs.Items[0].Text)
		}
	})
}

// tabsOverflow reports whether tabs shows its overflow button ("…"), the
// one button of its own beside the tabs' titles: some titles did not fit.
func tabsOverflow(tabs *container.AppTabs) bool {
	contents := map[fyne.CanvasObject]bool{}
	for _, it := range tabs.Items {
		contents[it.Content] = true
	}
	var shown func(o fyne.CanvasObject) bool
	shown = func(o fyne.CanvasObject) bool {
		if contents[o] || !o.Visible() {
			return false
		}
		switch o := o.(type) {
		case *widget.Button:
			return true
		case *fyne.Container:
			return slices.ContainsFunc(o.Objects, shown)
		case fyne.Widget:
			return slices.ContainsFunc(test.WidgetRenderer(o).Objects(), shown)
		}
		return false
	}
	return slices.ContainsFunc(test.WidgetRenderer(tabs).Objects(), shown)
}

// TestEscClosesDialogs: Esc closes the Custom profile and Compare dialogs,
// from one of their fields or with nothing focused, and cancels nothing
// while it does.
func TestEscClosesDialogs(t *testing.T) {
	tu := newTestUI(t, Options{})
	open := map[string]func(){
		"Custom profile": tu.onEditCustom,
		"Compare with":   tu.onCompareWith,
	}
	for name, show := range open {
		for _, focused := range []bool{true, false} {
			tu.act(func() {
				tu.top.url.SetText("https://example.com/")
				show()
				c := tu.win.Canvas()
				top := c.Overlays().Top()
				if top == nil {
					t.Fatalf("%s: no dialog shown", name)
				}
				if focused {
					field := found[*kit.EscEntry](top)
					if len(field) == 0 {
						t.Fatalf("%s: no field", name)
					}
					c.Focus(field[0])
					field[0].TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
				} else {
					tu.escape()
				}
				if c.Overlays().Top() != nil {
					t.Errorf("%s (a field focused: %v): Esc left the dialog open", name, focused)
					c.Overlays().Remove(c.Overlays().Top())
				}
			})
		}
	}
}

// TestTabOrder: from the URL field Tab goes to the profile picker, Compare,
// Inspect and then into the tab shown, never to the URL field's list arrow
// or the Custom profile's gear (the File menu has it); going on through
// the tab it visits no table's headings, and comes back to the URL field.
func TestTabOrder(t *testing.T) {
	tu := newTestUI(t, Options{})
	tu.act(func() {
		tu.top.profile.SetSelected("Custom") // shows the gear
		c := tu.win.Canvas()
		for _, it := range tu.tabs.Items {
			tu.tabs.Select(it)
			inTables := map[fyne.CanvasObject]bool{}
			for _, table := range found[*widget.Table](it.Content) {
				for o := range descendants(table) {
					inTables[o] = o != table
				}
			}
			c.Focus(tu.top.url)
			want := []fyne.Focusable{tu.top.profile, tu.top.compare, tu.top.inspect}
			for i, w := range want {
				c.FocusNext()
				if c.Focused() != w {
					t.Fatalf("%s tab: Tab %d from the URL field focuses %T, want %T", it.Text, i+1, c.Focused(), w)
				}
			}
			content := descendants(it.Content)
			c.FocusNext()
			if f := c.Focused(); f != tu.top.url && !content[f.(fyne.CanvasObject)] {
				t.Errorf("%s tab: after Inspect Tab focuses %T, outside the tab", it.Text, f)
			}
			for step := 0; c.Focused() != tu.top.url; step++ {
				if f := c.Focused(); step > 200 || inTables[f.(fyne.CanvasObject)] {
					t.Fatalf("%s tab: Tab reached %T inside a table, or never came back to the URL field", it.Text, f)
				}
				c.FocusNext()
			}
		}
	})
}

// descendants is o and every object drawn under it.
func descendants(o fyne.CanvasObject) map[fyne.CanvasObject]bool {
	all := map[fyne.CanvasObject]bool{o: true}
	var children []fyne.CanvasObject
	switch c := o.(type) {
	case *fyne.Container:
		children = c.Objects
	case fyne.Widget:
		children = test.WidgetRenderer(c).Objects()
	}
	for _, child := range children {
		maps.Copy(all, descendants(child))
	}
	return all
}
