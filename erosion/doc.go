// Package erosion measures every callable's cyclomatic and cognitive
// complexity and maximum nesting, and sums mass (complexity times the
// square root of SLOC) into erosion: the share of mass held by callables
// above the complexity threshold.
//
// The counting follows the reference scb-check, quirks included: nested
// functions, lambdas and closures count in their parents as well as for
// themselves, and the node-kind sets come from each language's Spec.
// Compile-time conditions (C's `#if` and `#elif` lines) are no decisions
// of the function they sit in. DecisionPoints names the nodes behind a
// callable's cyclomatic count, for cross-checks against other tools.
package erosion
