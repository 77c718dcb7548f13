// scope: tests

pub fn f_integration(x: i32) -> i32 {
    x + 1
}
