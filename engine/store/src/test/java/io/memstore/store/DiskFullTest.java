package io.memstore.store;

import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.queryLong;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A full disk, in every durability mode: the write that fails is absent from the file and the index, every
 * commit before it is there, the store stays readable, writes succeed again once there is space, close succeeds
 * and releases the file, and the file reopens with everything that was committed (DEFERRED: everything flushed;
 * close says how many revisions were lost).
 *
 * <p>Two disks: SQLite's {@code max_page_count} on the store's writer connection, which makes the database
 * "full" anywhere (the CI variant), and a real 8 MiB tmpfs, mounted by the test when it runs as root where
 * {@code mount -t tmpfs} works (skipped elsewhere), filled with a filler file and freed by deleting it.
 */
class DiskFullTest {
    private static final byte[] VALUE = new byte[2000];

    @TempDir
    Path dir;

    /** How the test makes the disk full and frees it again. */
    private interface Disk {
        void fill(MvccStore store) throws IOException;

        void free(MvccStore store) throws IOException;
    }

    private static final class PageLimit implements Disk {
        @Override
        public void fill(MvccStore store) {
            store.backend().maxPageCount(queryLong(store.file(), "PRAGMA page_count") + 3);
        }

        /** The limit belongs to the writer's connection: a closed store has none left. */
        @Override
        public void free(MvccStore store) {
            if (!store.isClosed()) {
                store.backend().maxPageCount(1 << 30);
            }
        }
    }

    private record Tmpfs(Path mount) implements Disk {
        @Override
        public void fill(MvccStore store) throws IOException {
            long free = Files.getFileStore(mount).getUsableSpace();
            try (OutputStream out = Files.newOutputStream(mount.resolve("filler"))) {
                byte[] block = new byte[4096];
                for (long left = free - 96 * 1024; left > 0; left -= block.length) {
                    out.write(block);
                }
            } catch (IOException e) {
                // a background flush took the last 96 KiB meanwhile: the disk is full, as wanted
                if (Files.getFileStore(mount).getUsableSpace() > 0) {
                    throw e;
                }
            }
        }

        @Override
        public void free(MvccStore store) throws IOException {
            Files.deleteIfExists(mount.resolve("filler"));
        }
    }

    @ParameterizedTest
    @EnumSource(Durability.class)
    void aDatabaseAtItsPageLimit(Durability mode) throws IOException {
        run(mode, dir.resolve("full-" + mode + ".db"), new PageLimit(), "max_page_count");
    }

