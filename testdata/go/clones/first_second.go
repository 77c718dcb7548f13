// Different names and literal values, the same statements and operators:
// clones. The signature is not in the fingerprint.
package clones

func first(value int) int { // want clone:"g1"
	x := value + 1
	y := x * 2
	return y
}

func second(item int) int64 { // want clone:"g1"
	total := item + 7
	doubled := total * 3
	return doubled
}
