pub mod shapes;

pub fn origin() -> (i32, i32) { // want status:"used"
    (0, 0)
}
