package inspect

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// benchSizes are the generated page sizes the benchmarks run on: a page
// just over Googlebot's 2 MB, the 15 MB default of other crawlers, and the
// 64 MB of a PDF-sized document.
var benchSizes = []struct {
	Name string
	Size int
}{
	{"2MB", 2 << 20},
	{"15MB", 15_000_000},
	{"64MB", 64 << 20},
}

// BenchSizes is benchSizes for the process benchmarks of budget_test.go.
var BenchSizes = benchSizes

var (
	benchMu    sync.Mutex
	benchPages = map[int][]byte{}
)

// benchPage returns a generated page of exactly size bytes, built once per
// size and shared between benchmarks.
func benchPage(size int) []byte {
	benchMu.Lock()
	defer benchMu.Unlock()
	if p, ok := benchPages[size]; ok {
		return p
	}
	p := genPage(size, 1)
	benchPages[size] = p
	return p
}

// genPage builds a deterministic page of exactly size bytes with a
// realistic mix: a head with meta tags and an inline stylesheet, then
// sections of indented markup with headings, paragraphs, internal and
// external links, inline images as data: URIs, inline scripts, comments
// and now and then an inline SVG icon and a JSON-LD block.
func genPage(size int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 42))
	var b bytes.Buffer
	b.Grow(size + 64<<10)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>Generated page</title>\n")
	b.WriteString("  <meta name=\"description\" content=\"A generated page for benchmarks.\">\n")
	b.WriteString("  <link rel=\"canonical\" href=\"https://www.example.com/page\">\n")
	b.WriteString("  <style>\n" + strings.Repeat("    .c{margin:0 auto;padding:4px 8px;color:#333}\n", 400) + "  </style>\n")
	b.WriteString("</head>\n<body>\n<main>\n  <h1>Generated</h1>\n")
	for i := 0; b.Len() < size-256; i++ {
		genSection(&b, r, i)
	}
	b.WriteString("</main>\n</body>\n</html>\n")
	out := b.Bytes()
	if len(out) > size {
		return out[:size]
	}
	return append(out, bytes.Repeat([]byte(" "), size-len(out))...)
}

var words = strings.Fields("the quick brown fox jumps over lazy dogs while crawlers read bytes and pages grow big with inline data")

func genSection(b *bytes.Buffer, r *rand.Rand, i int) {
	fmt.Fprintf(b, "  <section class=\"card\" id=\"s%d\">\n    <h2>Section %d</h2>\n", i, i)
	for p := 0; p < 1+r.IntN(4); p++ {
		b.WriteString("    <p>")
		for w := 0; w < 20+r.IntN(60); w++ {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte(' ')
			if r.IntN(15) == 0 {
				fmt.Fprintf(b, "<a href=\"/item/%d\">item %d</a> ", r.IntN(1e6), w)
			}
			if r.IntN(40) == 0 {
				fmt.Fprintf(b, "<a href=\"https://partner%d.example.org/x?a=1&amp;b=2\" rel=\"nofollow\">partner</a> ", r.IntN(9))
			}
		}
		b.WriteString("</p>\n")
	}
	switch r.IntN(8) {
	case 0:
		fmt.Fprintf(b, "    <img alt=\"photo\" src=\"data:image/jpeg;base64,%s\">\n", strings.Repeat("/9j/", 200+r.IntN(2000)))
	case 1:
		fmt.Fprintf(b, "    <script>window.s%d = {%s};</script>\n", i, strings.Repeat("\"key\":[1,2,3],", 20+r.IntN(400)))
	case 2:
		b.WriteString("    <svg viewBox=\"0 0 24 24\"><title>icon</title><path d=\"M12 2L2 7l10 5 10-5-10-5z\"/></svg>\n")
	case 3:
		fmt.Fprintf(b, "    <!-- section %d rendered by the template engine -->\n", i)
	case 4:
		fmt.Fprintf(b, "    <div style=\"background:url(data:image/png;base64,%s)\"></div>\n", strings.Repeat("iVBO", 50+r.IntN(200)))
	case 5:
		fmt.Fprintf(b, "    <script type=\"application/ld+json\">{\"@type\":\"Thing\",\"name\":\"s%d\"}</script>\n", i)
	}
	b.WriteString("  </section>\n")
}

func benchInput(page []byte) Input {
	u, _ := url.Parse("https://www.example.com/page")
	return Input{
		Body: page, URL: u, Tokens: []string{"googlebot"}, Limit: 2_000_000, BinaryLimit: 2_097_152,
		HeaderBytes: 300, Crawler: "Googlebot Smartphone",
		Cutoff:       cutoffFor(2_000_000, 300, len(page)),
		BinaryCutoff: cutoffFor(2_097_152, 300, len(page)),
	}
}

