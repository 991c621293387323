package io.memstore.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.internal.sqlite.Change;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The deferred writer against a sink whose writes the test lets through one at a time and can make fail: a full
 * buffer waits for the flush in flight, a failed batch stays readable and is written again before the next, the
 * tick retries and seals, the buffer is bounded while flushes fail, and no two threads ever write at once.
 */
@Timeout(60)
class DeferredWriterTest {
    private static final int BATCH = 10;

    /** A sink that writes a batch only when {@link #release}d, failing the writes it is told to fail. */
    private static final class GatedSink implements DeferredWriter.Sink {
        final Semaphore permits = new Semaphore(0);
        final Semaphore entered = new Semaphore(0);
        final AtomicInteger toFail = new AtomicInteger();
        final AtomicInteger toFailWithError = new AtomicInteger();
        final AtomicInteger active = new AtomicInteger();
        volatile int mostActive;
        final List<Long> written = Collections.synchronizedList(new ArrayList<>());
        final List<Long> batches = Collections.synchronizedList(new ArrayList<>());
        final List<String> threads = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void write(List<Change> records, long lastMain) {
            int now = active.incrementAndGet();
            mostActive = Math.max(mostActive, now);
            try {
                entered.release();
                permits.acquireUninterruptibly();
                threads.add(Thread.currentThread().getName());
                if (toFail.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    throw new StoreException("disk full (planted)");
                }
                if (toFailWithError.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    throw new OutOfMemoryError("planted");
                }
                for (Change r : records) {
                    written.add(r.rev());
                }
                batches.add(lastMain);
            } finally {
                active.decrementAndGet();
            }
        }

        void release(int writes) {
            permits.release(writes);
        }

        void awaitEntered() throws InterruptedException {
            assertThat(entered.tryAcquire(10, TimeUnit.SECONDS)).as("a write started").isTrue();
        }
    }

    private final GatedSink sink = new GatedSink();
    private final ReentrantLock lock = new ReentrantLock();
    private DeferredWriter writer;

    private void open(Duration interval) {
        StoreOptions options = StoreOptions.defaults().durability(Durability.DEFERRED).batchLimit(BATCH)
                .batchInterval(interval);
        writer = new DeferredWriter(sink, Path.of("gated.db"), options, lock);
    }

    @AfterEach
    void close() {
        sink.release(1000);
        lock.lock();
        try {
            writer.close();
        } finally {
            lock.unlock();
        }
    }

    private static Change record(long main) {
        long rev = Revision.pack(main, 0);
        return new Change.Encoder().put(rev, new byte[] {(byte) main}, new byte[] {1}, rev, 1);
    }

    /** A commit of one record, as MvccStore makes it. */
    private void commit(long main) {
        lock.lock();
        try {
            writer.beforeCommit();
            writer.add(main, List.of(record(main)));
            writer.afterCommit();
        } finally {
            lock.unlock();
        }
    }

    private void commit(long from, long to) {
        for (long main = from; main <= to; main++) {
            commit(main);
        }
    }

    private static long last(PendingRecords p) {
        return p == null ? -1 : p.lastMain();
    }

    /** Every revision up to {@code to} is buffered, looked at as a reader does, or written. */
    private void assertReadable(long to) {
        for (long main = 1; main <= to; main++) {
            long rev = Revision.pack(main, 0);
            PendingRecords p = writer.pending();
            PendingRecords f = writer.flushing();
            boolean found = p.get(rev) != null || (f != null && f.get(rev) != null) || sink.written.contains(rev);
            assertThat(found).as("revision %d readable", main).isTrue();
        }
    }

    /** Waits, five seconds at most, until the flush thread has recorded a failure. */
    private void awaitFailure() throws InterruptedException {
        for (int i = 0; i < 500 && writer.lastFailure() == null; i++) {
            Thread.sleep(10);
        }
    }

    private void flushNow() {
        lock.lock();
        try {
            writer.flushNow();
        } finally {
            lock.unlock();
        }
    }

    private static List<Long> revisions(long to) {
        List<Long> all = new ArrayList<>();
        for (long main = 1; main <= to; main++) {
            all.add(Revision.pack(main, 0));
        }
        return all;
    }

    @Test
    void aFlushSlowerThanTheWriterMakesTheNextFullBufferWaitForIt() throws Exception {
        open(Duration.ofHours(1));
        commit(1, BATCH);
        sink.awaitEntered();
        assertThat(last(writer.flushing())).isEqualTo(BATCH);
        commit(BATCH + 1, 2 * BATCH - 1);
        assertThat(writer.bufferedRevisions()).isEqualTo(2 * BATCH - 1);
        assertReadable(2 * BATCH - 1);

        // the commit that fills the second buffer finds the first still in flight and waits for it
        CompletableFuture<Void> second = CompletableFuture.runAsync(() -> commit(2 * BATCH));
        Thread.sleep(300);
        assertThat(second).as("the writer waits while a flush is in flight").isNotDone();
        assertReadable(2 * BATCH);

        sink.release(1); // the first batch is written; the second takes its place
        second.get(10, TimeUnit.SECONDS);
        sink.awaitEntered();
        assertThat(sink.batches).containsExactly((long) BATCH);
        assertThat(last(writer.flushing())).isEqualTo(2 * BATCH);
        assertThat(writer.pending().isEmpty()).isTrue();
        assertReadable(2 * BATCH);

        sink.release(1);
        flushNow();
        assertThat(writer.flushing()).isNull();
        assertThat(sink.batches).containsExactly((long) BATCH, 2L * BATCH);
        assertThat(sink.written).containsExactlyElementsOf(revisions(2 * BATCH));
        assertThat(sink.threads).allMatch(t -> t.startsWith("memstore-flush"));
        assertThat(sink.mostActive).isEqualTo(1);
    }

