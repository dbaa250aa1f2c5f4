package whatif

// Noun names one element of the kind and several, as advice says them:
// "inline script", "inline scripts".
func (k Kind) Noun() (one, many string) { return nouns(k) }
