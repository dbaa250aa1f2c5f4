package fetch

// account fills the limit fields of r for limit: the crawler's count is the
// header block (when counted) plus the decoded body, and the cutoff is where
// that count passes the limit. capped says the cap stopped reading, so the
// body is longer than BodyBytes.
func (r *Result) account(limit Limit, countsHeaders, capped bool) {
	r.LimitBytes, r.LimitBinaryBytes, r.CountsHeaders = limit.Bytes, limit.BinaryBytes, countsHeaders
	header := r.CountedHeaderBytes()
	// A capped body has at least one byte more than was read.
	body := r.BodyBytes
	if capped {
		body++
	}
	r.Truncated = header+body > limit.Bytes
	r.CutoffOffset = cutoff(limit.Bytes, header, body)
	r.BinaryCutoffOffset = nil
	if limit.BinaryBytes > 0 {
		r.BinaryCutoffOffset = cutoff(limit.BinaryBytes, header, body)
	}
}

// CountedHeaderBytes is the header bytes the crawler counts before the
// body toward its limit: HeaderBytes when CountsHeaders, else none.
func (a *Accounting) CountedHeaderBytes() int64 {
	if a.CountsHeaders {
		return a.HeaderBytes
	}
	return 0
}

// cutoffAt is the body offset where a limit of limit bytes stops after
// header counted bytes, if the body is longer.
func cutoffAt(limit, header int64) int64 { return max(limit-header, 0) }

// cutoff returns the body offset where a limit of limit bytes stops, given
// header counted bytes before the body and a body of body bytes, or nil
// when the whole body fits.
func cutoff(limit, header, body int64) *int64 {
	at := cutoffAt(limit, header)
	if body <= at {
		return nil
	}
	return &at
}
