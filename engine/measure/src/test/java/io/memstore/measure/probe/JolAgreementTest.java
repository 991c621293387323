package io.memstore.measure.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.internal.index.BTreeIndex;
import io.memstore.store.Revision;
import io.memstore.measure.spec.KeyPattern;
import java.lang.ref.Reference;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.openjdk.jol.info.GraphLayout;

/**
 * Does the probe's live-heap reading ({@link HeapMeter#liveHeap()} after minus before) agree with an exact
 * object-graph walk (JOL's {@link GraphLayout#totalSize()}) of the same BTreeIndex? 1M random 64 B keys by
 * default, built as the probe builds an index row (store none, put i at main revision i). Opt-in, it takes
 * about a minute and a few hundred MB of heap:
 * <pre>
 *   mvn -B -o -pl engine test -Dtest=JolAgreementTest -Dmemstore.bench=true \
 *       -DargLine="-XX:+UseSerialGC -XX:MarkSweepDeadRatio=0 -Djdk.attach.allowAttachSelf=true"
 * </pre>
 * (the probe's collector flags, so full collections compact as in a probe child). Optional
 * {@code -Dmemstore.bench.keys=N}, {@code -Dmemstore.bench.versions=V}.
 */
@EnabledIfSystemProperty(named = "memstore.bench", matches = "true")
class JolAgreementTest {

    @Test
    void liveHeapAgreesWithJolWithinTwoPercent() {
        long keys = Long.getLong("memstore.bench.keys", 1_000_000L);
        int versions = Integer.getInteger("memstore.bench.versions", 1);
        KeyGenerator generator = KeyGenerator.of(KeyPattern.RANDOM, 64, 1, keys);

        long before = HeapMeter.liveHeap();
        BTreeIndex index = new BTreeIndex();
        long main = 0;
        for (int v = 0; v < versions; v++) {
            for (long i = 0; i < keys; i++) {
                index.put(generator.key(i), Revision.pack(++main, 0));
            }
        }
        long after = HeapMeter.liveHeap();
        long meter = after - before;
        long jol = GraphLayout.parseInstance(index).totalSize();
        Reference.reachabilityFence(index);

        double difference = (meter - jol) / (double) jol;
        System.out.printf(Locale.ROOT, "JOL agreement, %d keys x%d: HeapMeter %d B (%.2f B/key), JOL %d B"
                + " (%.2f B/key), difference %+.3f %%%n", keys, versions, meter, meter / (double) keys, jol,
                jol / (double) keys, 100 * difference);
        assertThat(index.keyCount()).isEqualTo(keys);
        assertThat(Math.abs(difference)).as("|HeapMeter - JOL| / JOL").isLessThanOrEqualTo(0.02);
    }
}
