package io.memstore.measure.probe;

import java.util.Map;
import java.util.TreeMap;

/**
 * Child of {@link ArenaChunkPoolTest}, run with the probe's flags: twice, makes the JIT compile, waits for
 * it to go quiet, reads the arena chunks' committed bytes (Native Memory Tracking), waits for the pool's cleaning,
 * and reads them again; prints one line a round: before, after, how the wait ended.
 */
public final class ArenaChunkPoolChild {
    private static final String CATEGORY = "Arena Chunk";
    static volatile long sink;

    private ArenaChunkPoolChild() {
    }

    public static void main(String[] args) throws Exception {
        for (int round = 0; round < 2; round++) {
            Map<String, Integer> m = new TreeMap<>();
            for (int i = 0; i < 300_000; i++) {
                m.merge("k" + (i % 9_973) + round, i, Integer::sum);
                sink += Long.toString(i * 31L + round).hashCode() + m.size();
            }
            SettledState.awaitCompilerQuiet();
            long before = chunks();
            ArenaChunkPool.Cleaning how = ArenaChunkPool.awaitCleaning(System.nanoTime() + 60_000_000_000L);
            long after = chunks();
            System.out.println(before + " " + after + " " + how);
        }
    }

    private static long chunks() throws AccountUnavailableException {
        return NativeMemoryTracking.committed(NativeMemoryTracking.read()).get(CATEGORY);
    }
}
