package io.memstore.store;

import java.util.List;

/**
 * The answer of {@link RevisionIndex#range}: the live keys in ascending unsigned order with the packed
 * revision of each key's last change, up to the limit; {@code total} is the number of live keys in the whole
 * range when it was asked for, else -1; {@code more} says whether the limit cut the answer short.
 */
public record IndexRange(List<byte[]> keys, long[] revisions, long total, boolean more) {
    public int size() {
        return revisions.length;
    }
}
