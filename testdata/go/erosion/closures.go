// Function literals are not callables: their contents count in the
// enclosing function and add no nesting. defer and go statements add
// nothing. Methods are named Type.Method after their receiver's type.
package erosion

import "sort"

// cc: 1 + if + && = 3; cog: if 1 (a literal adds no nesting) + && 1 = 2
// sloc: func, sort.Slice, if, two returns = 5
func sortPositive(xs []int) { // want name:"sortPositive" cc:"3" cog:"2" sloc:"5" nesting:"1"
	sort.Slice(xs, func(i, j int) bool {
		if xs[i] > 0 && xs[j] > 0 {
			return xs[i] < xs[j]
		}
		return false
	})
}

// A literal inside a loop: its if sits at nesting 1 → for 1 + if 2 = 3;
// cc 1 + for + if = 3. The go and defer statements add nothing.
// sloc 7: `}(j)` holds code, the other closing lines do not
func spawn(jobs []int, done chan<- int) { // want name:"spawn" cc:"3" cog:"3" sloc:"7" nesting:"2"
	defer close(done)
	for _, j := range jobs {
		go func(v int) {
			if v > 0 {
				done <- v
			}
		}(j)
	}
}

type Stack[T any] struct{ items []T }

// A method on a generic pointer receiver is named Stack.Push.
func (s *Stack[T]) Push(v T) { // want name:"Stack.Push" cc:"1" cog:"0" sloc:"2" nesting:"0"
	s.items = append(s.items, v)
}

// cc 1 + if = 2, cog 1; sloc: func, var, if, return, two statements,
// return = 7
func (s *Stack[T]) Pop() (T, bool) { // want name:"Stack.Pop" cc:"2" cog:"1" sloc:"7" nesting:"1"
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

type celsius float64

// A value receiver without a name: celsius.String
func (celsius) String() string { // want name:"celsius.String" cc:"1" cog:"0" sloc:"2" nesting:"0"
	return "°C"
}
