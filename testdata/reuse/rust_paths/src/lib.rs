pub mod geometry;
pub mod util;
mod cycle;

pub use geometry::shapes::Circle;

pub fn version() -> u32 { // want status:"used"
    1
}

#[macro_export]
macro_rules! square { // want status:"used"
    ($x:expr) => {
        $x * $x
    };
}

macro_rules! local_only {
    () => {};
}
