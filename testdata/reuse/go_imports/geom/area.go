package geom

func Circle(r float64) float64 { return Tau * r * r / 2 } // want status:"used"

func Square(a Meters) Meters { return a * a } // want status:"test_only"
