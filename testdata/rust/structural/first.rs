use crate::helpers::clean;

pub fn first(value: &str) -> String {
    clean(value)
}
