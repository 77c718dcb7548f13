//! Items: impl and trait methods, modules, attributes, macros. Qualified
//! names join enclosing fn, impl (its type text), mod and trait names with `::`.

pub struct Counter {
    count: u32,
}

pub struct Wrapper<T>(T);

impl Counter {
    pub fn new() -> Self { // want name:"Counter::new" cc:"1" cog:"0" sloc:"2" nesting:"0"
        Counter { count: 0 }
    }

    fn bump(&mut self) -> u32 { // want name:"Counter::bump" cc:"1" cog:"0" sloc:"3" nesting:"0"
        self.count += 1;
        self.count
    }
}

// A generic impl: the type text, generics included, is the scope segment.
impl<T> Wrapper<T> {
    fn get(&self) -> &T { // want name:"Wrapper<T>::get" cc:"1" cog:"0" sloc:"2" nesting:"0"
        &self.0
    }
}

pub trait Shape {
    // A signature without a body is not a callable.
    fn area(&self) -> f64;

    // A default method is a callable: cc 2, cog 1.
    fn describe(&self) -> String { // want name:"Shape::describe" cc:"2" cog:"1" sloc:"2" nesting:"1"
        if self.area() > 1.0 { "big".into() } else { "small".into() }
    }
}

// A trait impl names its self type, not the trait.
impl Shape for Counter {
    fn area(&self) -> f64 { // want name:"Counter::area" cc:"1" cog:"0" sloc:"2" nesting:"0"
        self.count as f64
    }
}

mod inner {
    pub fn route(value: i32) -> i32 { // want name:"inner::route" cc:"1" cog:"0" sloc:"2" nesting:"0"
        clean(value)
    }

    fn clean(value: i32) -> i32 { // want name:"inner::clean" cc:"1" cog:"0" sloc:"2" nesting:"0"
        value
    }

    pub mod deeper {
        pub(crate) fn leaf() {} // want name:"inner::deeper::leaf" cc:"1" cog:"0" sloc:"1" nesting:"0"
    }
}

// Nothing inside macro_rules! is a callable: its body is a token tree.
macro_rules! make_fn {
    ($name:ident) => {
        fn $name() -> i32 {
            if true { 1 } else { 0 }
        }
    };
}

make_fn!(generated);

// Attributes are outside the span (they are siblings of the function_item).
#[inline]
#[allow(dead_code, clippy::needless_return)]
fn attributed() -> i32 { // want name:"attributed" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return 1;
}

async fn fetch(url: &str) -> usize { // want name:"fetch" cc:"1" cog:"0" sloc:"2" nesting:"0"
    url.len()
}

const fn square(x: u32) -> u32 { x * x } // want name:"square" cc:"1" cog:"0" sloc:"1" nesting:"0"

unsafe fn raw(p: *const u8) -> u8 { // want name:"raw" cc:"1" cog:"0" sloc:"2" nesting:"0"
    unsafe { *p }
}

// Foreign function declarations are signatures, not callables.
unsafe extern "C" {
    fn abs(input: i32) -> i32;
}

pub extern "C" fn exported(x: i32) -> i32 { // want name:"exported" cc:"1" cog:"0" sloc:"2" nesting:"0"
    x
}

// A where clause over several lines: each line is SLOC but the lone `{`.
// cc: 1 + for + if = 3 (`?` adds nothing); cog: for 1 + if 2 = 3
pub fn largest<T>(items: &[T]) -> Option<&T> // want name:"largest" cc:"3" cog:"3" sloc:"8" nesting:"2"
where
    T: PartialOrd,
{
    let mut best = items.first()?;
    for item in items {
        if item > best {
            best = item;
        }
    }
    Some(best)
}

// A closure in a const initializer belongs to no function.
const PICK: fn(bool) -> u8 = |b| if b { 1 } else { 0 };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares() { // want name:"tests::squares" cc:"1" cog:"0" sloc:"2" nesting:"0"
        assert_eq!(square(3), 9);
    }
}
