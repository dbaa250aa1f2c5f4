// Package whatiftab is the window's what-if panel, opened from the
// Overview's "What pushes the page past the cutoff" block: the consultant
// ticks kinds of movable elements (inline scripts, <style> elements,
// style attributes, data: URIs, comments, white space) or single elements,
// or applies an advice's moves with one click, and sees at once what the
// crawler would get of the edited page: its ruler beside the real one, its
// body bytes, its cutoff, and each critical element kind kept or lost
// compared with the real page. The patched page and the list of moved
// byte ranges save as files a developer can diff and apply.
//
// Every figure comes from inspect.Report.SimulateElements, the path the
// command line's --what-if takes (Report.Simulate), so the panel and
// `cutoff inspect --what-if KINDS` agree on the same selection. The plan
// and every simulation run on the panel's own job runner, off the UI
// thread: a new tick cancels the recomputation before it and the window
// stays responsive.
//
// Like every tab package it imports neither package app nor another tab:
// the window gives it the function that draws a report's ruler, the
// Source tab at a byte, and the way back to the overview.
package whatiftab
