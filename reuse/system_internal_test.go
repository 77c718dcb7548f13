package reuse

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// Adding DIR for a language is one system file (registering its
// implementation under a name) plus the language's lang data naming it:
// every language whose ExportSpec has a System names a registered system
// that reads its data, every registered system has a language, and one
// name stands for one data type.
func TestEveryModuleSystemIsRegistered(t *testing.T) {
	used := map[string]bool{}
	types := map[string]reflect.Type{}
	for _, spec := range lang.All() {
		ms := spec.Exports.System
		if ms == nil {
			assert.Nil(t, systemOf(spec), "%s takes no part in DIR", spec.Name)
			continue
		}
		name := ms.SystemName()
		sys, ok := systems[name]
		if !assert.Truef(t, ok, "%s: module system %q is not registered by a reuse system file", spec.Name, name) {
			continue
		}
		used[name] = true
		if prev, seen := types[name]; seen {
			assert.Equalf(t, prev, reflect.TypeOf(ms), "%s: system %q read from two data types", spec.Name, name)
		}
		types[name] = reflect.TypeOf(ms)
		// The system's reading of the grammar takes the language's data
		// (its type, its kinds) without failing.
		var kinds []string
		require.NotPanicsf(t, func() {
			sys.table(source.GrammarOf(spec), &table{}, func(_ role, ks ...string) { kinds = append(kinds, ks...) })
		}, "%s: system %q cannot read the language's data", spec.Name, name)
		assert.NotEmptyf(t, kinds, "%s: system %q reads no node kind", spec.Name, name)
		assert.NotEmptyf(t, spec.Exports.PathSeparator, "%s: DIR names modules with a path separator", spec.Name)
		assert.NotEmptyf(t, spec.Exports.Names, "%s: DIR needs the identifier kinds references start with", spec.Name)
	}
	for name := range systems {
		assert.Truef(t, used[name], "system %q is registered but no language names it", name)
	}
}
