// Package sitetab is the window's Site tab: the cutoff across many URLs (a
// list, sitemaps or a crawl, inspect/site) on the tab's own batch runner,
// rows arriving in a sortable, filterable table with a histogram of how
// full each page is, Cancel and Resume, exports, and a row opened in the
// page view through the window.
package sitetab
