// Boolean operators: every binary_expression with a direct && or || child is
// +1 for cc and for cog; other binary operators add nothing.

// `a && b || c` is two boolean binary_expressions: cc 3, cog 2
fn either(a: bool, b: bool, c: bool) -> bool { // want name:"either" cc:"3" cog:"2" sloc:"2" nesting:"0"
    a && b || c
}

// Bitwise and comparison operators are not boolean: only the && counts.
fn bits(a: u8, b: u8) -> bool { // want name:"bits" cc:"2" cog:"1" sloc:"2" nesting:"0"
    (a & b) | (a ^ b) > 0 && a == b
}

// cc: 1 + if + && + || = 4; cog: if 1 + && 1 + || 1 = 3
fn gate(a: bool, b: bool, c: bool) -> i32 { // want name:"gate" cc:"4" cog:"3" sloc:"5" nesting:"1"
    if a && (b || c) {
        1
    } else {
        0
    }
}

// ! adds nothing: cc 2, cog 1
fn negate(a: bool, b: bool) -> bool { // want name:"negate" cc:"2" cog:"1" sloc:"2" nesting:"0"
    !(a || b)
}

// `||` opening an empty closure is not a binary_expression: cc 1, cog 0
fn lazy() -> i32 { // want name:"lazy" cc:"1" cog:"0" sloc:"3" nesting:"0"
    let f = || 1;
    f()
}

// && in a while condition inside a for: for 1 + while 2 + && 1 = 4; cc 1 + 3 = 4
fn settle(xs: &mut [i32]) { // want name:"settle" cc:"4" cog:"4" sloc:"4" nesting:"2"
    for x in xs.iter_mut() {
        while *x > 0 && *x % 2 == 0 {
            *x /= 2;
        }
    }
}

// A chain over several lines: each line with a token is SLOC.
fn spread(a: bool, b: bool, c: bool) -> bool { // want name:"spread" cc:"3" cog:"2" sloc:"4" nesting:"0"
    a
        || b
        || c
}
