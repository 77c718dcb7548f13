// scope: tests

package pkg

func Fatest(x int) int {
	return x + 1
}
