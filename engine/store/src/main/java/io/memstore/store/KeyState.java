package io.memstore.store;

/**
 * What the index knows of one key at one revision: the packed revision of its last change, the packed
 * revision that created its current generation, and its version (number of puts in that generation).
 */
public record KeyState(long modRevision, long createRevision, long version) {
}
