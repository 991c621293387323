package io.memstore.systems;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * etcd's key-value API through its Java client (jetcd), for loading a row: writes are sent asynchronously with
 * at most {@link #IN_FLIGHT} unanswered at a time (etcd batches concurrent proposals into one raft entry and
 * fsync, so a few in flight load far faster than one at a time, and a bound keeps the client's memory and the
 * member's queue small); reads wait for their answer. Every wait is bounded by the request timeout, so a member
 * that stops answering fails the load instead of hanging it.
 *
 * <p>The first failed write is kept and thrown by the next call ({@link #put}, {@link #delete},
 * {@link #awaitWrites}), naming the key count written so far.
 */
public final class EtcdKv implements AutoCloseable {
    /** Writes sent and not yet answered, at most. */
    public static final int IN_FLIGHT = 64;
    static final long CHECK_MILLIS = 250;
    private static final ByteSequence ALL = ByteSequence.from(new byte[] {0});

    private final Client client;
    private final KV kv;
    private final Duration timeout;
    private final Runnable alive;
    private final Semaphore permits = new Semaphore(IN_FLIGHT);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final AtomicLong lastRevision = new AtomicLong();
    private final AtomicLong acknowledged = new AtomicLong();

    /**
     * @param endpoints client URLs of the members ({@link EtcdCluster#endpoints})
     * @param timeout   the longest wait for any one answer
     */
    public EtcdKv(List<String> endpoints, Duration timeout) {
        this(endpoints, timeout, () -> { });
    }

    /**
     * @param alive run every {@value #CHECK_MILLIS} ms while waiting for an answer; throws when the server is
     *              gone ({@link EtcdCluster#checkAlive}), which ends the wait at once instead of at the timeout
     *              (the client retries an unreachable member for a long time)
     */
    public EtcdKv(List<String> endpoints, Duration timeout, Runnable alive) {
        this.client = Client.builder().endpoints(endpoints.toArray(String[]::new)).build();
        this.kv = client.getKVClient();
        this.timeout = timeout;
        this.alive = alive;
    }

    /** Sends a put; returns once it is in flight. The key and value are copied. */
    public void put(byte[] key, byte[] value) {
        send(kv.put(ByteSequence.from(key), ByteSequence.from(value)).thenApply(r -> r.getHeader().getRevision()));
    }

    /** Sends a put of a key attached to a lease; returns once it is in flight. */
    public void put(byte[] key, byte[] value, long leaseId) {
        send(kv.put(ByteSequence.from(key), ByteSequence.from(value), PutOption.builder().withLeaseId(leaseId).build())
                .thenApply(r -> r.getHeader().getRevision()));
    }

    /** Grants a lease of this time to live, waiting for it; returns its id. */
    public long grantLease(Duration ttl) {
        return await(client.getLeaseClient().grant(ttl.toSeconds())).getID();
    }

    /** Opens watchers on these ranges ({@link EtcdWatchers}) from the member's next revision on. */
    EtcdWatchers watch(List<byte[]> starts) {
        awaitWrites();
        long next = await(kv.get(ALL, GetOption.builder().withRange(ALL).withCountOnly(true).build())).getHeader()
                .getRevision() + 1;
        return new EtcdWatchers(client, starts, next);
    }

    /**
     * Compacts the history at this revision without waiting for the member to free the space (as the API
     * server's periodic compaction does), waiting for the answer.
     */
    public void compactAt(long revision) {
        await(kv.compact(revision));
    }

    /** Sends a delete of one key; returns once it is in flight. */
    public void delete(byte[] key) {
        send(kv.delete(ByteSequence.from(key)).thenApply(r -> r.getHeader().getRevision()));
    }

    private void send(CompletableFuture<Long> request) {
        rethrow();
        acquire(1);
        request.whenComplete((revision, error) -> {
            if (error != null) {
                failure.compareAndSet(null, error);
            } else {
                lastRevision.accumulateAndGet(revision, Math::max);
                acknowledged.incrementAndGet();
            }
            permits.release();
        });
    }

    /** Waits until every write sent has been answered; throws the first failure. */
    public void awaitWrites() {
        acquire(IN_FLIGHT);
        permits.release(IN_FLIGHT);
        rethrow();
    }

    /** Reads one key at the latest revision; true when it exists. */
    public boolean exists(byte[] key) {
        return await(kv.get(ByteSequence.from(key), GetOption.builder().withCountOnly(true).build())).getCount() > 0;
    }

    /** The keys in the store, counted by the member. */
    public long keyCount() {
        return await(kv.get(ALL, GetOption.builder().withRange(ALL).withCountOnly(true).build())).getCount();
    }

    /** Compacts the history at the last revision written, waiting until the member has applied it physically. */
    public void compactAll() {
        awaitWrites();
        await(kv.compact(lastRevision.get(), io.etcd.jetcd.options.CompactOption.builder().withCompactPhysical(true)
                .build()));
    }

    /** The highest revision a write was answered with (0 before any). */
    public long lastRevision() {
        return lastRevision.get();
    }

    /** Writes answered successfully. */
    public long acknowledged() {
        return acknowledged.get();
    }

    private void acquire(int n) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (!permits.tryAcquire(n, CHECK_MILLIS, TimeUnit.MILLISECONDS)) {
                alive.run();
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("etcd: no answer to a write within " + timeout.toSeconds()
                            + " s (" + acknowledged.get() + " writes answered so far)");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("etcd: interrupted while waiting for writes", e);
        }
    }

    private void rethrow() {
        Throwable t = failure.get();
        if (t != null) {
            alive.run(); // a member that has ended is the clearer reason
            throw new IllegalStateException("etcd: a write failed after " + acknowledged.get()
                    + " were answered: " + describe(t), t);
        }
    }

    private <T> T await(CompletableFuture<T> future) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                try {
                    return future.get(CHECK_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    alive.run();
                    if (System.nanoTime() > deadline) {
                        future.cancel(true);
                        throw new IllegalStateException("etcd: no answer within " + timeout.toSeconds() + " s", e);
                    }
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("etcd: request failed: " + describe(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("etcd: interrupted", e);
        }
    }

    private static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == t ? t.toString() : t + " (" + root + ")";
    }

    @Override
    public void close() {
        client.close();
    }
}
