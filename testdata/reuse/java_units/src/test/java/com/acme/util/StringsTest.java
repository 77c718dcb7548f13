package com.acme.util;

class StringsTest {
    void trims() {
        assert Strings.trim(" a ").equals("a");
    }
}
