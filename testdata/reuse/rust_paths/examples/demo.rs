fn main() {
    let _ = rust_paths::util::describe();
}
