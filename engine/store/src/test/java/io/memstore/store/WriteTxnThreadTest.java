package io.memstore.store;

import static io.memstore.store.StoreTestSupport.FAST;
import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write transaction belongs to the thread that opened it: another thread's use or close is refused with a
 * message naming the owner, changes nothing, and never leaves the writer lock held.
 */
class WriteTxnThreadTest {
    @TempDir
    Path dir;

    @Test
    void anotherThreadCannotUseOrCloseTheTransaction() throws Exception {
        ExecutorService other = Executors.newSingleThreadExecutor(r -> new Thread(r, "intruder"));
        String name = Thread.currentThread().getName();
        try (MvccStore store = MvccStore.open(dir.resolve("t.db"), FAST)) {
            Thread.currentThread().setName("owner-thread");
            WriteTxn txn = store.write();
            txn.put(b("a"), b("1"));
            for (String op : new String[] {"close", "commit", "put", "deleteRange"}) {
                Throwable t = other.submit(() -> {
                    try {
                        switch (op) {
                            case "close" -> txn.close();
                            case "commit" -> txn.commit();
                            case "put" -> txn.put(b("b"), b("2"));
                            default -> txn.deleteRange(b("a"), null);
                        }
                        return null;
                    } catch (RuntimeException e) {
                        return e;
                    }
                }).get(10, TimeUnit.SECONDS);
                assertThat(t).as(op).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("belongs to thread \"owner-thread\"")
                        .hasMessageContaining("from thread \"intruder\"");
            }
            // still the owner's, still usable, and its commit releases the lock for the other thread
            txn.put(b("c"), b("3"));
            assertThat(txn.commit()).isEqualTo(1);
            assertThat(other.submit(() -> store.put(b("d"), b("4"))).get(10, TimeUnit.SECONDS)).isEqualTo(2);
            assertThat(s(store.get(b("a")).value())).isEqualTo("1");
            assertThat(store.get(b("b"))).isNull();
        } finally {
            Thread.currentThread().setName(name);
            other.shutdownNow();
        }
    }

    @Test
    void theOwnersCloseAfterARefusedCloseReleasesTheWriterLock() throws Exception {
        ExecutorService other = Executors.newSingleThreadExecutor();
        try (MvccStore store = MvccStore.open(dir.resolve("u.db"), FAST)) {
            WriteTxn txn = store.write();
            txn.put(b("a"), b("1"));
            Future<?> refused = other.submit(txn::close);
            assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> refused.get(10, TimeUnit.SECONDS)))
                    .hasCauseInstanceOf(IllegalStateException.class);
            Future<Long> waiting = other.submit(() -> store.put(b("x"), b("y")));
            try {
                waiting.get(300, TimeUnit.MILLISECONDS);
                throw new AssertionError("a put ran while the owner held the writer lock");
            } catch (TimeoutException expected) {
                // the owner still holds the lock
            }
            txn.close();
            assertThat(waiting.get(10, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(store.get(b("a"))).as("the closed transaction was discarded").isNull();
        } finally {
            other.shutdownNow();
        }
    }
}
