package io.memstore.bench;

import io.memstore.store.Durability;
import io.memstore.store.MvccStore;
import io.memstore.store.StoreOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The write-ahead log and the reads while the writer works, for {@code ProcessFigures reads-beside-writer}. One
 * thread puts values of {@link #VALUE_SIZE} B over {@link #KEYS} keys, in rounds that alternate between the writer
 * alone and the writer with a second thread getting those keys without a pause. A read connection's snapshot keeps
 * SQLite from copying the log's later frames into the database and from starting the log over, so what a reader
 * costs the writer shows in the log's size: the largest {@code -wal} file seen (sampled every 16 puts) and whether
 * {@link MvccStore#checkpoint()} (which truncates the log and waits for readers up to the busy timeout) succeeds
 * once the puts are in, and how long it takes. Each round has a fresh store file in a temporary directory, deleted
 * afterwards.
 */
final class ReadsBesideWriter {
    static final int KEYS = 100;
    static final int VALUE_SIZE = 16 * 1024;
    private static final int SAMPLE_EVERY = 16;

    /** One round: with or without the reader, the largest log seen, the puts' time, the gets done meanwhile. */
    record Round(boolean reader, long largestLog, long writeNanos, long gets, boolean checkpointed,
            long checkpointNanos) {
    }

    private ReadsBesideWriter() {
    }

    /**
     * Runs {@code rounds} rounds of {@code puts} puts, the first without the reader, then alternating, and prints
     * each and the means of each kind.
     */
    static List<Round> measure(Durability durability, int puts, int rounds, PrintStream out) {
        out.printf(Locale.ROOT, "%s: %,d puts of %,d B over %d keys per round, the log sampled every %d puts%n",
                durability, puts, VALUE_SIZE, KEYS, SAMPLE_EVERY);
        List<Round> all = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            Round r = round(durability, puts, i % 2 == 1);
            all.add(r);
            out.println(line(i, r, puts));
        }
        for (boolean reader : new boolean[] {false, true}) {
            List<Round> kind = all.stream().filter(r -> r.reader() == reader).toList();
            if (!kind.isEmpty()) {
                out.printf(Locale.ROOT, "%s: %d round%s, largest log at most %.1f MB, writes %,.0f ms on average,"
                        + " %d of %d checkpoints succeeded%s%n", label(reader), kind.size(),
                        kind.size() == 1 ? "" : "s",
                        kind.stream().mapToLong(Round::largestLog).max().orElseThrow() / 1e6,
                        kind.stream().mapToLong(Round::writeNanos).average().orElseThrow() / 1e6,
                        kind.stream().filter(Round::checkpointed).count(), kind.size(),
                        reader ? String.format(Locale.ROOT, ", %,.0f gets/s beside the writer on average",
                                kind.stream().mapToDouble(r -> r.gets() * 1e9 / r.writeNanos()).average()
                                        .orElseThrow()) : "");
            }
        }
        return all;
    }

    static String line(int index, Round r, int puts) {
        return String.format(Locale.ROOT, "%s round %d: writes %,d ms (%,.0f puts/s), largest log %.1f MB, %s,"
                + " checkpoint %s in %,d ms", label(r.reader()), index, r.writeNanos() / 1_000_000,
                puts * 1e9 / r.writeNanos(), r.largestLog() / 1e6,
                r.reader() ? String.format(Locale.ROOT, "%,d gets beside", r.gets()) : "no reader",
                r.checkpointed() ? "done" : "FAILED", r.checkpointNanos() / 1_000_000);
    }

    private static String label(boolean reader) {
        return reader ? "with reader" : "alone      ";
    }

    static Round round(Durability durability, int puts, boolean withReader) {
        Path dir;
        try {
            dir = Files.createTempDirectory("memstore-reads-beside-writer-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path file = dir.resolve("store.db");
        Path log = dir.resolve("store.db-wal");
        byte[][] keys = new byte[KEYS][];
        for (int k = 0; k < KEYS; k++) {
            keys[k] = String.format(Locale.ROOT, "key-%03d", k).getBytes(StandardCharsets.US_ASCII);
        }
        byte[] value = new byte[VALUE_SIZE];
        try (MvccStore store = MvccStore.open(file, StoreOptions.defaults().durability(durability))) {
            for (byte[] key : keys) {
                store.put(key, value);
            }
            store.flush();
            AtomicBoolean done = new AtomicBoolean();
            AtomicLong gets = new AtomicLong();
            AtomicReference<RuntimeException> failure = new AtomicReference<>();
            Thread reader = new Thread(() -> {
                try {
                    for (long n = 0; !done.get(); n++) {
                        store.get(keys[(int) (n % KEYS)]);
                        gets.incrementAndGet();
                    }
                } catch (RuntimeException e) {
                    failure.set(e);
                }
            }, "reads-beside-writer");
            if (withReader) {
                reader.start();
            }
            long largest = 0;
            long start = System.nanoTime();
            for (int i = 0; i < puts; i++) {
                value[0] = (byte) i;
                store.put(keys[i % KEYS], value);
                if (i % SAMPLE_EVERY == 0) {
                    largest = Math.max(largest, size(log));
                }
            }
            store.flush();
            long writeNanos = System.nanoTime() - start;
            largest = Math.max(largest, size(log));
            long checkpointStart = System.nanoTime();
            boolean checkpointed = store.checkpoint();
            long checkpointNanos = System.nanoTime() - checkpointStart;
            done.set(true);
            reader.join();
            if (failure.get() != null) {
                throw new IllegalStateException("a get beside the writer failed", failure.get());
            }
            return new Round(withReader, largest, writeNanos, gets.get(), checkpointed, checkpointNanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the reader finished", e);
        } finally {
            delete(dir);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // between a checkpoint's truncation and the next write, or before the first
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
