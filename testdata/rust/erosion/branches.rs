// Branches: if, else if, if let and match (spec 7 and 8). Lines holding only
// closing punctuation (`}`, `},`, `});`) are not SLOC in Rust; `} else {` is.

// cc 1, cog 0; sloc: the fn line and the tail expression
fn straight(x: i32) -> i32 { // want name:"straight" cc:"1" cog:"0" sloc:"2" nesting:"0"
    x
}

// cc: 1 + if = 2; cog: if 1 (a plain else is free in Rust)
// nesting: the else block is a child of the if, one flow break deep
fn if_else(x: i32) -> i32 { // want name:"if_else" cc:"2" cog:"1" sloc:"5" nesting:"1"
    if x > 0 {
        1
    } else {
        0
    }
}

// else if is an if_expression inside the first one's else_clause.
// cc: 1 + 2 if = 3; cog: if 1 + else-if (1 + 1) = 3
fn sign(x: i32) -> i32 { // want name:"sign" cc:"3" cog:"3" sloc:"7" nesting:"2"
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

// Every else-if nests inside the previous one: cog 1 + 2 + 3 = 6; cc 1 + 3 = 4
fn grade(score: u32) -> char { // want name:"grade" cc:"4" cog:"6" sloc:"9" nesting:"3"
    if score > 90 {
        'A'
    } else if score > 80 {
        'B'
    } else if score > 70 {
        'C'
    } else {
        'F'
    }
}

// if let is an if_expression: cc 2, cog 1
fn unwrap_or_zero(x: Option<i32>) -> i32 { // want name:"unwrap_or_zero" cc:"2" cog:"1" sloc:"5" nesting:"1"
    if let Some(v) = x {
        v
    } else {
        0
    }
}

// else if let: cc 1 + 2 = 3; cog 1 + 2 = 3
fn first_some(a: Option<i32>, b: Option<i32>) -> i32 { // want name:"first_some" cc:"3" cog:"3" sloc:"7" nesting:"2"
    if let Some(v) = a {
        v
    } else if let Some(v) = b {
        v
    } else {
        0
    }
}

// cc: 1 + 3 if = 4; cog: 1 + 2 + 3 = 6
fn nested(a: bool, b: bool, c: bool) -> u8 { // want name:"nested" cc:"4" cog:"6" sloc:"6" nesting:"3"
    if a {
        if b {
            if c {
                return 3;
            }
        }
    }
    0
}

// One match is +1 whatever the number of arms; arms and guards add nothing.
// cc 2, cog 1
fn name(n: u8) -> &'static str { // want name:"name" cc:"2" cog:"1" sloc:"5" nesting:"1"
    match n {
        0 => "zero",
        1 if n > 0 => "one",
        _ => "many",
    }
}

// An if inside a match arm: cc 1 + match + if = 3; cog: match 1 + if (1 + 1) = 3
fn classify(n: Option<i32>) -> i32 { // want name:"classify" cc:"3" cog:"3" sloc:"8" nesting:"2"
    match n {
        Some(v) => {
            if v > 0 {
                v
            } else {
                -v
            }
        }
        None => 0,
    }
}

// A match in a match arm: cc 1 + 2 = 3; cog 1 + (1 + 1) = 3
fn pair_kind(a: Option<u8>, b: Option<u8>) -> u8 { // want name:"pair_kind" cc:"3" cog:"3" sloc:"6" nesting:"2"
    match a {
        Some(_) => match b {
            Some(_) => 2,
            None => 1,
        },
        None => 0,
    }
}

// An if used as a value in a let: cc 2, cog 1; the `};` line is not SLOC
fn pick(flag: bool) -> i32 { // want name:"pick" cc:"2" cog:"1" sloc:"6" nesting:"1"
    let v = if flag {
        1
    } else {
        2
    };
    v
}

// Twelve branches: cc 1 + 11 if + 1 && = 13 (above 10);
// cog: the k-th if of an else-if chain scores k: 1 + 2 + ... + 11 = 66, + && 1 = 67
fn many_branches(code: u8, strict: bool) -> char { // want name:"many_branches" cc:"13" cog:"67" sloc:"25" nesting:"11"
    if code == 0 {
        'a'
    } else if code == 1 {
        'b'
    } else if code == 2 {
        'c'
    } else if code == 3 {
        'd'
    } else if code == 4 {
        'e'
    } else if code == 5 {
        'f'
    } else if code == 6 {
        'g'
    } else if code == 7 {
        'h'
    } else if code == 8 {
        'i'
    } else if code == 9 {
        'j'
    } else if code == 10 && strict {
        'k'
    } else {
        'z'
    }
}
