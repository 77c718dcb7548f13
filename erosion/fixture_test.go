package erosion_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

// fixtureDir is where a language's erosion fixtures live.
func fixtureDir(spec *lang.Spec) string {
	return filepath.Join("..", "testdata", spec.Name, "erosion")
}

// fixtureFiles lists the fixtures that run under the language (see
// testkit.FixtureFiles).
func fixtureFiles(t *testing.T, spec *lang.Spec) []string {
	t.Helper()
	return testkit.FixtureFiles(t, fixtureDir(spec), spec)
}

// TestFixtures measures every callable of every fixture and checks it
// against the want annotation on its first line: name is the qualified
// name, then cc, cog, sloc and nesting. A callable without an annotation,
// and an annotation without a callable, both fail.
func TestFixtures(t *testing.T) {
	for _, spec := range lang.All() {
		t.Run(spec.Name, func(t *testing.T) {
			p, err := source.NewParser(spec)
			require.NoError(t, err)
			defer p.Close()
			for _, path := range fixtureFiles(t, spec) {
				t.Run(filepath.Base(path), func(t *testing.T) {
					src, err := os.ReadFile(path)
					require.NoError(t, err)
					tree, err := p.Parse(src)
					require.NoError(t, err)
					wants, err := testkit.ParseWants(filepath.ToSlash(path), tree)
					require.NoError(t, err)

					fns := tree.Callables(tree.SLOC())
					cs := erosion.Measure(tree, fns)
					require.Len(t, cs, len(fns))
					got := map[int]map[string]string{}
					for k, fn := range fns {
						if prev, ok := got[fn.StartLine]; ok {
							t.Errorf("%s:%d: two callables start on this line (%s and %s); a fixture needs one per line",
								path, fn.StartLine, prev["name"], fn.QualifiedName)
							continue
						}
						assert.Lenf(t, erosion.DecisionPoints(tree, fn.Node), cs[k].CC-1,
							"%s:%d: decision points of %s", path, fn.StartLine, fn.QualifiedName)
						got[fn.StartLine] = map[string]string{
							"name":    fn.QualifiedName,
							"cc":      strconv.Itoa(cs[k].CC),
							"cog":     strconv.Itoa(cs[k].Cog),
							"sloc":    strconv.Itoa(fn.SLOC),
							"nesting": strconv.Itoa(cs[k].MaxNesting),
						}
					}
					wants.CheckValues(t, got)
				})
			}
		})
	}
}

// TestFixtureFoldersExist fails when a language has no erosion fixtures,
// so a new language cannot ship without them.
func TestFixtureFoldersExist(t *testing.T) {
	for _, spec := range lang.All() {
		t.Run(spec.Name, func(t *testing.T) {
			info, err := os.Stat(fixtureDir(spec))
			require.NoError(t, err, "language %s needs fixtures in %s", spec.Name, filepath.ToSlash(fixtureDir(spec)))
			require.True(t, info.IsDir())
			assert.NotEmpty(t, fixtureFiles(t, spec), "no %s source files in %s", spec.Name, filepath.ToSlash(fixtureDir(spec)))
		})
	}
}

