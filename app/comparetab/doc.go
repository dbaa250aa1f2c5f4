// Package comparetab is the window's Compare tab: one URL fetched as
// several crawlers at once (inspect/compare) on the tab's own runner, so a
// comparison never stops an inspection; the dialog that picks the profiles
// to compare with; and the table of what each got, differences marked.
package comparetab
