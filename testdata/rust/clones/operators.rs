// One operator differs in each pair, so nothing here is a clone.

fn add(value: i32) -> i32 {
    let x = value + 1;
    x
}

fn subtract(value: i32) -> i32 {
    let x = value - 1;
    x
}

fn both(a: bool, b: bool) -> bool {
    let result = a && b;
    result
}

fn either(a: bool, b: bool) -> bool {
    let result = a || b;
    result
}
