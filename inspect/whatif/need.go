package whatif

// needTree tracks, for the lost elements of one critical kind sorted by
// end, how many bytes each still needs taken off before its end to fall
// within the cutoff, as moves are added: adding a move that ends at or
// before element i's end lowers the need of i and of every later element.
// A segment tree with lazy additions answers "is every element within the
// cutoff?" in O(1) after each O(log n) move.
type needTree struct {
	n         int
	max, lazy []int64
}

// newNeedTree builds the tree over the elements' needs, in order of end.
func newNeedTree(need []int64) *needTree {
	size := 1
	for size < len(need) {
		size <<= 1
	}
	t := &needTree{n: size, max: make([]int64, 2*size), lazy: make([]int64, 2*size)}
	for i := range size {
		v := int64(-1 << 62) // no element: never in need
		if i < len(need) {
			v = need[i]
		}
		t.max[size+i] = v
	}
	for i := size - 1; i >= 1; i-- {
		t.max[i] = max(t.max[2*i], t.max[2*i+1])
	}
	return t
}

// satisfied reports whether no element needs more bytes taken off.
func (t *needTree) satisfied() bool { return t.max[1] <= 0 }

// subtractFrom lowers the need of elements from..end by saved bytes.
func (t *needTree) subtractFrom(from int, saved int64) {
	if from < t.n {
		t.add(1, 0, t.n, from, t.n, -saved)
	}
}

func (t *needTree) add(node, lo, hi, from, to int, v int64) {
	if to <= lo || hi <= from {
		return
	}
	if from <= lo && hi <= to {
		t.max[node] += v
		t.lazy[node] += v
		return
	}
	mid := (lo + hi) / 2
	t.add(2*node, lo, mid, from, to, v)
	t.add(2*node+1, mid, hi, from, to, v)
	t.max[node] = max(t.max[2*node], t.max[2*node+1]) + t.lazy[node]
}
