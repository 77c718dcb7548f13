// One operator or keyword differs in each pair, so nothing here is a clone.
package clones

func add(value int) int {
	x := value + 1
	return x
}

func subtract(value int) int {
	x := value - 1
	return x
}

func both(a, b bool) bool {
	result := a && b
	return result
}

func either(a, b bool) bool {
	result := a || b
	return result
}

func declare(a int) int {
	var b = a
	return b
}

func assign(a int) int {
	b := a
	return b
}
