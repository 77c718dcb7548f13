package com.acme.web;

@RestController
public class Api {
    public static Status health() {
        return Status.OK;
    }
}
