package com.example.cache;

import com.github.benmanes.caffeine.cache.Caffeine;

/** The same cache with a maximum size of twice the entries it gets, so nothing is evicted. */
public class MaximumSizeCache extends UnboundedCache {
    public MaximumSizeCache() {
        super(Caffeine.newBuilder().maximumSize(50_000));
    }
}
