// scope: production

pub fn f_tests(x: i32) -> i32 {
    x + 1
}
