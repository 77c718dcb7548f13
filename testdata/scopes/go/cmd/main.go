// scope: production

package main

func Fmain(x int) int {
	return x + 1
}
