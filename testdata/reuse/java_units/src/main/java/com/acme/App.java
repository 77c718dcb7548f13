package com.acme;

import static com.acme.util.MathUtil.LIMIT;

import com.acme.model.Order;

public class App {
    public static void main(String[] args) {
        System.out.println(com.acme.report.Report.render(LIMIT) + new Helper().x);
    }
}
