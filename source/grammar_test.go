package source

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/lang"
)

// Every node kind, field and token a Spec names must exist in its grammar:
// a misspelt kind would silently count nothing.
func TestSpecKindsExistInGrammar(t *testing.T) {
	for _, spec := range lang.All() {
		t.Run(spec.Name, func(t *testing.T) {
			g := GrammarOf(spec)
			sets := [][]string{
				spec.Callables, spec.Branches, spec.BooleanOperators, spec.BooleanOperatorTokens,
				spec.FlowBreaks, spec.Jumps, spec.Strings, spec.Literals, spec.Identifiers,
				spec.Comments, spec.ReceiverKinds, spec.NontrivialParamKinds,
			}
			for kind := range spec.Scopes {
				sets = append(sets, []string{kind})
			}
			for _, one := range []string{spec.PlainStringStatement, spec.VisibilityModifier} {
				if one != "" {
					sets = append(sets, []string{one})
				}
			}
			for _, set := range sets {
				for _, kind := range set {
					assert.Truef(t, g.HasKind(kind), "%s: node kind %q is not in the grammar", spec.Name, kind)
				}
			}
			for _, field := range []string{spec.BodyField, spec.ParamsField, spec.ParamPatternField} {
				if field != "" {
					assert.NotZerof(t, g.FieldID(field), "%s: field %q is not in the grammar", spec.Name, field)
				}
			}
			for kind, sk := range spec.Scopes {
				assert.NotZerof(t, g.FieldID(sk.NameField), "%s: scope %s names field %q, not in the grammar", spec.Name, kind, sk.NameField)
			}
			assert.NotEmpty(t, spec.Extensions)
		})
	}
}
