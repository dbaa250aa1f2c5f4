// Package renderedtab is the window's Rendered tab: Google's render of the
// kept bytes beside the render of the whole page (inspect/render, in
// Chromium), what Google's render lost (a click opens Source at its byte)
// and the script table. The window runs the render job and prepares the tab's
// Data with DataOf off the UI thread; the tab only shows it.
package renderedtab
