package io.memstore.store;

import static io.memstore.store.StoreTestSupport.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MvccStore#verify} on a file whose index image is damaged: an open ignores such an image without a word (it
 * rebuilds the index from the rows), so verify must name it. A bit is flipped inside an image part's bytes in the
 * file itself (found by its contents, so the flip lands in the part and not in SQLite's page structure, which
 * SQLite's own integrity check would report), and verify reports {@code index_image} and what is wrong, while the
 * rows are all intact; an image merely older than the rows is no finding.
 */
class IndexImageVerifyTest {
    @TempDir
    Path dir;

    private Path file;

    /** A closed store with an image of two leaf parts and a header. */
    @BeforeEach
    void closedStoreWithImage() {
        file = dir.resolve("image.db");
        Random rnd = new Random(5);
        try (MvccStore store = MvccStore.open(file, FAST)) {
            for (int t = 0; t < 300; t++) {
                try (WriteTxn txn = store.write()) {
                    for (int i = 0; i < 100; i++) {
                        byte[] key = new byte[48];
                        rnd.nextBytes(key);
                        txn.put(key, new byte[] {(byte) i});
                    }
                    txn.commit();
                }
            }
        }
        assertThat(SqliteConnections.sizeOf(SqliteConnections.sideFile(file, "-wal"))).as("log left by the close")
                .isZero();
        assertThat(StoreTestSupport.queryLong(file, "SELECT count(*) FROM index_image")).as("image parts")
                .isGreaterThanOrEqualTo(3);
    }

    @Test
    void anIntactImageIsNoFinding() {
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.ok()).as(report.toString()).isTrue();
    }

    @Test
    void aFlippedBitInALeafPartIsReportedWithTheTableAndThePart() throws IOException {
        flipInside(2, 700);
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.damagedRows()).as(report.toString()).isEmpty();
        assertThat(report.problems()).as(report.toString()).hasSize(1);
        assertThat(report.problems().get(0)).startsWith("index_image: the index image of revision 300: part 2 of ")
                .contains("fails its checksum").contains("rebuilds the index from the rows").hasSizeLessThanOrEqualTo(160);
        try (MvccStore store = MvccStore.open(file, FAST)) {
            assertThat(store.imageAtOpen()).as("the open ignores the damaged image").isNull();
            assertThat(store.index().keyCount()).isEqualTo(30_000);
        }
    }

    @Test
    void aFlippedBitInTheHeaderIsReported() throws IOException {
        flipInside(0, 20);
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.damagedRows()).as(report.toString()).isEmpty();
        assertThat(report.problems()).as(report.toString()).hasSize(1);
        assertThat(report.problems().get(0)).startsWith("index_image: the index image's header (part 0, 76 B) fails"
                + " its checksum");
    }

    @Test
    void aMissingPartIsReported() {
        StoreTestSupport.sql(file, "DELETE FROM index_image WHERE part = 1");
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.problems()).as(report.toString()).singleElement().asString()
                .startsWith("index_image: the index image of revision 300 lacks part 1 of ");
    }

    /** A checkpoint's image, then writes that a crash leaves in the file: the image is older, not damaged. */
    @Test
    void anImageOlderThanTheRowsIsNoFinding() {
        Path older = dir.resolve("older.db");
        Path crashed;
        try (MvccStore store = MvccStore.open(older, FAST)) {
            for (int i = 0; i < 200; i++) {
                store.put(StoreTestSupport.b("key/" + i), new byte[] {1});
            }
            store.checkpoint();
            for (int i = 0; i < 50; i++) {
                store.put(StoreTestSupport.b("key/" + i), new byte[] {2});
            }
            crashed = StoreTestSupport.crashCopy(older, dir);
        }
        VerifyReport report = MvccStore.verify(crashed);
        assertThat(report.ok()).as(report.toString()).isTrue();
        assertThat(StoreTestSupport.queryLong(crashed, "SELECT count(*) FROM index_image")).isPositive();
    }

    /**
     * Flips one bit of image part {@code part}, {@code at} bytes into its data, in the file: the 32 B there are found
     * in the file (once, or the test cannot say where the part is) and the bit is flipped in the middle of them.
     */
    private void flipInside(int part, int at) throws IOException {
        byte[] data;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT data FROM index_image WHERE part = " + part)) {
            assertThat(rs.next()).as("part %d", part).isTrue();
            data = rs.getBytes(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        byte[] window = Arrays.copyOfRange(data, at, at + 32);
        byte[] bytes = Files.readAllBytes(file);
        int found = -1;
        for (int i = 0; i + window.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + window.length, window, 0, window.length)) {
                assertThat(found).as("the bytes of part %d at %d occur once in the file", part, at).isEqualTo(-1);
                found = i;
            }
        }
        assertThat(found).as("the bytes of part %d at %d in the file", part, at).isNotNegative();
        bytes[found + 16] ^= 0x08;
        Files.write(file, bytes);
    }
}