    @Test
    void aFailedFlushKeepsItsBatchReadableAndTheNextFullBufferWritesItFirst() throws Exception {
        open(Duration.ofHours(1));
        sink.toFail.set(1);
        commit(1, BATCH);
        sink.awaitEntered();
        sink.release(1); // the write fails: the batch stays in flight
        awaitFailure();
        assertThat(writer.lastFailure()).hasMessageContaining("planted");
        assertThat(last(writer.flushing())).isEqualTo(BATCH);
        commit(BATCH + 1, 2 * BATCH - 1);
        assertReadable(2 * BATCH - 1);
        assertThat(sink.written).isEmpty();

        // the commit that fills the second buffer writes the failed batch itself, then hands its own over
        sink.release(2);
        commit(2 * BATCH);
        assertThat(List.copyOf(sink.threads).get(1)).isEqualTo(Thread.currentThread().getName());
        assertThat(List.copyOf(sink.batches).get(0)).isEqualTo(BATCH);
        assertThat(writer.lastFailure()).isNull();
        flushNow();
        assertThat(sink.batches).containsExactly((long) BATCH, 2L * BATCH);
        assertThat(sink.written).containsExactlyElementsOf(revisions(2 * BATCH));
        assertThat(writer.bufferedRevisions()).isZero();
        assertThat(sink.mostActive).isEqualTo(1);
    }

    @Test
    void theTickRetriesAFailedFlushOnTheFlushThreadAndSealsABatchThatWaitedLongEnough() throws Exception {
        open(Duration.ofMillis(50));
        sink.release(1000);
        sink.toFail.set(2);
        commit(1, BATCH + 3); // one full batch, failing twice, and three revisions that never fill one
        for (int i = 0; i < 500 && sink.written.size() < BATCH + 3; i++) {
            Thread.sleep(10); // two failed attempts, then the retry and the sealed batch, a tick apart
        }
        assertThat(sink.written).containsExactlyElementsOf(revisions(BATCH + 3));
        assertThat(sink.batches).containsExactly((long) BATCH, BATCH + 3L);
        assertThat(sink.threads).hasSize(4).allMatch(t -> t.startsWith("memstore-flush"));
        assertThat(writer.lastFailure()).isNull();
        assertThat(sink.mostActive).isEqualTo(1);
    }

    @Test
    void aFlushThatThrowsAnErrorIsRecordedAndRetriedLikeAFailure() throws Exception {
        open(Duration.ofHours(1));
        sink.release(1000);
        sink.toFailWithError.set(1);
        commit(1, BATCH);
        awaitFailure();
        assertThat(writer.lastFailure()).hasMessageContaining("OutOfMemoryError: planted");
        assertThat(last(writer.flushing())).isEqualTo(BATCH);
        assertReadable(BATCH);

        commit(BATCH + 1, 2 * BATCH); // the next full buffer writes the failed batch first
        flushNow();
        assertThat(sink.batches).containsExactly((long) BATCH, 2L * BATCH);
        assertThat(sink.written).containsExactlyElementsOf(revisions(2 * BATCH));
        assertThat(writer.lastFailure()).isNull();
    }

    @Test
    void whileFlushesFailTheBufferGrowsToTwiceItsLimitThenCommitsAreRefused() throws Exception {
        open(Duration.ofHours(1));
        sink.release(1000);
        sink.toFail.set(Integer.MAX_VALUE);
        commit(1, BATCH);
        awaitFailure();
        commit(BATCH + 1, 3 * BATCH); // the full pending buffer's retries fail, the commits stand
        assertThat(writer.lastFailure()).isNotNull();
        assertThat(writer.bufferedRevisions()).isEqualTo(3 * BATCH);
        assertReadable(3 * BATCH);
        assertThatThrownBy(() -> commit(3 * BATCH + 1))
                .isInstanceOf(StoreException.class).hasMessageContaining("planted");
        assertThat(writer.bufferedRevisions()).isEqualTo(3 * BATCH);

        sink.toFail.set(0); // the disk is back: everything goes, in order
        flushNow();
        assertThat(sink.written).containsExactlyElementsOf(revisions(3 * BATCH));
        assertThat(sink.mostActive).isEqualTo(1);
    }
}
