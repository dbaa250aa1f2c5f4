package demosite

import (
	"net/http"
	"strconv"
	"time"
)

// slowPieces is how many pieces /slow is cut into; at defaultDrip between
// pieces the page takes about 10 s.
const slowPieces = 100

// slow serves /slow a piece at a time, pausing s.drip between pieces, and
// stops as soon as the client goes away. Content-Length is set, so a
// progress bar can show how much is left.
func (s *site) slow(w http.ResponseWriter, r *http.Request) {
	body, err := s.rendered(r, "slow.html")
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", typeHTML)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	rc := http.NewResponseController(w)
	tick := time.NewTicker(s.drip)
	defer tick.Stop()
	piece := (len(body) + slowPieces - 1) / slowPieces
	for len(body) > 0 {
		n := min(piece, len(body))
		if _, err := w.Write(body[:n]); err != nil {
			return
		}
		rc.Flush()
		body = body[n:]
		if len(body) == 0 {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
		}
	}
}
