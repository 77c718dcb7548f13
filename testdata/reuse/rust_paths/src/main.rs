fn main() {
    let c = rust_paths::Circle { r: 2.0 };
    let v = rust_paths::version();
    let a = rust_paths::square!(c.r);
    let _ = (v, a);
}
