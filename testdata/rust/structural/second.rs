use crate::helpers::{clean, self};

pub fn second(value: &str) -> String {
    clean(value)
}