    @ParameterizedTest
    @EnumSource(Durability.class)
    void aFullTmpfs(Durability mode) throws Exception {
        Path mount = Files.createDirectory(dir.resolve("tmpfs"));
        assumeTrue(StoreTestSupport.command("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount.toString()),
                "mount -t tmpfs is not allowed here");
        try {
            run(mode, mount.resolve("store.db"), new Tmpfs(mount), "tmpfs 8 MiB");
        } finally {
            assertThat(StoreTestSupport.command("umount", mount.toString())).as("umount " + mount).isTrue();
        }
    }

    private static void run(Durability mode, Path file, Disk disk, String diskName) throws IOException {
        StoreOptions options = StoreOptions.defaults().durability(mode).batchLimit(20).batchInterval(Duration.ofHours(1));
        TreeMap<String, String> committed = new TreeMap<>();
        List<String> trace = new ArrayList<>();
        long flushed = 0;
        MvccStore store = MvccStore.open(file, options);
        for (int i = 0; i < 50; i++) {
            put(store, committed, "a" + i);
        }
        disk.fill(store);
        // fill until a write is refused
        StoreException first = null;
        int accepted = 0;
        for (int i = 0; i < 100_000 && first == null; i++) {
            try {
                put(store, committed, "b" + i);
                accepted++;
            } catch (StoreException e) {
                first = e;
                assertThat(store.get(b("b" + i))).as("the failed put is not in the index").isNull();
            }
        }
        assertThat(first).as("a write failed on the full disk").isNotNull();
        assertThat(first.getMessage()).contains(file.getFileName().toString());
        long before = store.currentRevision();
        trace.add(String.format("%s %s: %d puts accepted after filling, then refused at revision %d: %s",
                diskName, mode, accepted, before + 1, first.getMessage().replaceAll("\\s+", " ")));
        int refused = 0;
        for (int i = 0; i < 3; i++) {
            try {
                put(store, committed, "c" + i);
            } catch (StoreException e) {
                refused++;
            }
        }
        assertThat(refused).as("further writes on the full disk").isEqualTo(3);
        assertThat(store.currentRevision()).isEqualTo(before);
        assertReads(store, committed);
        if (mode != Durability.DEFERRED) {
            assertThat(Revision.main(queryLong(file, "SELECT max(rev) FROM kv_key"))).as("newest row in the file")
                    .isEqualTo(before);
            assertThat(queryLong(file, "SELECT count(*) FROM kv_key")).as("rows in the file").isEqualTo(committed.size());
        } else {
            assertThat(store.lastFlushFailure()).isNotNull();
        }
        disk.free(store);
        for (int i = 0; i < 30; i++) {
            put(store, committed, "d" + i);
        }
        if (mode == Durability.DEFERRED) {
            store.flush();
            assertThat(store.lastFlushFailure()).isNull();
            flushed = store.currentRevision();
        }
        assertReads(store, committed);
        trace.add(String.format("%s %s: after freeing space 30 puts and %s succeeded, revision %d", diskName, mode,
                mode == Durability.DEFERRED ? "a flush" : "nothing else", store.currentRevision()));
        // full again, then close
        disk.fill(store);
        for (int i = 0; i < 200; i++) {
            try {
                put(store, committed, "e" + i);
            } catch (StoreException e) {
                break;
            }
        }
        long returned = store.currentRevision();
        long lost = 0;
        try {
            store.close();
            trace.add(String.format("%s %s: close on the full disk succeeded at revision %d", diskName, mode, returned));
        } catch (StoreException e) {
            assertThat(mode).as("only DEFERRED loses buffered commits on close: " + e.getMessage())
                    .isEqualTo(Durability.DEFERRED);
            assertThat(e.getMessage()).contains("buffered revisions up to " + returned).contains("are lost");
            lost = Long.parseLong(e.getMessage().replaceAll(".*: (\\d+) buffered revisions.*", "$1"));
            trace.add(String.format("%s %s: close on the full disk reported %d buffered revisions lost (flushed up to %d):"
                    + " %s", diskName, mode, lost, flushed, e.getMessage().replaceAll("\\s+", " ")));
        }
        assertThat(store.isClosed()).isTrue();
        disk.free(store);
        long upTo = returned - lost;
        try (MvccStore reopened = MvccStore.open(file, options)) {
            assertThat(reopened.currentRevision()).as("reopened revision").isEqualTo(upTo);
            assertThat(reopened.currentRevision()).isGreaterThanOrEqualTo(flushed);
            TreeMap<String, String> expected = new TreeMap<>();
            committed.forEach((k, v) -> {
                if (Long.parseLong(v) <= upTo) {
                    expected.put(k, v);
                }
            });
            assertReads(reopened, expected);
            assertThat(StoreTestSupport.all(reopened, reopened.currentRevision()).kvs()).hasSize(expected.size());
            trace.add(String.format("%s %s: reopened at revision %d with all %d keys committed up to it", diskName,
                    mode, reopened.currentRevision(), expected.size()));
        }
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.ok()).as(report.toString()).isTrue();
        trace.forEach(System.out::println);
    }

    /** Puts {@code key} with a 2,000 B value; records the revision the put returned as the key's expected tag. */
    private static void put(MvccStore store, TreeMap<String, String> committed, String key) {
        long rev;
        try (WriteTxn txn = store.write()) {
            txn.put(b(key), VALUE);
            rev = txn.commit();
        }
        committed.put(key, Long.toString(rev));
    }

    private static void assertReads(MvccStore store, TreeMap<String, String> committed) {
        committed.forEach((k, rev) -> {
            KeyValue kv = store.get(b(k));
            assertThat(kv).as("key %s", k).isNotNull();
            assertThat(kv.modRevision()).as("key %s", k).isEqualTo(Long.parseLong(rev));
            assertThat(kv.value()).isEqualTo(VALUE);
        });
    }
}
