// Loops, break and continue (spec 7 and 8).

// cc: 1 + for = 2; cog: for 1
fn total(xs: &[i32]) -> i32 { // want name:"total" cc:"2" cog:"1" sloc:"5" nesting:"1"
    let mut sum = 0;
    for x in xs {
        sum += x;
    }
    sum
}

// cc: 1 + while = 2; cog: while 1
fn countdown(mut n: u32) -> u32 { // want name:"countdown" cc:"2" cog:"1" sloc:"4" nesting:"1"
    while n > 0 {
        n -= 1;
    }
    n
}

// while let is a while_expression: cc 2, cog 1
fn drain(stack: &mut Vec<i32>) -> i32 { // want name:"drain" cc:"2" cog:"1" sloc:"5" nesting:"1"
    let mut last = 0;
    while let Some(top) = stack.pop() {
        last = top;
    }
    last
}

// cc: 1 + loop + 2 if = 4; cog: loop 1 + if 2 + continue 1 + if 2 + break 1 = 7
fn scan(mut n: i32) -> i32 { // want name:"scan" cc:"4" cog:"7" sloc:"8" nesting:"2"
    loop {
        n -= 1;
        if n % 2 == 0 {
            continue;
        }
        if n < 0 {
            break;
        }
    }
    n
}

// The reference's vector in Rust: for > if > while > break = 1 + 2 + 3 + 1 = 7
fn search(grid: &[Vec<i32>]) { // want name:"search" cc:"4" cog:"7" sloc:"5" nesting:"3"
    for row in grid {
        if !row.is_empty() {
            while true {
                break;
            }
        }
    }
}

// Labelled loops: for 1 + loop 2 + if 3 + break 1 + break 1 = 8; cc 1 + 3 = 4
fn find(grid: &[Vec<i32>]) -> i32 { // want name:"find" cc:"4" cog:"8" sloc:"7" nesting:"3"
    'rows: for row in grid {
        loop {
            if row.is_empty() {
                break 'rows;
            }
            break;
        }
    }
    0
}

// break with a value: loop 1 + if 2 + break 1 = 4; cc 1 + loop + if = 3
fn first_even(xs: &[i32]) -> i32 { // want name:"first_even" cc:"3" cog:"4" sloc:"6" nesting:"2"
    let mut i = 0;
    loop {
        if xs[i] % 2 == 0 {
            break xs[i];
        }
        i += 1;
    }
}
