// scope: production

package pkg

func Fa(x int) int {
	return x + 1
}
