// scope: tests

pub fn f_bench(x: i32) -> i32 {
    x + 1
}