// BenchmarkTokenizerBare is the yardstick: one pass of x/net/html's
// tokenizer over the page, reading nothing from the tokens.
func BenchmarkTokenizerBare(b *testing.B) {
	for _, s := range benchSizes {
		b.Run(s.Name, func(b *testing.B) {
			page := benchPage(s.Size)
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			for b.Loop() {
				bareTokenize(page)
			}
		})
	}
}

// BenchmarkAnalyze is the full analysis of the same pages, cut at
// Googlebot's 2,000,000 bytes (a 300-byte header counted).
func BenchmarkAnalyze(b *testing.B) {
	for _, s := range benchSizes {
		b.Run(s.Name, func(b *testing.B) {
			page := benchPage(s.Size)
			in := benchInput(page)
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			for b.Loop() {
				Analyze(in)
			}
		})
	}
}

func bareTokenize(page []byte) {
	z := html.NewTokenizer(bytes.NewReader(page))
	for z.Next() != html.ErrorToken {
	}
}

// BenchmarkAnalyzeVsBare alternates the bare tokenizer pass and the
// analysis on the same page and reports the ratio of their fastest runs in
// wall time ("x-bare") and of their total process CPU time
// ("x-bare-cpu", garbage collection included), which stay meaningful on a
// busy machine where absolute timings drift between benchmarks.
func BenchmarkAnalyzeVsBare(b *testing.B) {
	for _, s := range benchSizes {
		b.Run(s.Name, func(b *testing.B) {
			page := benchPage(s.Size)
			in := benchInput(page)
			b.SetBytes(int64(len(page)))
			bare, full := time.Duration(1<<62), time.Duration(1<<62)
			var bareCPU, fullCPU time.Duration
			for b.Loop() {
				runtime.GC()
				t0, c0 := time.Now(), processCPU()
				bareTokenize(page)
				runtime.GC()
				t1, c1 := time.Now(), processCPU()
				Analyze(in)
				runtime.GC()
				c2 := processCPU()
				bare, full = min(bare, t1.Sub(t0)), min(full, time.Since(t1))
				bareCPU, fullCPU = bareCPU+c1-c0, fullCPU+c2-c1
			}
			b.ReportMetric(float64(full)/float64(bare), "x-bare")
			b.ReportMetric(float64(bare.Milliseconds()), "bare-ms")
			b.ReportMetric(float64(full.Milliseconds()), "analyze-ms")
			if bareCPU > 0 {
				b.ReportMetric(float64(fullCPU)/float64(bareCPU), "x-bare-cpu")
			}
		})
	}
}

// BenchmarkAnalyzePeakMemory measures the process's peak resident memory
// (Linux VmHWM, reset before each run) while analysing the 64 MB page, the
// page itself included, and fails when it exceeds 2 times the page size
// (BenchmarkBudgets measures the whole command-line process).
// Run it on its own (-bench PeakMemory) so that no other page is resident.
func BenchmarkAnalyzePeakMemory(b *testing.B) {
	page := benchPage(64 << 20)
	in := benchInput(page)
	var peak int64
	for b.Loop() {
		runtime.GC()
		debug.FreeOSMemory()
		if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
			b.Skipf("cannot reset the peak memory counter: %v", err)
		}
		Analyze(in)
		peak = max(peak, vmHWM(b))
	}
	ratio := float64(peak) / float64(len(page))
	b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
	b.ReportMetric(ratio, "x-doc")
	if ratio > 2 {
		b.Errorf("peak memory %d bytes is %.2f times the %d-byte page; the budget is 2", peak, ratio, len(page))
	}
}

// vmHWM returns the process's peak resident set size in bytes.
func vmHWM(b *testing.B) int64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmHWM:" && f[2] == "kB" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb << 10
		}
	}
	b.Skip("no VmHWM in /proc/self/status")
	return 0
}

// BenchPage and BareTokenize are benchPage and bareTokenize for the
// process benchmarks of package inspect_test (budget_test.go).
func BenchPage(size int) []byte { return benchPage(size) }

// BareTokenize runs the bare tokenizer pass, the floor of the budgets.
func BareTokenize(page []byte) { bareTokenize(page) }

// ProcessCPU is processCPU, for budget_test.go.
func ProcessCPU() time.Duration { return processCPU() }
