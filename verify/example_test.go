package verify_test

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"os"
	"strings"

	"github.com/cutoffapp/cutoff/verify"
)

// zone is a tiny fixed DNS, standing in for net.DefaultResolver.
type zone map[string][]string

func (z zone) LookupAddr(_ context.Context, addr string) ([]string, error) { return z.answer(addr) }
func (z zone) LookupHost(_ context.Context, host string) ([]string, error) { return z.answer(host) }

func (z zone) answer(q string) ([]string, error) {
	if a, ok := z[q]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: q, IsNotFound: true}
}

func ExampleVerifier_Verify() {
	dns := zone{
		"66.249.66.1":                     {"crawl-66-249-66-1.googlebot.com."},
		"crawl-66-249-66-1.googlebot.com": {"66.249.66.1"},
		"203.0.113.5":                     {"crawl-66-249-66-1.googlebot.com."}, // a forged PTR record
	}
	v := &verify.Verifier{Resolver: dns}
	for _, ip := range []string{"66.249.66.1", "203.0.113.5"} {
		r := v.Verify(context.Background(), ip, "googlebot")
		fmt.Println(r.IP, r.Verdict, r.ForwardConfirmed)
	}
	// Output:
	// 66.249.66.1 verified true
	// 203.0.113.5 fake false
}

func ExampleRanges_Match() {
	ranges, err := verify.Bundled()
	if err != nil {
		fmt.Println(err)
		return
	}
	m, ok := ranges.Match(netip.MustParseAddr("66.249.66.1"))
	fmt.Println(ok, m.File, m.Prefix, m.Class)
	// Output: true googlebot.json 66.249.66.0/27 common
}

func ExampleClaimFromUserAgent() {
	fmt.Println(verify.ClaimFromUserAgent("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"))
	fmt.Println(verify.ClaimFromUserAgent("Googlebot-Image/1.0"))
	fmt.Printf("%q\n", verify.ClaimFromUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"))
	// Output:
	// googlebot
	// googlebot-image
	// ""
}

func ExampleScanLog() {
	log := `66.249.66.1 - - [12/Oct/2026:06:25:24 +0000] "GET / HTTP/1.1" 200 5120 "-" "Googlebot/2.1 (+http://www.google.com/bot.html)"
203.0.113.5 - - [12/Oct/2026:06:25:25 +0000] "GET /wp-login.php HTTP/1.1" 404 162 "-" "Googlebot/2.1 (+http://www.google.com/bot.html)"
not a log line
`
	ranges, _ := verify.Bundled()
	dns := zone{
		"66.249.66.1":                     {"crawl-66-249-66-1.googlebot.com."},
		"crawl-66-249-66-1.googlebot.com": {"66.249.66.1"},
	}
	v := &verify.Verifier{Resolver: dns, Ranges: ranges}
	sum, err := verify.ScanLog(context.Background(), strings.NewReader(log), v, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	sum.WriteText(os.Stdout)
	// Output:
	// Read 3 lines (276 bytes): 2 claim a known crawler; 1 junk line.
	//
	//   CRAWLER    REQUESTS  IPS  VERIFIED  FAKE  UNKNOWN  UNVERIFIABLE  FAKE REQUESTS
	//   googlebot         2    2         1     1        0             0              1
	//
	// Fake googlebot addresses (requests):
	//   203.0.113.5  1
}
