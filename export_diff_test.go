package scbcheck

// DiffInput exposes to the tests what Diff hands change.Compare: the
// renames and changed lines it found.
var DiffInput = diffInput