// specKinds are the node kinds spec 7 and 8 name for each language, written
// out by hand (not read from lang) so the fixtures are checked against the
// spec: counted kinds first, then kinds that must be present to show they
// add nothing (with, try, match, lambdas and closures, `?`, ...).
var specKinds = map[string][]string{
	"python": {
		// counted (spec 7 and 8)
		"if_statement", "elif_clause", "else_clause", "for_statement", "while_statement",
		"except_clause", "assert_statement", "list_comprehension", "set_comprehension",
		"dictionary_comprehension", "generator_expression", "boolean_operator",
		"conditional_expression", "if_clause", "break_statement", "continue_statement",
		// present, and adding nothing
		"with_statement", "try_statement", "finally_clause", "match_statement", "case_clause",
		"lambda", "not_operator", "raise_statement", "for_in_clause", "decorator",
		"class_definition", "type_alias_statement", "type_parameter",
	},
	"javascript": {
		// counted (docs/languages.md)
		"if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement",
		"switch_case", "switch_statement", "catch_clause", "ternary_expression", "binary_expression",
		"augmented_assignment_expression", "break_statement", "continue_statement",
		// present, and adding nothing
		"else_clause", "switch_default", "try_statement", "finally_clause", "labeled_statement",
		"arrow_function", "function_expression", "optional_chain", "assignment_pattern",
		"unary_expression", "yield_expression", "class_declaration", "field_definition",
	},
	// TypeScript and TSX count what JavaScript counts; their own kinds add
	// nothing (docs/languages.md).
	"typescript": typeScriptKinds,
	"tsx":        append(append([]string(nil), typeScriptKinds...), "jsx_element", "jsx_expression"),
	"rust": {
		// counted (spec 7 and 8)
		"if_expression", "match_expression", "for_expression", "loop_expression",
		"while_expression", "binary_expression", "break_expression", "continue_expression",
		// present, and adding nothing
		"else_clause", "let_condition", "match_arm", "closure_expression", "try_expression",
		"function_signature_item", "macro_definition", "attribute_item", "impl_item", "trait_item",
		"mod_item", "unary_expression",
	},
	// C, C++ and Java follow the policy of docs/languages.md (issue 7).
	"c": {
		// counted
		"if_statement", "for_statement", "while_statement", "do_statement", "case_statement",
		"switch_statement", "conditional_expression", "binary_expression", "seh_except_clause",
		"break_statement", "continue_statement", "goto_statement",
		// present, and adding nothing
		"else_clause", "seh_try_statement", "labeled_statement", "preproc_if", "preproc_ifdef",
		"declaration", "struct_specifier", "unary_expression", "variadic_parameter",
	},
	"cpp": {
		// counted
		"if_statement", "for_statement", "for_range_loop", "while_statement", "do_statement",
		"case_statement", "switch_statement", "conditional_expression", "catch_clause",
		"binary_expression", "break_statement", "continue_statement", "goto_statement",
		// present, and adding nothing
		"else_clause", "try_statement", "throw_statement", "lambda_expression", "class_specifier",
		"namespace_definition", "template_declaration", "qualified_identifier", "destructor_name",
		"operator_name", "optional_parameter_declaration", "field_initializer_list",
	},
	"java": {
		// counted
		"if_statement", "for_statement", "enhanced_for_statement", "while_statement", "do_statement",
		"switch_label", "switch_expression", "catch_clause", "ternary_expression", "binary_expression",
		"break_statement", "continue_statement",
		// present, and adding nothing
		"switch_block_statement_group", "switch_rule", "yield_statement", "try_statement",
		"try_with_resources_statement", "finally_clause", "throw_statement", "synchronized_statement",
		"assert_statement", "instanceof_expression", "labeled_statement", "lambda_expression",
		"unary_expression", "object_creation_expression", "static_initializer",
		"compact_constructor_declaration", "record_declaration", "interface_declaration",
	},
	// Go follows gocyclo (docs/languages.md, issue 7).
	"go": {
		// counted
		"if_statement", "for_statement", "range_clause", "expression_case", "type_case",
		"communication_case", "expression_switch_statement", "type_switch_statement",
		"select_statement", "binary_expression", "break_statement", "continue_statement",
		"goto_statement",
		// present, and adding nothing
		"default_case", "func_literal", "fallthrough_statement", "labeled_statement", "defer_statement",
		"go_statement", "return_statement", "unary_expression", "method_declaration",
	},
}

// typeScriptKinds are the kinds the TypeScript and TSX fixtures must hold.
var typeScriptKinds = []string{
	// counted, as in JavaScript
	"if_statement", "for_statement", "for_in_statement", "while_statement", "do_statement",
	"switch_case", "switch_statement", "catch_clause", "ternary_expression", "binary_expression",
	"augmented_assignment_expression", "break_statement", "continue_statement",
	// present, and adding nothing
	"else_clause", "switch_default", "try_statement", "finally_clause", "labeled_statement",
	"arrow_function", "function_expression", "optional_chain", "unary_expression",
	"yield_expression", "class_declaration", "public_field_definition",
	// TypeScript's own: bodiless signatures, types, casts and declarations
	"function_signature", "method_signature", "abstract_method_signature",
	"abstract_class_declaration", "interface_declaration", "type_alias_declaration",
	"enum_declaration", "internal_module", "conditional_type", "type_annotation",
	"as_expression", "satisfies_expression", "non_null_expression", "optional_parameter",
	"accessibility_modifier",
}

// TestFixturesCoverEveryCountedKind fails when no fixture contains a node
// of a kind the spec names, or of a kind the language's Spec counts, so
// every counted kind is pinned by a fixture.
func TestFixturesCoverEveryCountedKind(t *testing.T) {
	for _, spec := range lang.All() {
		t.Run(spec.Name, func(t *testing.T) {
			require.Contains(t, specKinds, spec.Name, "list the spec's node kinds for %s", spec.Name)
			p, err := source.NewParser(spec)
			require.NoError(t, err)
			defer p.Close()
			seen := map[string]bool{}
			for _, path := range fixtureFiles(t, spec) {
				src, err := os.ReadFile(path)
				require.NoError(t, err)
				tree, err := p.Parse(src)
				require.NoError(t, err)
				for i := range tree.Nodes {
					seen[tree.Kind(i)] = true
				}
			}
			kinds := slices.Concat(specKinds[spec.Name], spec.Branches, spec.FlowBreaks, spec.BooleanOperators, spec.Jumps)
			for _, k := range kinds {
				assert.True(t, seen[k], "no %s fixture contains a %s node", spec.Name, k)
			}
		})
	}
}
