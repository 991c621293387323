package io.memstore.systems;

import io.memstore.measure.probe.LoadTarget;
import io.memstore.measure.probe.Metrics;
import io.memstore.measure.probe.ProcMemory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A real etcd, one member or a cluster ({@link EtcdCluster}), started fresh for the row under the probe's data
 * directory and loaded through jetcd ({@link EtcdKv}). Each of the row's versions is a put, so etcd keeps every
 * version in its MVCC history until a compaction, as the row's memstore store does.
 *
 * <p>The probe measures the member, not itself: {@link #memory} is the /proc reading of the member with the
 * largest resident set at that moment, {@link #heapInUse} the largest {@code go_memstats_heap_inuse_bytes}, both
 * read after {@link #settle} has collected the members' garbage and waited for the freed pages to be returned, as
 * a probe JVM is read after full collections. {@link #extraMetrics} gives every member's figures, names starting
 * {@code etcd.<member>.}. Gets are single-key range requests, one at a time, so their rate is the round trip's.
 *
 * <p>Rows shaped like a Kubernetes control plane's load add leases (granted before the load, keys put with them
 * round-robin), watchers ({@link EtcdWatchers}, every event read through the load) and compaction on a period
 * ({@link #compactBack}), all through the same client.
 */
final class EtcdTarget implements LoadTarget {
    /** How long the members may take to become healthy. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    /**
     * How long restarted members may take to become healthy: each restores its index from every revision of its
     * db first, and three members restoring millions of revisions at once on a small machine take minutes.
     */
    static final Duration RESTART_TIMEOUT = Duration.ofMinutes(15);
    /** The longest wait for one answer from etcd. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    /** Gets timed at most: each is a network round trip. */
    static final int MAX_GETS = 5_000;

    /**
     * The leases' time to live: longer than any row, so no key expires during a measurement (etcd renews
     * every lease's expiry when a member starts, so a restart does not expire them either).
     */
    static final Duration LEASE_TTL = Duration.ofDays(7);
    /** How long the watchers may deliver no event while some are still due before the row fails. */
    static final Duration WATCH_STALL = Duration.ofSeconds(60);

    private final EtcdCluster cluster;
    private final EtcdKv kv;
    private final List<Long> leases = new java.util.ArrayList<>();
    private EtcdWatchers watchers;

    private EtcdTarget(EtcdCluster cluster, EtcdKv kv) {
        this.cluster = cluster;
        this.kv = kv;
    }

    static EtcdTarget open(int members, Path dataDir, long snapshotCount) {
        Path binary = EtcdBinary.locate();
        EtcdCluster cluster = EtcdCluster.start(binary, members, dataDir, START_TIMEOUT, snapshotCount);
        try {
            return new EtcdTarget(cluster, new EtcdKv(cluster.endpoints(), REQUEST_TIMEOUT, cluster::checkAlive));
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    @Override
    public void put(byte[] key, byte[] value) {
        kv.put(key, value);
    }

    @Override
    public void grantLeases(long count) {
        for (long l = 0; l < count; l++) {
            leases.add(kv.grantLease(LEASE_TTL));
        }
    }

    @Override
    public void putWithLease(byte[] key, byte[] value, long lease) {
        kv.put(key, value, leases.get((int) lease));
    }

    @Override
    public void watch(List<byte[]> starts) {
        watchers = kv.watch(starts);
    }

    /** The watchers' events, once every one due arrived ({@link EtcdWatchers#await}). */
    @Override
    public long awaitWatchEvents(long expected) {
        return awaitWatchEvents(expected, WATCH_STALL);
    }

    long awaitWatchEvents(long expected, Duration stall) {
        return watchers == null ? 0 : watchers.await(expected, stall, cluster::checkAlive);
    }

    /** The leases granted, in order. */
    List<Long> leaseIds() {
        return List.copyOf(leases);
    }

    /** The members' client URLs. */
    List<String> endpoints() {
        return cluster.endpoints();
    }

    /** Compacts at the revision {@code window} back from the last answered write, not waiting for the space. */
    @Override
    public void compactBack(long window) {
        kv.awaitWrites();
        long at = kv.lastRevision() - window;
        if (at > 1) {
            kv.compactAt(at);
        }
    }

    @Override
    public void delete(byte[] key) {
        kv.delete(key);
    }

    @Override
    public void compact() {
        kv.compactAll();
    }

    @Override
    public void flush() {
        kv.awaitWrites();
        cluster.checkAlive();
    }

    @Override
    public boolean get(byte[] key) {
        return kv.exists(key);
    }

    @Override
    public long keyCount() {
        return kv.keyCount();
    }

    /** Revisions written: etcd's store revision starts at 1 for the empty store. */
    @Override
    public long revisionCount() {
        return Math.max(0, kv.lastRevision() - 1);
    }

    /** The largest member's data directory: its bbolt db, write-ahead log and snapshots. */
    @Override
    public long fileSize() {
        return cluster.members().stream().mapToLong(EtcdMember::dataSize).max().orElse(0);
    }

    @Override
    public Object retained() {
        return kv;
    }

    @Override
    public String getMethod() {
        return "jetcd KV.get(key), count only, one request at a time over loopback";
    }

    /** The data is the member's: the allocations of this JVM (jetcd's) are not reported as the row's. */
    @Override
    public boolean inThisJvm() {
        return false;
    }

    @Override
    public int maxGets() {
        return MAX_GETS;
    }

    /**
     * Collects every member's garbage and waits until their RSS is steady ({@link SettledMembers}), so that the
     * readings of a row's runs are taken at the same point of the members' memory cycle.
     */
    @Override
    public void settle() {
        cluster.checkAlive();
        SettledMembers.settle(cluster.members());
    }

    @Override
    public ProcMemory memory() {
        cluster.checkAlive();
        return cluster.members().stream().map(EtcdMember::memory)
                .max(Comparator.comparingLong(m -> m.rss() == null ? -1 : m.rss()))
                .orElseThrow();
    }

    @Override
    public long heapInUse() {
        cluster.checkAlive();
        return cluster.members().stream().map(EtcdMember::metrics)
                .mapToLong(m -> m.getOrDefault(EtcdMember.METRIC_GO_HEAP_INUSE, 0.0).longValue()).max().orElse(0);
    }

    /**
     * Per member: {@code etcd.<name>.rss}, {@code .peakRss}, {@code .rssAnon}, {@code .rssFile} (from /proc, B),
     * {@code .reportedRss}, {@code .goHeapInuse}, {@code .dbSize} (from /metrics, B); and {@code etcd.members}.
     */
    @Override
    public Map<String, Number> extraMetrics() {
        Map<String, Number> out = new LinkedHashMap<>();
        List<EtcdMember> members = cluster.members();
        out.put("etcd.members", members.size());
        for (EtcdMember m : members) {
            String prefix = "etcd." + m.name() + ".";
            ProcMemory mem = m.memory();
            out.put(prefix + "rss", mem.rss());
            out.put(prefix + "peakRss", mem.peakRss());
            out.put(prefix + "rssAnon", mem.rssAnon());
            out.put(prefix + "rssFile", mem.rssFile());
            Map<String, Double> metrics = m.metrics();
            out.put(prefix + "reportedRss", metrics.get(EtcdMember.METRIC_RSS));
            out.put(prefix + "goHeapInuse", metrics.get(EtcdMember.METRIC_GO_HEAP_INUSE));
            out.put(prefix + "dbSize", metrics.get(EtcdMember.METRIC_DB_SIZE));
        }
        return out;
    }

    /** Restarts every member on its data ({@link EtcdCluster#restart}), waiting until each is healthy. */
    @Override
    public boolean reopen() {
        closeWatchers(); // the restart ends their streams: a watcher's failure now is not the row's
        cluster.restart(RESTART_TIMEOUT);
        return true;
    }

    /**
     * Restarts every member on its data, as {@link #reopen}: {@code reopen.seconds} from the new starts
     * until every member is healthy (each rebuilt its index from every revision in its db),
     * {@code reopen.revisionsPerSecond} the revisions written over that time, {@code reopen.rss} the largest
     * member's RSS right after, settled as after the load ({@link #settle}: the restore's garbage collected, the
     * pages of the memory-mapped db it touched still counted), and {@code reopen.goHeap} its Go heap in use.
     */
    @Override
    public Map<String, Number> timedReopen() {
        closeWatchers(); // the restart ends their streams: a watcher's failure now is not the row's
        Duration took = cluster.restart(RESTART_TIMEOUT);
        double seconds = took.toNanos() / 1e9;
        Map<String, Number> m = new LinkedHashMap<>();
        m.put(Metrics.REOPEN_SECONDS, seconds);
        m.put(Metrics.REOPEN_REVISIONS_PER_SECOND, revisionCount() / Math.max(1e-9, seconds));
        settle();
        m.put(Metrics.REOPEN_RSS, memory().rss());
        m.put(Metrics.REOPEN_GO_HEAP, heapInUse());
        return m;
    }

    private void closeWatchers() {
        if (watchers != null) {
            watchers.close();
            watchers = null;
        }
    }

    @Override
    public void close() {
        try {
            closeWatchers();
            kv.close();
        } finally {
            cluster.close();
        }
    }
}
