// The reference's rust_clone parity fixture: different names and literal
// values, the same statements and operators, a tail expression.

fn first(value: i32) -> i32 { // want clone:"g1"
    let x = value + 1;
    let y = x * 2;
    y
}

fn second(item: i32) -> i32 { // want clone:"g1"
    let total = item + 7;
    let doubled = total * 3;
    doubled
}
