package i18n

// Retelling keeps how a value's sentences were said, so that they can be
// said again in another language from the same facts: a report made in
// Italian exported in French. Each step is a function that fills some of
// the value's sentence fields from what it holds (or what the function
// captured: an error, a robots.txt outcome), in the language in use when
// it runs.
//
// The zero Retelling is ready to use. Copying a value copies its
// Retelling, which is what a retold copy needs: the steps write to the
// value they are given, never to the one they were first run on.
type Retelling[T any] []func(*T)

// Say runs step on v now and keeps it for Again.
func (r *Retelling[T]) Say(v *T, step func(*T)) {
	step(v)
	*r = append(*r, step)
}

// Again runs every step kept, in the order they were first run, on v: its
// sentences are then in the language in use.
func (r Retelling[T]) Again(v *T) {
	for _, step := range r {
		step(v)
	}
}

// Later is the message id filled with args (see T), said each time it is
// called, in the language in use then.
func Later(id string, args ...any) func() string {
	return func() string { return T(id, args...) }
}
