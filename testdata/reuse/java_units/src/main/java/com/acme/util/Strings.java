package com.acme.util;

public interface Strings { // want status:"used"
    String EMPTY = ""; // want status:"used"

    static String trim(String s) { // want status:"test_only"
        return s.trim();
    }

    String name();
}
