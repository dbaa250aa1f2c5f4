package fetch

import (
	"bytes"
	"context"
	"fmt"
	"testing"
)

// boundaryHead is a response head whose length does not depend on the
// body's length (the Content-Length is zero-padded).
const boundaryHead = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %08d\r\n\r\n"

func TestLimitBoundaries(t *testing.T) {
	t.Parallel()
	h := int64(len(fmt.Sprintf(boundaryHead, 0)))
	off := func(n int64) *int64 { return &n }
	tests := []struct {
		name          string
		countsHeaders bool
		limit         int64 // LimitOverride; 0 keeps Googlebot's 2,000,000
		cap           int64 // Options.Cap; 0 for the default
		body          int64
		wantTruncated bool
		wantCutoff    *int64
		wantBinary    *int64 // BinaryCutoffOffset, only checked without override
		wantComplete  bool
	}{
		{"header counted, body under", true, 1000, 0, 1000 - h - 1, false, nil, nil, true},
		{"header counted, body exactly at", true, 1000, 0, 1000 - h, false, nil, nil, true},
		{"header counted, body one over", true, 1000, 0, 1000 - h + 1, true, off(1000 - h), nil, true},
		{"header counted, zero body", true, 1000, 0, 0, false, nil, nil, true},
		{"header alone over, zero body", true, h - 1, 0, 0, true, nil, nil, true},
		{"header alone over, some body", true, h - 1, 0, 10, true, off(0), nil, true},
		{"header alone exactly at, some body", true, h, 0, 1, true, off(0), nil, true},
		{"body only, under", false, 1000, 0, 999, false, nil, nil, true},
		{"body only, exactly at", false, 1000, 0, 1000, false, nil, nil, true},
		{"body only, one over", false, 1000, 0, 1001, true, off(1000), nil, true},
		{"body only, zero body", false, 1000, 0, 0, false, nil, nil, true},
		{"cap equal to limit stops reading", false, 1000, 1000, 1001, true, off(1000), nil, false},
		{"cap below limit is raised to it", false, 1000, 10, 1000, false, nil, nil, true},
		{"Googlebot, exactly at 2,000,000", true, 0, 0, 2_000_000 - h, false, nil, nil, true},
		{"Googlebot, one over 2,000,000", true, 0, 0, 2_000_000 - h + 1, true, off(2_000_000 - h), nil, true},
		{"Googlebot, exactly at 2,097,152", true, 0, 0, 2_097_152 - h, true, off(2_000_000 - h), nil, true},
		{"Googlebot, one over 2,097,152", true, 0, 0, 2_097_152 - h + 1, true, off(2_000_000 - h), off(2_097_152 - h), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			body := bytes.Repeat([]byte("a"), int(tt.body))
			srv := newRawServer(t, append([]byte(fmt.Sprintf(boundaryHead, tt.body)), body...))
			p := mustProfile(t, DefaultProfileID)
			p.CountsHeaders = tt.countsHeaders
			res, err := (&Fetcher{}).Fetch(context.Background(), srv.URL()+"/", p, Options{LimitOverride: tt.limit, Cap: tt.cap})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.HeaderBytes; got != h {
				t.Fatalf("HeaderBytes = %d, want %d", got, h)
			}
			if got := res.Truncated; got != tt.wantTruncated {
				t.Errorf("Truncated = %v, want %v", got, tt.wantTruncated)
			}
			if got := fmtOffset(res.CutoffOffset); got != fmtOffset(tt.wantCutoff) {
				t.Errorf("CutoffOffset = %s, want %s", got, fmtOffset(tt.wantCutoff))
			}
			if tt.limit == 0 {
				if got := fmtOffset(res.BinaryCutoffOffset); got != fmtOffset(tt.wantBinary) {
					t.Errorf("BinaryCutoffOffset = %s, want %s", got, fmtOffset(tt.wantBinary))
				}
			} else if res.BinaryCutoffOffset != nil || res.LimitBinaryBytes != 0 {
				t.Errorf("BinaryCutoffOffset, LimitBinaryBytes = %s, %d; want nil, 0 with an override",
					fmtOffset(res.BinaryCutoffOffset), res.LimitBinaryBytes)
			}
			if got := res.ReadComplete; got != tt.wantComplete {
				t.Errorf("ReadComplete = %v, want %v", got, tt.wantComplete)
			}
		})
	}
}

func fmtOffset(p *int64) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

func TestAccount(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		header, body  int64
		counts        bool
		capped        bool
		limit         Limit
		wantTruncated bool
		wantCutoff    string
		wantBinary    string
	}{
		{"fits", 100, 1000, true, false, Limit{Bytes: 2000, BinaryBytes: 2048}, false, "nil", "nil"},
		{"between the readings", 100, 1920, true, false, Limit{Bytes: 2000, BinaryBytes: 2048}, true, "1900", "nil"},
		{"capped body at the budget", 0, 2000, false, true, Limit{Bytes: 2000}, true, "2000", "nil"},
		{"header not counted", 500, 2000, false, false, Limit{Bytes: 2000}, false, "nil", "nil"},
		{"header over, empty body", 2500, 0, true, false, Limit{Bytes: 2000}, true, "nil", "nil"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Result{Accounting: Accounting{HeaderBytes: tt.header, BodyBytes: tt.body}}
			r.account(tt.limit, tt.counts, tt.capped)
			if got := r.Truncated; got != tt.wantTruncated {
				t.Errorf("Truncated = %v, want %v", got, tt.wantTruncated)
			}
			if got := fmtOffset(r.CutoffOffset); got != tt.wantCutoff {
				t.Errorf("CutoffOffset = %s, want %s", got, tt.wantCutoff)
			}
			if got := fmtOffset(r.BinaryCutoffOffset); got != tt.wantBinary {
				t.Errorf("BinaryCutoffOffset = %s, want %s", got, tt.wantBinary)
			}
		})
	}
}
