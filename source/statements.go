package source

// IsPlainStringStatement reports whether node i is a plain string
// statement: a node of the language's PlainStringStatement kind whose only
// named child is a string, or whose text is triple-quoted. With
// checkPrefix, a string prefixed with one of the language's
// StringPrefixesKeptInSLOC (b"", f"") makes it not plain, as SLOC counting
// wants; clone fingerprints pass false and drop those statements too.
func (t *Tree) IsPlainStringStatement(i int, checkPrefix bool) bool {
	return t.Is(i, ClassPlainStatement) && t.isPlainStringStatement(i, checkPrefix)
}
