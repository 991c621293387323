package io.memstore.measure.probe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The key ranges of a row's watchers: {@code watchers} contiguous ranges that together cover the whole key space,
 * cut at quantiles of a sample of the row's keys so each watcher sees about the same share of the writes, as the
 * API server's watches each cover one resource prefix. The first range starts at the empty key.
 */
final class WatchRanges {
    /** Keys sampled to place the cuts at most. */
    static final int SAMPLE = 1 << 14;

    private WatchRanges() {
    }

    /**
     * The start of each range, in key order, {@code watchers} of them (fewer only when the keys have fewer
     * distinct cut points than watchers asked, which a spec's limits make impossible for real rows).
     */
    static List<byte[]> starts(KeyGenerator keys, long keyCount, int watchers) {
        if (watchers < 1) {
            return List.of();
        }
        int n = (int) Math.min(keyCount, SAMPLE);
        byte[][] sample = new byte[n][];
        for (int s = 0; s < n; s++) {
            sample[s] = keys.key(s * (keyCount / n));
        }
        Arrays.sort(sample, Arrays::compareUnsigned);
        List<byte[]> starts = new ArrayList<>(watchers);
        starts.add(new byte[0]);
        for (int w = 1; w < watchers; w++) {
            byte[] cut = sample[(int) ((long) w * n / watchers)];
            if (Arrays.compareUnsigned(cut, starts.get(starts.size() - 1)) > 0) {
                starts.add(cut);
            }
        }
        return List.copyOf(starts);
    }
}
