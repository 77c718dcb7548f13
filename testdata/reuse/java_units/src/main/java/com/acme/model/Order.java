package com.acme.model;

public record Order(int id) { // want status:"import_only"
    public static Order of(int id) { // want status:"unused"
        return new Order(id);
    }
}
