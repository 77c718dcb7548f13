# want read013:"yes" read020:"no" functions013:"1"
# Latin-1 bytes: 0.2.0 skips the file, 0.1.3 reads it with replacement
# characters (0.1.3 Â§2): café.
def cafe():
    return "café"
