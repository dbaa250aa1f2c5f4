// Package resourcestab is the window's Resources tab: every subresource of
// the page with its own counter, in a sortable table with a mini byte ruler
// per row, a "problems only" filter and a dialog with a resource's header
// and details. The window builds its Rows with RowsOf off the UI thread and
// shows them with Area.Show.
package resourcestab
