// scope: production

package tests

func Fx(x int) int {
	return x + 1
}
