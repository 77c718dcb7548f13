// trivial-wrapper (spec 12.2) in Go: an unexported function without a
// receiver or a variadic parameter whose body is one return of a single
// value, or one call, adds no behaviour. Every flagged func line carries
// its rule id.
package structural

import (
	"fmt"
	"strings"
)

const LIMIT = 10

type thing struct{}

func identity(value int) int { // want "trivial-wrapper"
	return value
}

func forward(value int) int { // want "trivial-wrapper"
	return identity(value)
}

// `left, right int` declares two parameters: forwarding both, in order,
// is a wrapper.
func add(left, right int) int { // want "trivial-wrapper"
	return combine(left, right)
}

// Called by add and duplicateForward: short, with short callers.
func combine(left, right int) int { // want "low-use-short-function"
	return left*31 + right
}

func duplicateForward(left, right int) int {
	return combine(left, left)
}

func branch(value int) int {
	if value > 0 {
		return identity(value)
	}
	return 0
}

func first(left, right int) int { // want "trivial-wrapper"
	return left
}

func letter() rune { // want "trivial-wrapper"
	return 'x'
}

func nothing() error { // want "trivial-wrapper"
	return nil
}

func limit() int { // want "trivial-wrapper"
	return LIMIT
}

func text() string {
	return "text"
}

// Two values are no single value. (With forward and branch, the third
// caller of identity: more than max-call-sites, so identity is no low-use
// function.)
func twice(value int) (int, int) {
	return identity(value), value
}

// A lone call statement forwarding the parameter, to another package.
func logLine(message string) { // want "trivial-wrapper"
	fmt.Println(message)
}

// Exported: part of the package's API.
func Identity(value int) int {
	return value
}

// A receiver is never flagged.
func (t thing) get(value int) int {
	return value
}

// A variadic parameter is non-trivial.
func joinAll(parts ...string) string {
	return strings.Join(parts, ",")
}

// scbc ignore[trivial-wrapper]
func ignored(value int) int {
	return value
}

/* scbc ignore[trivial-wrapper] */
func ignoredByBlock(value int) int {
	return value
}

// scbc ignore[trivial-wrapper]
/* a block comment
   between the directive and the func */
func ignoredPastComment(value int) int {
	return value
}
