# want read013:"yes" read020:"no" functions013:"1"
# "target" is pruned by 0.2.0 (Rust's build directory), not by 0.1.3.
def in_target():
    return 1
