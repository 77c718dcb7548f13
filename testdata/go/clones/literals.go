// Strings (interpreted and raw) become $STR; numbers, runes, true, false,
// nil and iota become $LIT; type names stay as written. Methods are
// candidates like functions.
package clones

import "fmt"

type greeter struct{}

func (g greeter) hello(name string) error { // want clone:"g1"
	greeting := fmt.Sprintf("hello %s", name)
	return g.print(greeting, 'x', true, 1.5, nil)
}

func (g *greeter) bye(who string) error { // want clone:"g1"
	words := fmt.Sprintf(`bye %s`, who)
	return g.print(words, '\n', false, 10, 2i)
}

func (g greeter) print(args ...any) error {
	_, err := fmt.Println(args...)
	return err
}

func count(n uint32) string {
	var total uint32 = n + 1
	return fmt.Sprint(total)
}

func size(n uint32) string {
	var total uint64 = n + 1
	return fmt.Sprint(total)
}
