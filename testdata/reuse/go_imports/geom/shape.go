package geom

import "math"

type Point struct{ X, Y float64 } // want status:"used"

type Shape interface{ Area() float64 } // want status:"used"

type Meters = float64 // want status:"same_module_only"

const (
	Pi  = math.Pi     // want status:"used"
	Tau = 2 * math.Pi // want status:"same_module_only"
)

var (
	Origin = Point{} // want status:"test_only"
	count  int
)

func init() { count++ }

// Not symbols: go test runs them.
func TestHelper()   {}
func ExampleShape() {}
