package com.acme.util;

public final class MathUtil { // want status:"used"
    public static final int LIMIT = 10; // want status:"used"

    public static int twice(int x) { // want status:"used"
        return x * 2;
    }

    public static int unusedHelper() { // want status:"unused"
        return LIMIT;
    }

    // Not symbols: an instance method, a package-private static one.
    public int instance() {
        return 1;
    }

    static int packagePrivate() {
        return 0;
    }

    private MathUtil() {
    }
}
