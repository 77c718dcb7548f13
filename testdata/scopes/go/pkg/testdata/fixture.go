// scope: tests

package fixture

func Ffixture(x int) int {
	return x + 1
}
