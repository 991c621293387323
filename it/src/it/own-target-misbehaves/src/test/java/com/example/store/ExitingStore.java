package com.example.store;

/** A store whose constructor ends the JVM: what a library's fatal-error path may do. */
public class ExitingStore extends EmptyStore {
    public ExitingStore() {
        System.exit(3);
    }
}
