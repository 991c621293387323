package io.memstore.store;

import static io.memstore.store.StoreTestSupport.FAST;
import static io.memstore.store.StoreTestSupport.b;
import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.internal.image.IndexImage;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index image ({@link IndexImage}) is used only on the rows it describes. Two copies of one store file that each
 * took other writes after the copy (diverged copies) reach the same revision with the same number of rows; the image
 * of one copied into the other must not be loaded (the open rebuilds the index from the rows), and verify names it.
 * Likewise the image of an unrelated store of the same shape.
 */
class IndexImageForeignTest {
    private static final int KEYS = 200_000;
    private static final int CHANGED = 1_000;

    @TempDir
    Path dir;

    private static String key(int i) {
        return String.format("key/%07d", i);
    }

    /** {@code KEYS} keys with value "base", in transactions of 10,000 puts. */
    private static void fill(MvccStore store, String value) {
        for (int from = 0; from < KEYS; from += 10_000) {
            try (WriteTxn txn = store.write()) {
                for (int i = from; i < from + 10_000; i++) {
                    txn.put(b(key(i)), b(value));
                }
                txn.commit();
            }
        }
    }

    /** Replaces the index image of {@code target} (closed) by that of {@code source} (closed). */
    private static void copyImage(Path source, Path target) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + target); Statement s = c.createStatement()) {
            s.execute("ATTACH DATABASE '" + source + "' AS other");
            s.execute("BEGIN");
            s.execute("DELETE FROM main.index_image");
            s.execute("INSERT INTO main.index_image SELECT part, data FROM other.index_image");
            s.execute("COMMIT");
            s.execute("DETACH DATABASE other");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Copy A overwrites keys 0..999, copy B keys 1000..1999, one put a revision each: both end at the same revision
     * with the same rows, and B's image says A's keys 0..999 still have their values of before the copy. Every get
     * of those keys in A, with B's image copied in, returns A's value.
     */
    @Test
    void theImageOfADivergedCopyIsNotLoaded() {
        Path base = dir.resolve("base.db");
        try (MvccStore store = MvccStore.open(base, FAST)) {
            fill(store, "base");
        }
        Path a = StoreTestSupport.crashCopy(base, dir);
        Path bCopy = StoreTestSupport.crashCopy(base, dir);
        long revisionA;
        long revisionB;
        try (MvccStore store = MvccStore.open(a, FAST)) {
            for (int i = 0; i < CHANGED; i++) {
                store.put(b(key(i)), b("a"));
            }
            revisionA = store.currentRevision();
        }
        try (MvccStore store = MvccStore.open(bCopy, FAST)) {
            for (int i = CHANGED; i < 2 * CHANGED; i++) {
                store.put(b(key(i)), b("b"));
            }
            revisionB = store.currentRevision();
        }
        assertThat(revisionA).isEqualTo(revisionB);
        assertThat(StoreTestSupport.queryLong(a, "SELECT count(*) FROM kv_key"))
                .isEqualTo(StoreTestSupport.queryLong(bCopy, "SELECT count(*) FROM kv_key"));
        assertThat(MvccStore.verify(a).ok()).as("copy A as its own close left it").isTrue();
        copyImage(bCopy, a);

        VerifyReport report = MvccStore.verify(a);
        assertThat(report.damagedRecords()).isEmpty();
        assertThat(report.problems()).as(report.toString()).hasSize(1);
        assertThat(report.problems().get(0)).startsWith("index_image: the index image of revision " + revisionA
                + " does not describe this file's rows");
        System.out.println("verify: " + report.problems().get(0));

        int stale = 0;
        try (MvccStore store = MvccStore.open(a, FAST)) {
            assertThat(store.imageAtOpen()).as("B's image in A").isNull();
            for (int i = 0; i < CHANGED; i++) {
                if (!"a".equals(StoreTestSupport.s(store.get(b(key(i))).value()))) {
                    stale++;
                }
            }
            for (int i = CHANGED; i < 2 * CHANGED; i++) {
                assertThat(StoreTestSupport.s(store.get(b(key(i))).value())).isEqualTo("base");
            }
        }
        System.out.printf("a diverged copy's image at %,d keys: %d stale values in %,d gets%n", KEYS, stale, CHANGED);
        assertThat(stale).isZero();
        assertThat(MvccStore.verify(a).ok()).as("the close wrote A's own image").isTrue();
        try (MvccStore store = MvccStore.open(a, FAST)) {
            assertThat(store.imageAtOpen()).as("A's own image").isNotNull();
        }
    }

    /**
     * The image a checkpoint of copy B wrote before B's last writes, copied into copy A, which has more rows after
     * it: the image covers fewer rows than the file, and the rows after it do not complete it into A's.
     */
    @Test
    void anOlderImageOfADivergedCopyIsNotLoaded() {
        Path base = dir.resolve("base.db");
        try (MvccStore store = MvccStore.open(base, FAST)) {
            for (int i = 0; i < 2_000; i++) {
                store.put(b(key(i)), b("base"));
            }
        }
        Path a = StoreTestSupport.crashCopy(base, dir);
        Path bCopy = StoreTestSupport.crashCopy(base, dir);
        try (MvccStore store = MvccStore.open(a, FAST)) {
            for (int i = 0; i < 200; i++) {
                store.put(b(key(i)), b("a"));
            }
        }
        try (MvccStore store = MvccStore.open(bCopy, FAST)) {
            for (int i = 200; i < 300; i++) {
                store.put(b(key(i)), b("b"));
            }
        }
        copyImage(bCopy, a);
        assertThat(MvccStore.verify(a).problems()).singleElement().asString()
                .contains("does not describe this file's rows: it was made from 2100 rows up to revision 2100.0");
        try (MvccStore store = MvccStore.open(a, FAST)) {
            assertThat(store.imageAtOpen()).isNull();
            for (int i = 0; i < 300; i++) {
                assertThat(StoreTestSupport.s(store.get(b(key(i))).value())).isEqualTo(i < 200 ? "a" : "base");
            }
        }
    }

    /** The image of another store of as many keys and revisions, whose keys are other keys. */
    @Test
    void theImageOfAnotherStoreIsNotLoaded() {
        Path mine = dir.resolve("mine.db");
        Path other = dir.resolve("other.db");
        try (MvccStore a = MvccStore.open(mine, FAST); MvccStore o = MvccStore.open(other, FAST)) {
            for (int i = 0; i < 1_000; i++) {
                a.put(b(key(i)), b("mine"));
                o.put(b(key(i + 1)), b("other"));
            }
        }
        copyImage(other, mine);
        assertThat(MvccStore.verify(mine).problems()).singleElement().asString()
                .startsWith("index_image: the index image of revision 1000 does not describe this file's rows");
        try (MvccStore store = MvccStore.open(mine, FAST)) {
            assertThat(store.imageAtOpen()).isNull();
            assertThat(StoreTestSupport.s(store.get(b(key(0))).value())).isEqualTo("mine");
            assertThat(store.get(b(key(1_000)))).isNull();
        }
    }
}
