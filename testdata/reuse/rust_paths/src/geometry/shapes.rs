pub struct Circle { // want status:"used"
    pub r: f64,
}

pub struct Square { // want status:"used"
    pub s: f64,
}

pub struct Triangle; // want status:"used"

pub(crate) fn area(c: &Circle) -> f64 { // want status:"test_only"
    c.r * c.r
}
