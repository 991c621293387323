package io.memstore.store;

import java.util.List;

/**
 * The answer of {@link MvccStore#range}: the live keys of the range at the requested revision, in ascending
 * unsigned key order, up to the limit.
 *
 * @param kvs      the keys found
 * @param count    the number of live keys in the whole range when {@link RangeOptions#countTotal()} was asked,
 *                 else {@code kvs.size()}
 * @param revision the store's current revision when the read began (etcd's header revision), not the
 *                 revision read at
 * @param more     whether the limit cut the answer short
 */
public record RangeResult(List<KeyValue> kvs, long count, long revision, boolean more) {
    public RangeResult {
        kvs = List.copyOf(kvs);
    }
}
