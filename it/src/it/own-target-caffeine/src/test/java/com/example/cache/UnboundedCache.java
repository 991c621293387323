package com.example.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.memstore.target.KeyValueTarget;

import java.nio.ByteBuffer;

/** A Caffeine cache without bounds, keys wrapped in ByteBuffers for their equality, values copied. */
public class UnboundedCache implements KeyValueTarget {
    private final Cache<ByteBuffer, byte[]> cache;

    public UnboundedCache() {
        this(Caffeine.newBuilder());
    }

    /** Maintenance runs on the caller's thread, as in Caffeine's own memory benchmark: no pool to count. */
    UnboundedCache(Caffeine<Object, Object> builder) {
        cache = builder.executor(Runnable::run).build();
    }

    @Override
    public void put(byte[] key, byte[] value) {
        cache.put(ByteBuffer.wrap(key), value.clone());
    }

    @Override
    public boolean get(byte[] key) {
        return cache.getIfPresent(ByteBuffer.wrap(key)) != null;
    }

    @Override
    public void delete(byte[] key) {
        cache.invalidate(ByteBuffer.wrap(key));
    }

    @Override
    public void flush() {
        cache.cleanUp();
    }

    @Override
    public void close() {
        cache.invalidateAll();
    }
}
