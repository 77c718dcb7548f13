use crate::geometry::shapes::{self, Square as Sq};
use super::geometry::*;

pub fn describe() -> String { // want status:"used"
    let s = Sq { s: 1.0 };
    let _t = shapes::Triangle;
    let o = origin();
    format!("{} {:?}", s.s, o)
}

pub fn unused_helper() {} // want status:"test_only"

pub fn never() {} // want status:"unused"

#[cfg(test)]
mod tests;
