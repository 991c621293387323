package io.memstore.measure.plan;

import io.memstore.measure.run.RowResult;
import io.memstore.measure.spec.Metric;
import io.memstore.measure.spec.PlanScenario;
import io.memstore.measure.spec.Row;
import io.memstore.measure.spec.RowParams;
import io.memstore.measure.spec.SystemKind;
import io.memstore.measure.spec.Units;
import io.memstore.measure.spec.WorkloadDef;

import java.util.ArrayList;
import java.util.List;

/**
 * Which measured rows can speak for a scenario, and which rows to measure when none can.
 *
 * <p>A row speaks for a scenario when it measured the same thing at another size: same system, key pattern and key
 * size, same index, store, store options and compaction period for memstore, the same share of leased keys,
 * without deletes or a final compaction, with index.liveHeap and the RSS readings; rows of other value sizes
 * speak for it when the rows measured two sizes at least (the models charge each value byte). The rows must also let the heap model reach the scenario's versions (the same revision-slot count,
 * or two different ones) and leave a row to spare over the model's coefficients. A calibration run measures the
 * scenario itself at small key counts (by default {@link #DEFAULT_KEYS}), an etcd scenario's rows twice each
 * ({@link WorkloadDef#ETCD_RUNS}).
 */
public final class Calibration {
    /** Key counts of a calibration run: quick (seconds per row), yet past the probe's fixed overhead. */
    public static final List<Long> DEFAULT_KEYS = List.of(25_000L, 100_000L);
    /** The second snapshot count of an etcd calibration: snapshots every 10K entries, within its smallest rows. */
    public static final long ETCD_SNAPSHOT_COUNT = 10_000;

    private Calibration() {
    }

    /** The rows that measured the scenario's configuration (at any key count and versions). */
    public static List<RowResult> matching(PlanScenario s, List<RowResult> rows) {
        RowParams want = s.params();
        List<RowResult> out = new ArrayList<>();
        for (RowResult r : rows) {
            RowParams p = r.params();
            boolean memstore = want.system() == SystemKind.MEMSTORE;
            // any value size where values are stored: the models charge the value bytes apart (HeapModel's cval)
            boolean same = p.system().equals(want.system()) && p.keyPattern() == want.keyPattern()
                    && p.keySize() == want.keySize() && p.storesValues() == want.storesValues()
                    && (!memstore || p.index().equals(want.index()) && p.store() == want.store()
                            && p.settings().equals(want.settings())
                            && p.compactEvery() == want.compactEvery())
                    && p.leasedKeys() == want.leasedKeys()
                    && p.deletes() == 0 && !p.compact();
            // etcd rows at any compaction period, watchers and leases: the model charges each apart
            // any snapshot count: the heap model charges each row's raft log apart (HeapModel's cr)
            if (same && r.metric(Metric.INDEX_LIVE_HEAP).orElse(0) > 0 && r.metric(Metric.PROCESS_RSS).isPresent()
                    && r.metric(Metric.JVM_BASELINE_RSS).isPresent()) {
                out.add(r);
            }
        }
        return out;
    }

    /** Null when the rows suffice for the scenario, else why not (for messages). */
    public static String insufficient(PlanScenario s, List<RowResult> rows) {
        List<RowResult> m = matching(s, rows);
        if (m.isEmpty()) {
            return "no row measured " + (s.params().system() == SystemKind.MEMSTORE ? ""
                    : "system=" + s.params().system().specName() + ", ") + "index=" + s.params().index().specName()
                    + ", keyPattern="
                    + s.params().keyPattern().specName() + ", keySize=" + Units.compactBytes(s.params().keySize())
                    + ", store=" + s.params().store().specName() + " without deletes or compaction, with RSS";
        }
        HeapModel heap = HeapModel.fit(Layout.of(s.params().index()), m);
        if (!heap.raftFits(s.params())) {
            return String.format(java.util.Locale.ROOT, "the etcd rows hold %s of their writes in the raft log"
                    + " (%.2f entries per key) and the scenario %.2f per key (snapshotCount %s): the raft log's"
                    + " cost per entry cannot be told apart from the cost per key; measure rows at a second"
                    + " snapshotCount too, like snapshotCount: [100K, 10K]", Double.isNaN(heap.fitRaftShare())
                    ? "several shares" : "one share", heap.fitRaftShare(), HeapModel.raftShare(s.params()),
                    Units.count(s.params().snapshotCount()));
        }
        if (!heap.extrasFit(s.params())) {
            return "the matching rows had " + (Double.isNaN(heap.fitWatchers()) ? "several" : (long) heap.fitWatchers())
                    + " watchers and " + (Double.isNaN(heap.fitLeases()) ? "several" : (long) heap.fitLeases())
                    + " leases and the scenario " + s.params().watchers() + " and " + s.params().leases() + ": measure"
                    + " rows at two counts of each to fit its cost";
        }
        if (!heap.valuesFit(s.params())) {
            return "the matching rows stored values of " + (Double.isNaN(heap.fitValueSize()) ? "several sizes"
                    : Units.compactBytes((long) heap.fitValueSize()) + " (mean)") + " and the scenario "
                    + Units.compactBytes((long) HeapModel.valueSize(s.params())) + ": measure rows at a second"
                    + " valueSize to fit the cost of a value byte";
        }
        if (!heap.canPredict(s.params())) {
            return "the matching rows measured one revision-slot count (" + (long) heap.fitSlots()
                    + ") and the scenario needs versions=" + s.params().versions();
        }
        if (!heap.determined()) {
            return "the matching rows leave no row to spare over the model's coefficients ("
                    + String.join("; ", heap.undetermined()) + ")";
        }
        return null;
    }

    /**
     * The rows a calibration run measures for the scenario: its parameters at each of the key counts; for etcd
     * also at {@link #ETCD_SNAPSHOT_COUNT}, whose snapshots tell the raft log's cost apart from the keys'.
     */
    public static List<Row> rows(PlanScenario s, List<Long> keys) {
        List<Row> out = new ArrayList<>();
        RowParams p = s.params();
        int runs = p.system().isEtcd() ? WorkloadDef.ETCD_RUNS : 1;
        List<Long> counts = p.system().isEtcd() && p.snapshotCount() != ETCD_SNAPSHOT_COUNT
                ? List.of(p.snapshotCount(), ETCD_SNAPSHOT_COUNT) : List.of(p.snapshotCount());
        for (long count : counts) {
            for (long n : keys) {
                RowParams at = RowParams.builder("calibrate").keys(n).versions(p.versions()).keySize(p.keySize())
                        .valueSize(p.valueSize()).keyPattern(p.keyPattern()).store(p.store()).index(p.index())
                        .seed(p.seed()).runs(runs).system(p.system()).snapshotCount(count).shape(p.shape()).build();
                out.add(new Row("calibrate/" + s.name() + "/keys=" + Units.count(n)
                        + (counts.size() > 1 ? ",snapshotCount=" + Units.count(count) : ""), at));
            }
        }
        return out;
    }
}
