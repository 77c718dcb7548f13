// Closures are not callables; their contents count in the enclosing fn.
// Nested fns count in their parents too (spec 19 item 1). `?` and
// `let ... else` add nothing.

// cc: 1 + if + && = 3; cog: if 1 (a closure adds no nesting) + && 1 = 2
fn keep_positive(xs: Vec<i32>) -> Vec<i32> { // want name:"keep_positive" cc:"3" cog:"2" sloc:"4" nesting:"1"
    xs.into_iter()
        .filter(|x| if *x > 0 && *x < 100 { true } else { false })
        .collect()
}

// A closure inside a loop: its if sits at nesting 1 → for 1 + if 2 = 3
fn apply(xs: &[i32]) -> Vec<i32> { // want name:"apply" cc:"3" cog:"3" sloc:"10" nesting:"2"
    let mut out = Vec::new();
    for x in xs {
        let f = |v: i32| {
            if v > 0 {
                v
            } else {
                0
            }
        };
        out.push(f(*x));
    }
    out
}

// helper: cc 2, cog 1, sloc 2 (its closing brace is not SLOC).
// outer: helper's if + for → cc 3; cog: if 1 + for 1 = 2; sloc 7 with helper's lines.
fn outer(xs: &[i32]) -> i32 { // want name:"outer" cc:"3" cog:"2" sloc:"7" nesting:"1"
    fn helper(x: i32) -> i32 { // want name:"outer::helper" cc:"2" cog:"1" sloc:"2" nesting:"1"
        if x > 0 { x } else { 0 }
    }
    let mut sum = 0;
    for x in xs {
        sum += helper(*x);
    }
    sum
}

// A fn inside an if block: its if sits at nesting 1 of the outer fn.
// wrapper: cc 1 + 2 if = 3; cog: if 1 + inner if (1 + 1) = 3
fn wrapper(flag: bool) -> i32 { // want name:"wrapper" cc:"3" cog:"3" sloc:"7" nesting:"2"
    if flag {
        fn inside_if(v: i32) -> i32 { // want name:"wrapper::inside_if" cc:"2" cog:"1" sloc:"2" nesting:"1"
            if v > 0 { v } else { -v }
        }
        inside_if(2)
    } else {
        0
    }
}

// `?` (try_expression) and `let ... else` add nothing: cc 1, cog 0
fn parse(text: &str) -> Result<i32, std::num::ParseIntError> { // want name:"parse" cc:"1" cog:"0" sloc:"5" nesting:"0"
    let Some(first) = text.lines().next() else {
        return Ok(0);
    };
    let n: i32 = first.trim().parse()?;
    Ok(n)
}

// A closure with a match in a closure: cc 1 + match + || = 3; cog: match 1 + || 1 = 2
fn sizes(xs: &[Option<u8>]) -> Vec<u8> { // want name:"sizes" cc:"3" cog:"2" sloc:"9" nesting:"1"
    xs.iter()
        .map(|x| {
            let f = |v: &Option<u8>| match v {
                Some(n) => *n,
                None => 0,
            };
            f(x)
        })
        .filter(|n| *n > 0 || *n == 0)
        .collect()
}

// A struct with an impl inside a fn: the method counts in the fn too.
fn local_impl() -> u8 { // want name:"local_impl" cc:"2" cog:"1" sloc:"6" nesting:"1"
    struct Local;
    impl Local {
        fn get(&self, flag: bool) -> u8 { // want name:"local_impl::Local::get" cc:"2" cog:"1" sloc:"2" nesting:"1"
            if flag { 1 } else { 0 }
        }
    }
    Local.get(true)
}
