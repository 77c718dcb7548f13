package compat013_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/compat013"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// Every node kind and field 0.1.3's steps name of a language is in the
// language's grammar (its clone literals may name kinds the grammar
// lacks: those count nothing, as in 0.1.3); only Python is read.
func TestLanguageKindsExistInGrammar(t *testing.T) {
	for _, spec := range lang.All() {
		l := compat013.LanguageOf(spec)
		if spec != lang.Python {
			assert.Nilf(t, l, "%s: 0.1.3 reads only Python", spec.Name)
			continue
		}
		if !assert.NotNil(t, l) {
			continue
		}
		g := source.GrammarOf(spec)
		kinds := append(append([]string(nil), l.CloneBlocks...), l.CallableContainers...)
		kinds = append(kinds, l.Identifier, l.Comment, l.ExpressionStatement, l.Function, l.Class,
			l.Decorated, l.Block, l.Return, l.Assignment, l.Attribute, l.Import, l.ImportFrom,
			l.DottedName, l.AliasedImport)
		for _, kind := range kinds {
			assert.Truef(t, g.HasKind(kind), "%s: node kind %q is not in the grammar", spec.Name, kind)
		}
		assert.NotZerof(t, g.FieldID(l.CloneGuardField), "%s: field %q is not in the grammar", spec.Name, l.CloneGuardField)
		assert.NotEmpty(t, l.StatementSuffix)
		assert.NotEmpty(t, l.PackageFile)
		assert.NotEmpty(t, l.Suffix)
	}
}
