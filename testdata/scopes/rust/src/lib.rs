// scope: production

pub fn f_lib(x: i32) -> i32 {
    x + 1
}
