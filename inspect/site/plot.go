package site

// Bucket is one bar of the size plot: the pages whose counted bytes are
// From to To percent of the limit (To exclusive; the last bucket is open).
type Bucket struct {
	From, To float64
	Pages    int
	// Over is true for buckets past the limit (From >= 100).
	Over bool
}

// Plot bounds: buckets of BucketPercent up to PlotMaxPercent, then one
// open bucket for everything bigger.
const (
	BucketPercent  = 5
	PlotMaxPercent = 200
)

// Histogram counts the fetched rows per BucketPercent of the limit: the
// plot of page sizes against the limit (the limit is the line at 100 %).
func Histogram(rows []Row) []Bucket {
	n := PlotMaxPercent / BucketPercent
	out := make([]Bucket, n+1)
	for i := range out {
		out[i] = Bucket{From: float64(i * BucketPercent), To: float64((i + 1) * BucketPercent), Over: i*BucketPercent >= 100}
	}
	out[n].To = 0 // open
	for i := range rows {
		if !rows[i].Fetched {
			continue
		}
		b := int(rows[i].Percent) / BucketPercent
		if b > n || b < 0 {
			b = n
		}
		out[b].Pages++
	}
	return out
}
