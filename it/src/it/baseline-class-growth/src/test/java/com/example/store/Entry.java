package com.example.store;

/** A value and the version that wrote it. */
final class Entry {
    final byte[] value;
    final long version;

    Entry(byte[] value, long version) {
        this.value = value;
        this.version = version;
    }
}
