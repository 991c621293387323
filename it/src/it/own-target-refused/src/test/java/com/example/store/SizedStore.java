package com.example.store;

/** A store that must be told its capacity: no constructor the probe can call. */
public class SizedStore extends MapStore {
    public SizedStore(int capacity) {
    }
}
