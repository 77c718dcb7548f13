fn main() {
    let _ = rust_paths::geometry::origin();
}
