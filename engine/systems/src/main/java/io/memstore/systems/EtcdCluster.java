package io.memstore.systems;

import io.memstore.measure.probe.FileTrees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * A new etcd cluster of one or more members on loopback, each member an {@link EtcdMember} process, all under
 * one fresh directory: per member {@code mN.data} (its data directory) and {@code mN.log} (its output).
 *
 * <p>{@link #start} picks free loopback ports ({@link LoopbackPorts}), starts every member with the same
 * {@code --initial-cluster} and a token unique to this cluster, and waits until each answers {@code /health}
 * with {@code true}, which etcd does once the member has a leader. A member that cannot bind its port (taken
 * between the pick and the start) makes the whole cluster start again on new ports, twice at most.
 *
 * <p>{@link #close} stops every member (SIGTERM, SIGKILL after {@link #GRACE}) and removes the directory, so
 * nothing is left behind on success, on failure (a start that fails closes what it started) or on a timeout.
 * A JVM that ends while members run (Ctrl-C, SIGTERM) stops them from a shutdown hook and removes their
 * directories; a JVM killed outright takes them with it through the kernel ({@link EtcdMember}'s parent-death
 * signal); its directory is then the caller's to remove, which the probe's run directory takes care of.
 */
public final class EtcdCluster implements AutoCloseable {
    /** How long a member may take to stop after SIGTERM. */
    static final Duration GRACE = Duration.ofSeconds(10);
    /** etcd 3.4's own {@code --snapshot-count}. */
    public static final long DEFAULT_SNAPSHOT_COUNT = 100_000;
    private static final int START_ATTEMPTS = 3;
    private static final Set<EtcdCluster> RUNNING = Collections.synchronizedSet(new LinkedHashSet<>());

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(EtcdCluster::stopAll, "memstore-etcd-stop"));
    }

    private final Path dir;
    private final List<EtcdMember> members = new ArrayList<>();
    private boolean closed;

    private EtcdCluster(Path dir) {
        this.dir = dir;
    }

    /**
     * Starts a cluster and waits until every member is healthy.
     *
     * @param binary  the etcd program ({@link EtcdBinary#locate})
     * @param size    members, 1 or more
     * @param parent  the directory in which the cluster's directory is created
     * @param timeout how long the members may take to become healthy
     * @throws SystemUnavailableException when a member ends or is not healthy within the timeout; nothing of
     *                                    the attempt is left running or on disk
     */
    public static EtcdCluster start(Path binary, int size, Path parent, Duration timeout) {
        return start(binary, size, parent, timeout, DEFAULT_SNAPSHOT_COUNT);
    }

    /**
     * Starts a cluster whose members snapshot every {@code snapshotCount} applied raft entries
     * ({@code --snapshot-count}), and waits until every member is healthy.
     *
     * @see #start(Path, int, Path, Duration)
     */
    public static EtcdCluster start(Path binary, int size, Path parent, Duration timeout, long snapshotCount) {
        if (snapshotCount < 1) {
            throw new IllegalArgumentException("an etcd snapshot count must be at least 1, was " + snapshotCount);
        }
        if (size < 1) {
            throw new IllegalArgumentException("an etcd cluster needs at least 1 member, was " + size);
        }
        SystemUnavailableException last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            Path dir = createDir(parent);
            EtcdCluster cluster = launch(binary, size, dir, snapshotCount);
            try {
                cluster.awaitHealthy(timeout);
                return cluster;
            } catch (PortTaken e) {
                cluster.close();
                last = e;
            } catch (RuntimeException | Error e) {
                cluster.close();
                throw e;
            }
        }
        throw last;
    }

    private static Path createDir(Path parent) {
        try {
            Files.createDirectories(parent);
            return Files.createTempDirectory(parent, "etcd-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the etcd directory in " + parent + ": " + e.getMessage(),
                    e);
        }
    }

    private static EtcdCluster launch(Path binary, int size, Path dir, long snapshotCount) {
        List<Integer> ports = LoopbackPorts.pick(2 * size);
        StringBuilder initial = new StringBuilder();
        for (int i = 0; i < size; i++) {
            initial.append(i == 0 ? "" : ",").append("m").append(i + 1).append("=http://127.0.0.1:")
                    .append(ports.get(2 * i + 1));
        }
        String token = "memstore-" + UUID.randomUUID();
        EtcdCluster cluster = new EtcdCluster(dir);
        RUNNING.add(cluster);
        try {
            for (int i = 0; i < size; i++) {
                String name = "m" + (i + 1);
                cluster.members.add(EtcdMember.start(binary, name, ports.get(2 * i), ports.get(2 * i + 1),
                        initial.toString(), token, dir.resolve(name + ".data"), dir.resolve(name + ".log"),
                        snapshotCount));
            }
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    private void awaitHealthy(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<EtcdMember> waiting = new ArrayList<>(members());
        while (!waiting.isEmpty()) {
            for (EtcdMember m : members()) {
                if (!m.isAlive()) {
                    if (m.logContains("address already in use")) {
                        throw new PortTaken(m.ended());
                    }
                    throw new SystemUnavailableException("etcd: " + m.ended());
                }
            }
            waiting.removeIf(EtcdMember::healthy);
            if (waiting.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                EtcdMember m = waiting.get(0);
                throw new SystemUnavailableException("etcd: member " + m.name() + " of " + members().size()
                        + " was not healthy within " + timeout.toSeconds() + " s (GET " + m.clientUrl()
                        + "/health)" + m.logTailSuffix());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SystemUnavailableException("etcd: interrupted while waiting for the members", e);
            }
        }
    }

    public synchronized List<EtcdMember> members() {
        return List.copyOf(members);
    }

    /**
     * Restarts every member on its data, as after a reboot: SIGTERM to all, each awaited (SIGKILL after
     * {@link #GRACE}), then every member started again with its own command, and awaited until healthy. The
     * members restore their store from their data directories (etcd reads every revision of its db to rebuild
     * its index).
     *
     * @return the time from the first new start until every member was healthy
     * @throws SystemUnavailableException when a member does not come back healthy within the timeout
     * @throws IllegalStateException       when another process took a member's port while it was stopped
     */
    public Duration restart(Duration timeout) {
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the etcd cluster in " + dir + " is stopped");
            }
            members.forEach(EtcdMember::terminate);
            for (EtcdMember m : members) {
                if (!m.awaitEnd(GRACE)) {
                    throw new SystemUnavailableException("etcd: member " + m.name() + " did not stop within "
                            + GRACE.toSeconds() + " s of SIGTERM" + m.logTailSuffix());
                }
            }
        }
        long start = System.nanoTime();
        synchronized (this) {
            members.replaceAll(EtcdMember::restart);
        }
        try {
            awaitHealthy(timeout);
        } catch (PortTaken e) {
            // a member's peer URL is part of the cluster's membership in its data: it comes back on its own ports
            // or not at all, so the cause is named rather than the system said not to run here
            throw new IllegalStateException("etcd: another process took a port of a member while the members were"
                    + " stopped for the restart, so it could not come back on it: " + e.getMessage(), e);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** The client URLs of every member, for a client that spreads its requests. */
    public List<String> endpoints() {
        return members.stream().map(EtcdMember::clientUrl).toList();
    }

    /** The cluster's directory (removed by {@link #close}). */
    public Path dir() {
        return dir;
    }

    /**
     * Checks that every member still runs.
     *
     * @throws IllegalStateException naming the first member that has ended, with its log's last lines
     */
    public void checkAlive() {
        for (EtcdMember m : members()) {
            if (!m.isAlive()) {
                throw new IllegalStateException(m.ended());
            }
        }
    }

    /**
     * Stops every member as an operator would: SIGTERM to all at once, then up to {@link #GRACE} for each to end,
     * SIGKILL for one that has not; then removes the cluster's directory. Repeated calls do nothing.
     *
     * @return the members that needed SIGKILL (empty when every one stopped cleanly, or already had)
     */
    public synchronized List<String> stop() {
        List<String> killed = new ArrayList<>();
        if (closed) {
            return killed;
        }
        closed = true;
        try {
            members.forEach(EtcdMember::terminate);
            for (EtcdMember m : members) {
                if (!m.awaitEnd(GRACE)) {
                    killed.add(m.name());
                }
            }
            FileTrees.delete(dir);
        } finally {
            RUNNING.remove(this);
        }
        return killed;
    }

    /** {@link #stop}. */
    @Override
    public void close() {
        stop();
    }

    private static void stopAll() {
        List<EtcdCluster> running;
        synchronized (RUNNING) {
            running = new ArrayList<>(RUNNING);
        }
        for (EtcdCluster c : running) {
            c.close();
        }
    }

    /** A member ended because its port was taken: the start is tried again on new ports. */
    private static final class PortTaken extends SystemUnavailableException {
        PortTaken(String message) {
            super("etcd: " + message);
        }
    }
}
