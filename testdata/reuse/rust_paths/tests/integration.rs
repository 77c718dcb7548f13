use rust_paths::util::unused_helper;

#[test]
fn helper_runs() {
    unused_helper();
}
