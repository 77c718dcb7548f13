//! clean is called here and, through `use crate::helpers::clean;`, in
//! first.rs and second.rs: three call sites, more than max-call-sites (2).

pub fn clean(value: &str) -> String {
    let trimmed = value.trim();
    trimmed.to_lowercase()
}

pub fn local_route(value: &str) -> String {
    clean(value)
}
