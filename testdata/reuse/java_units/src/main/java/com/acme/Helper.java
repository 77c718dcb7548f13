package com.acme;

public class Helper { // want status:"used"
    public int x = 1;
}
