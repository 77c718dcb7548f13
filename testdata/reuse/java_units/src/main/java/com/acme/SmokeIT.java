package com.acme;

class SmokeIT {
    int run() {
        return new Helper().x;
    }
}
