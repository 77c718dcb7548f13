// A Go package spans the files of its directory: bare calls from first.go
// and second.go reach the functions defined here.
package structural

import "strings"

// Called here and in first.go and second.go: three call sites, more than
// max-call-sites (2).
func tidy(value string) string {
	trimmed := strings.TrimSpace(value)
	return strings.ToLower(trimmed)
}

func LocalRoute(value string) string {
	return tidy(value)
}

// Called once, from first.go.
func shout(value string) string { // want "low-use-short-function"
	upper := strings.ToUpper(value)
	return upper + "!"
}

type router struct{}

// A method named like a function is never the target of a bare call.
func (r router) tidy(value string) string {
	lower := strings.ToLower(value)
	return strings.TrimSpace(lower)
}
