# want read013:"yes" read020:"no" functions013:"1"
# Named in pkg/.ignore: 0.2.0 honours ignore files without --include-all,
# 0.1.3 reads none (0.1.3 §1).
def hidden_by_ignore():
    return 1
