package whatif

// LinkParents is linkParents, for the tests that insert an element.
var LinkParents = linkParents
