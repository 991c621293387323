package io.memstore.store;

import static io.memstore.store.StoreTestSupport.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.memstore.store.internal.image.IndexImage;
import io.memstore.store.internal.sqlite.RecordChecksum;
import io.memstore.store.internal.sqlite.SqliteConnections;
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
 * rebuilds the index from the records), so verify must name it. A bit is flipped inside an image part's bytes in the
 * file itself (found by its contents, so the flip lands in the part and not in SQLite's page structure, which
 * SQLite's own integrity check would report), and verify reports {@code index_image} and what is wrong, while the
 * records are all intact; an image merely older than the records is no finding.
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
        assertThat(report.damagedRecords()).as(report.toString()).isEmpty();
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
        assertThat(report.damagedRecords()).as(report.toString()).isEmpty();
        assertThat(report.problems()).as(report.toString()).hasSize(1);
        assertThat(report.problems().get(0)).startsWith("index_image: the index image's header (part 0, "
                + (RecordChecksum.BYTES + 8 * IndexImage.IMAGE_FIELDS) + " B) fails its checksum");
    }

    @Test
    void aMissingPartIsReported() {
        StoreTestSupport.sql(file, "DELETE FROM index_image WHERE part = 1");
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.problems()).as(report.toString()).singleElement().asString()
                .startsWith("index_image: the index image of revision 300 lacks part 1 of ");
    }

    /**
     * A header whose checksum passes but whose totals of key suffixes and coded words are not what its parts hold
     * (the slabs an open reads the leaves into are sized from them): verify reports it, an open rebuilds instead.
     */
    @Test
    void aHeaderWhoseTotalsDisagreeWithItsPartsIsReported() throws SQLException {
        byte[] part0;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT data FROM index_image WHERE part = 0")) {
            assertThat(rs.next()).isTrue();
            part0 = rs.getBytes(1);
        }
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        IndexImage.Header h = IndexImage.header(part0, crc);
        long[] f = h.fields();
        f[f.length - 2] += 64; // the suffixes' total
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(part0).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.position(RecordChecksum.BYTES);
        for (long v : f) {
            b.putLong(v);
        }
        RecordChecksum.store(part0, IndexImage.checksum(crc, 0, h, part0, part0.length));
        assertThat(IndexImage.header(part0, crc)).as("a header whose checksum passes").isNotNull();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.PreparedStatement p = c.prepareStatement("UPDATE index_image SET data = ? WHERE part = 0")) {
            p.setBytes(1, part0);
            assertThat(p.executeUpdate()).isOne();
        }
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.damagedRecords()).as(report.toString()).isEmpty();
        assertThat(report.problems()).as(report.toString()).singleElement().asString()
                .startsWith("index_image: the index image of revision 300: header totals (" + f[f.length - 2]
                        + " B of suffixes, ").hasSizeLessThanOrEqualTo(160);
        try (MvccStore store = MvccStore.open(file, FAST)) {
            assertThat(store.imageAtOpen()).as("the open does not load the image").isNull();
            assertThat(store.index().keyCount()).isEqualTo(30_000);
        }
    }

    /** A checkpoint's image, then writes that a crash leaves in the file: the image is older, not damaged. */
    @Test
    void anImageOlderThanTheRecordsIsNoFinding() {
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
