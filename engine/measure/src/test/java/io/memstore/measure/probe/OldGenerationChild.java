package io.memstore.measure.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A child JVM for {@link ProbeJvmTest}, started with the probe's flags: fills the old generation with 96 MiB, lets
 * half of it die, then prints the old generation's committed size over the data it holds after each full collection.
 * With {@code steps} it collects four times by itself, one line each; with {@code meter} it takes the probe's
 * reading ({@link HeapMeter#liveHeap}) and prints one line.
 */
final class OldGenerationChild {
    private OldGenerationChild() {
    }

    public static void main(String[] args) {
        List<byte[]> kept = new ArrayList<>();
        for (int i = 0; i < 96; i++) {
            kept.add(new byte[1 << 20]);
        }
        System.gc(); // all of it in the old generation, which grows to hold it
        kept.subList(48, kept.size()).clear();
        if (args[0].equals("steps")) {
            for (int i = 0; i < 4; i++) {
                System.gc();
                System.out.println(ratio());
            }
        } else {
            HeapMeter.liveHeap();
            System.out.println(ratio());
        }
        Reference.reachabilityFence(kept);
    }

    private static String ratio() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getName().equals("Tenured Gen")) {
                return String.format(Locale.ROOT, "%.4f",
                        pool.getUsage().getCommitted() / (double) pool.getCollectionUsage().getUsed());
            }
        }
        throw new IllegalStateException("no Tenured Gen pool: not the serial collector");
    }
}
