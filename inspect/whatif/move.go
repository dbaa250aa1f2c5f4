package whatif

import (
	"errors"

	"github.com/cutoffapp/cutoff/internal/i18n"
)

// Move is one edit of a body: the bytes [Start, End) of the original body
// (byte offsets, End exclusive) are replaced by Replacement.
type Move struct {
	Start       int64  `json:"start"`
	End         int64  `json:"end"`
	Replacement string `json:"replacement"`
}

// Saved is how many bytes the move takes off the body; negative when it
// adds some.
func (m Move) Saved() int64 { return m.End - m.Start - int64(len(m.Replacement)) }

// Apply returns a copy of body with moves applied. The moves may come in
// any order but must lie inside the body and not overlap (two insertions
// at one offset overlap too); body is not modified.
func Apply(body []byte, moves []Move) ([]byte, error) {
	return applyPrefix(body, moves, -1)
}

// applyPrefix is Apply that stops once the edited body's first n bytes are
// built, and returns those; n < 0 builds it whole.
func applyPrefix(body []byte, moves []Move, n int64) ([]byte, error) {
	sorted := sortedMoves(moves)
	size, at := int64(len(body)), int64(0)
	for i, m := range sorted {
		if m.Start < 0 || m.End < m.Start || m.End > int64(len(body)) {
			return nil, errors.New(i18n.T("whatif.move-outside-body", "Start", raw(m.Start), "End", raw(m.End), "Size", raw(int64(len(body)))))
		}
		if i > 0 && m.Start < at || i > 0 && m.Start == at && m.Start == sorted[i-1].Start {
			return nil, errors.New(i18n.T("whatif.moves-overlap", "Start", raw(sorted[i-1].Start), "End", raw(sorted[i-1].End),
				"NextStart", raw(m.Start), "NextEnd", raw(m.End)))
		}
		size -= m.Saved()
		at = m.End
	}
	if n < 0 || n > size {
		n = size
	}
	out := make([]byte, 0, n)
	at = 0
	for _, m := range sorted {
		if int64(len(out)) >= n {
			break
		}
		out = append(out, body[at:min(m.Start, at+n-int64(len(out)))]...)
		out = append(out, m.Replacement...)
		at = m.End
	}
	if rest := n - int64(len(out)); rest > 0 {
		out = append(out, body[at:at+rest]...)
	}
	return out[:n], nil
}
