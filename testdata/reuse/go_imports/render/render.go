// The package's name is not its directory's.
package draw

import (
	. "example.com/lib/geom"
	_ "example.com/lib/plugins"
)

func Describe(s Shape) float64 { return s.Area() * Pi } // want status:"used"
