package com.example.store;

/** A value, the version that wrote it and, new in this change, when it was written. */
final class Entry {
    final byte[] value;
    final long version;
    final long writtenAt;

    Entry(byte[] value, long version) {
        this.value = value;
        this.version = version;
        this.writtenAt = System.nanoTime();
    }
}
