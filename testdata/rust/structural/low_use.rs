//! low-use-short-function (spec 12.3), run with the default budgets.

fn clean(value: &str) -> String { // want "low-use-short-function"
    let trimmed = value.trim();
    trimmed.to_lowercase()
}

pub fn route(value: &str) -> String {
    clean(value)
}

mod inner {
    // inner::route reaches this clean, not the one at the root.
    fn clean(value: &str) -> String { // want "low-use-short-function"
        let trimmed = value.trim();
        trimmed.to_uppercase()
    }

    pub fn route(value: &str) -> String {
        clean(value)
    }
}

fn countdown(n: u32) {
    if n > 0 {
        countdown(n - 1);
    }
}

// scbc ignore[low-use-short-function]
fn tidy(value: &str) -> String {
    let trimmed = value.trim();
    trimmed.to_string()
}

pub fn tidy_route(value: &str) -> String {
    tidy(value)
}
