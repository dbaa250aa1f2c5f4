package whatif_test

import (
	"fmt"
	"strings"

	"github.com/cutoffapp/cutoff/inspect"
	"github.com/cutoffapp/cutoff/inspect/whatif"
)

// A page whose two <style> elements and inline script push the canonical
// link and the h1 past a 400-byte cutoff.
func ExamplePlan_Advise() {
	css := "<style>" + strings.Repeat(".a{margin:0 auto}", 12) + "</style>\n"
	page := []byte("<!DOCTYPE html><html><head><title>Shoes</title>\n" + css + css +
		"<script>" + strings.Repeat("track();", 20) + "</script>\n" +
		`<link rel="canonical" href="https://shop.example/shoes">` + "\n</head><body><h1>Shoes</h1>\n" +
		strings.Repeat("<p>Shoes for every day.</p>\n", 20) + "</body></html>")
	cutoff := int64(400)
	in := inspect.Input{Body: page, Cutoff: &cutoff, Limit: 400, Crawler: "Googlebot"}

	plan := inspect.WhatIf(in, inspect.Analyze(in))
	for _, a := range plan.Advise(whatif.AllKinds) {
		fmt.Println(a.Message)
		for _, m := range a.Moves {
			fmt.Printf("  bytes %d-%d become %q\n", m.Start, m.End, m.Replacement)
		}
		fmt.Println("  kept:", a.Result.Kept, "lost:", a.Result.Lost)
	}

	// The window panel ticks single elements instead.
	sim, _ := plan.Simulate(plan.Select(whatif.KindsOf(whatif.Scripts)))
	fmt.Println("scripts out:", sim.Result.BodyBytes, "bytes, lost:", sim.Result.Lost)
	// Output:
	// Moving the 2 <style> elements out keeps the canonical link and the end of the head; the h1 heading is still past the cutoff.
	//   bytes 48-267 become "<link rel=\"stylesheet\" href=\"/assets/inline-1.css\">"
	//   bytes 268-487 become "<link rel=\"stylesheet\" href=\"/assets/inline-2.css\">"
	//   kept: [title canonical head-end] lost: [h1]
	// Moving the 2 <style> elements and the inline script out keeps the canonical link, the end of the head and the h1 heading.
	//   bytes 48-267 become "<link rel=\"stylesheet\" href=\"/assets/inline-1.css\">"
	//   bytes 268-487 become "<link rel=\"stylesheet\" href=\"/assets/inline-2.css\">"
	//   bytes 488-665 become "<script src=\"/assets/inline-1.js\"></script>"
	//   kept: [title canonical head-end h1] lost: []
	// scripts out: 1191 bytes, lost: [canonical head-end h1]
}
