// Package robotstab is the window's Robots tab: the page host's robots.txt
// in an editor with line numbers and its ruler, the outcome and policy as
// a sentence, the URLs × user-agent tokens grid evaluated as Google's
// parser does (inspect/robots) with the why of the selected cell, the lint
// list, and a draft per host saved as it is edited. The window prepares
// its Data with DataOf off the UI thread and shows it with Area.Show.
package robotstab
