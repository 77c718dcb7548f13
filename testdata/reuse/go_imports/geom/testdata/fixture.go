// Under testdata: test code, which the go tool does not build.
package fixture

import "example.com/lib/geom"

var Start = geom.Origin
