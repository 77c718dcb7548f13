//! trivial-wrapper (spec 12.2): every flagged fn line carries its rule id.

const DEFAULT_CONTEXT_LINES: usize = 3;

fn identity(value: i32) -> i32 { // want "trivial-wrapper"
    value
}

fn forward(value: i32) -> i32 { // want "trivial-wrapper"
    identity(value)
}

fn branch(value: i32) -> i32 {
    if value > 0 { identity(value) } else { 0 }
}

// Called twice with short callers: also a low-use function.
fn combine(left: i32, right: i32) -> i32 { // want "low-use-short-function"
    left * 31 + right
}

fn duplicate_forward(left: i32, right: i32) -> i32 {
    combine(left, left)
}

fn swap(left: i32, right: i32) -> i32 {
    combine(right, left)
}

const fn default_context_lines() -> usize { // want "trivial-wrapper"
    DEFAULT_CONTEXT_LINES
}

fn limit() -> u8 { // want "trivial-wrapper"
    config::LIMIT
}

fn first(left: i32, right: i32) -> i32 { // want "trivial-wrapper"
    left
}

fn letter() -> char { // want "trivial-wrapper"
    'x'
}

fn text() -> &'static str {
    "text"
}

fn early(value: i32) -> i32 {
    return value;
}

fn tail_return(value: i32) -> i32 { // want "trivial-wrapper"
    return value
}

fn log(message: &str) { // want "trivial-wrapper"
    tracing::info(message)
}

fn make(value: i32) -> Thing { // want "trivial-wrapper"
    Thing::new(value)
}

fn shout(message: &str) {
    println!("{}", message)
}

pub fn public_identity(value: i32) -> i32 {
    value
}

pub(crate) fn crate_identity(value: i32) -> i32 {
    value
}

struct Thing;

impl Thing {
    fn new(value: i32) -> Thing {
        let _ = value;
        Thing
    }

    fn wrap(value: i32) -> i32 { // want "trivial-wrapper"
        identity(value)
    }

    fn get(&self, value: i32) -> i32 {
        value
    }
}

#[inline]
fn attributed(value: i32) -> i32 { // want "trivial-wrapper"
    value
}

// scbc ignore[trivial-wrapper]
fn ignored(value: i32) -> i32 {
    value
}

// scbc ignore[trivial-wrapper]
/* a block comment
   between the directive and the fn */
fn ignored_past_comment(value: i32) -> i32 {
    value
}

// scbc ignore[trivial-wrapper] this targets the attribute line
#[inline]
fn attributed_not_ignored(value: i32) -> i32 { // want "trivial-wrapper"
    value
}
