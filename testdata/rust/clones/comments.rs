fn alpha(value: i32) -> i32 {
    // one statement and a comment: never a candidate
    value + 1
}

fn beta(item: i32) -> i32 {
    /* one statement and a comment: never a candidate */
    item + 1
}

fn gamma(value: i32) -> i32 { // want clone:"g1"
    // a line comment
    let next = value + 1;
    next
}

fn delta(item: i32) -> i32 { // want clone:"g1"
    /* a block comment */
    let after = item + 1;
    after
}

fn epsilon(item: i32) -> i32 { // want clone:"g1"
    /// a doc comment, and a string statement, are dropped too
    "ignored";
    let after = item + 1;
    after
}
