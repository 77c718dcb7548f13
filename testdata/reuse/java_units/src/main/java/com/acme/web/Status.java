package com.acme.web;

public enum Status { // want status:"used"
    OK, FAIL
}

class StatusNames {
    static String of(Status s) {
        return s.name();
    }
}
