// low-use-short-function (spec 12.3), run with the default budgets.
package structural

import "strings"

func clean(value string) string { // want "low-use-short-function"
	trimmed := strings.TrimSpace(value)
	return strings.ToLower(trimmed)
}

func Route(value string) string {
	return clean(value)
}

// Its only call is its own: no call site.
func countdown(n int) {
	if n > 0 {
		countdown(n - 1)
	}
}

// scbc ignore[low-use-short-function]
func settle(value string) string {
	trimmed := strings.TrimSpace(value)
	return strings.ToUpper(trimmed)
}

func SettleRoute(value string) string {
	return settle(value)
}
