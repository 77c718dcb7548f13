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
			sets = append(sets, spec.BoundFunctions, spec.PublicWrappers, spec.CompileTimeConditions, spec.HeadingWrappers, spec.HeadingSiblings)
			if spec.BlockBody != "" {
				sets = append(sets, []string{spec.BlockBody})
			}
			st, im := spec.Structure, spec.Imports
			sets = append(sets, st.MethodContainers, st.ModuleScopes, st.DocstringKinds)
			for _, one := range []string{
				spec.PlainStringStatement, spec.VisibilityModifier,
				st.Call, st.PlainIdentifier, st.Return, st.ExpressionStatement, st.ScopedIdentifier,
				im.Statement, im.Alias, im.Wildcard, im.List, im.ScopedList,
				spec.ReceiverTypeKind, spec.StatementList, st.ValueList,
			} {
				if one != "" {
					sets = append(sets, []string{one})
				}
			}
			for _, set := range sets {
				for _, kind := range set {
					assert.Truef(t, g.HasKind(kind), "%s: node kind %q is not in the grammar", spec.Name, kind)
				}
			}
			for _, field := range []string{
				spec.BodyField, spec.ParamsField, spec.ParamPatternField,
				st.CallFunctionField, st.CallArgumentsField, st.ScopedIdentifierNameField,
				im.ModuleField, im.NamesField, im.AliasPathField, im.AliasField,
				im.ScopedListPathField, im.ScopedListListField, spec.ReceiverField,
				spec.ParamDefaultField, spec.ConditionField,
			} {
				if field != "" {
					assert.NotZerof(t, g.FieldID(field), "%s: field %q is not in the grammar", spec.Name, field)
				}
			}
			for _, b := range spec.Bindings {
				assert.True(t, g.HasKind(b.Kind), "%s: binding kind %q is not in the grammar", spec.Name, b.Kind)
				assert.NotZerof(t, g.FieldID(b.NameField), "%s: binding %s names field %q, not in the grammar", spec.Name, b.Kind, b.NameField)
				assert.NotZerof(t, g.FieldID(b.ValueField), "%s: binding %s names field %q, not in the grammar", spec.Name, b.Kind, b.ValueField)
			}
			for kind, sk := range spec.Scopes {
				assert.NotZerof(t, g.FieldID(sk.NameField), "%s: scope %s names field %q, not in the grammar", spec.Name, kind, sk.NameField)
			}
			assert.NotEmpty(t, spec.Extensions)
			// Containers and modules are found among the scope ancestors.
			for _, kind := range append(append([]string(nil), st.MethodContainers...), st.ModuleScopes...) {
				assert.Containsf(t, spec.Scopes, kind, "%s: %q must also be a scope kind", spec.Name, kind)
			}
			assert.NotEmpty(t, st.Call, "%s: the structural rules need a call kind", spec.Name)
			assert.NotEmpty(t, st.PlainIdentifier, "%s: the structural rules need a plain identifier kind", spec.Name)
			if im.Style != lang.ImportNone {
				assert.NotEmpty(t, im.Statement, "%s: an import style needs a statement kind", spec.Name)
				assert.NotEmpty(t, im.ModuleFileSuffixes, "%s: an import style needs module file suffixes", spec.Name)
			}
			ex := spec.Exports
			exKinds := [][]string{ex.Names, ex.Containers, {ex.Member, ex.StringContent}}
			exFields := []string{ex.MemberObjectField, ex.MemberNameField}
			for _, def := range ex.Definitions {
				exFields = append(exFields, def.RequiredField)
			}
			if ex.System != nil {
				kinds, fields := ex.System.Syntax()
				exKinds = append(exKinds, kinds)
				exFields = append(exFields, fields...)
			}
			for _, mk := range ex.Members {
				exKinds = append(exKinds, []string{mk.Kind})
				exFields = append(exFields, mk.ObjectField, mk.NameField)
			}
			for kind, def := range ex.Definitions {
				exKinds = append(exKinds, []string{kind})
				exFields = append(exFields, def.NameField)
			}
			for kind, fields := range ex.NotReferences {
				exKinds = append(exKinds, []string{kind})
				exFields = append(exFields, fields...)
			}
			for _, set := range exKinds {
				for _, kind := range set {
					if kind != "" {
						assert.Truef(t, g.HasKind(kind), "%s: exports: node kind %q is not in the grammar", spec.Name, kind)
					}
				}
			}
			for _, field := range exFields {
				if field != "" {
					assert.NotZerof(t, g.FieldID(field), "%s: exports: field %q is not in the grammar", spec.Name, field)
				}
			}
			if spec.Directives.BlockOpen != "" {
				assert.NotEmpty(t, spec.Directives.BlockClose, "%s: a block comment needs its closing marker", spec.Name)
			}
		})
	}
}
