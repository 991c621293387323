package com.example.lib;

/** The library's own code: the jar holds this, and nothing of memstore or of its tests. */
public final class Greeting {
    private Greeting() {
    }

    public static String hello(String name) {
        return "hello, " + name;
    }
}
