package main

import (
	"fmt"

	g "example.com/lib/geom"
	"example.com/lib/missing"
	"example.com/lib/render"
)

var points []g.Point

func main() {
	fmt.Println(points, g.Circle(2), draw.Describe(nil), missing.X)
}
