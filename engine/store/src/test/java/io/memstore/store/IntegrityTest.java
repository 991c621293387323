package io.memstore.store;

import static io.memstore.store.StoreTestSupport.FAST;
import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.queryLong;
import static io.memstore.store.StoreTestSupport.s;
import static io.memstore.store.StoreTestSupport.sha256;
import static io.memstore.store.StoreTestSupport.sql;
import static io.memstore.store.StoreTestSupport.sqlBehind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.memstore.store.internal.sqlite.KeyEntry;
import io.memstore.store.internal.sqlite.RecordChecksum;
import io.memstore.store.internal.sqlite.SqliteConnections;
import io.memstore.store.internal.sqlite.StoreSchema;
import io.memstore.store.internal.sqlite.ValueRecord;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wrong data is never returned silently: a record whose contents no longer match its checksum is refused on every
 * read (a value record, a key record) and on open (a key record, which the open reads; values it does not read), naming
 * the file, the key and the revision; {@link MvccStore#verify} lists every damaged record
 * and every other problem; a write-ahead log damaged before its last commit is refused rather than dropped.
 */
class IntegrityTest {
    @TempDir
    Path dir;

    /** 20 keys k00..k19, one revision each, values v00..v19; revision of key i is i + 1. */
    private Path store(String name) {
        Path file = dir.resolve(name);
        try (MvccStore store = MvccStore.open(file, FAST)) {
            for (int i = 0; i < 20; i++) {
                store.put(b(String.format("k%02d", i)), b(String.format("v%02d", i)));
            }
        }
        // without the index image the close wrote, so that the open reads every key record, as the tests of the
        // open's checks need (an open from an image reads only the key records after it: IndexImageReopenTest)
        sql(file, "DELETE FROM index_image");
        return file;
    }

    private static long rev(int main) {
        return Revision.pack(main, 0);
    }

    @Test
    void aDamagedKeyRecordIsRefusedOnOpenNamingFileKeyAndRevision() {
        Path file = store("key.db");
        sql(file, "UPDATE kv_key SET entry = " + spliced(-3, 3, "6b3939") + " WHERE rev = " + rev(8)); // "k99", not "k07"
        String hash = sha256(file);
        assertThatThrownBy(() -> MvccStore.open(file, FAST)).isInstanceOf(StoreCorruptionException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("key \"k99\"")
                .hasMessageContaining("revision 8.0").hasMessageContaining("fails its checksum")
                .satisfies(e -> assertThat(((StoreCorruptionException) e).revision()).isEqualTo(rev(8)));
        assertThat(sha256(file)).isEqualTo(hash);
    }

    /**
     * An open from the index image reads only the key records after it: a damaged key record the image covers is found
     * where it is read (a range, verify), and a get, which reads the value record alone, still returns only a value
     * whose record checks against the index.
     */
    @Test
    void aDamagedKeyRecordUnderTheImageIsFoundWhereItIsRead() {
        Path file = dir.resolve("image.db");
        try (MvccStore store = MvccStore.open(file, FAST)) {
            for (int i = 0; i < 20; i++) {
                store.put(b(String.format("k%02d", i)), b(String.format("v%02d", i)));
            }
        }
        sql(file, "UPDATE kv_key SET entry = " + spliced(-3, 3, "6b3939") + " WHERE rev = " + rev(8));
        try (MvccStore store = MvccStore.open(file, FAST)) {
            assertThat(store.imageAtOpen()).isNotNull();
            assertThat(s(store.get(b("k07")).value())).isEqualTo("v07");
            assertThatThrownBy(() -> store.range(b("k"), new byte[0])).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining("revision 8.0").hasMessageContaining("fails its checksum");
        }
        assertThat(MvccStore.verify(file).damagedRecords()).extracting(VerifyReport.DamagedRecord::revision)
                .containsExactly(rev(8));
    }

    @Test
    void aDamagedValueIsRefusedWhenReadAndByVerifyNamingFileKeyAndRevision() {
        Path file = store("value.db");
        sql(file, "UPDATE kv_value SET value = " + valueSpliced("7630") + " WHERE rev = " + rev(8)); // "v0", not "v07"
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.damagedRecords()).singleElement().satisfies(r -> {
            assertThat(r.revision()).isEqualTo(rev(8));
            assertThat(s(r.key())).isEqualTo("k07");
            assertThat(r.problem()).contains("value that fails its checksum");
        });
        try (MvccStore store = MvccStore.open(file, FAST)) { // the open reads no value
            assertThatThrownBy(() -> store.get(b("k07"))).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining(file.getFileName().toString()).hasMessageContaining("key \"k07\"")
                    .hasMessageContaining("revision 8.0").hasMessageContaining("value that fails its checksum")
                    .satisfies(e -> assertThat(((StoreCorruptionException) e).revision()).isEqualTo(rev(8)));
            assertThat(s(store.get(b("k06")).value())).isEqualTo("v06");
        }
    }

    @Test
    void aMissingValueRecordIsDamageNotAMissingKey() {
        Path file = store("novalue.db");
        sql(file, "DELETE FROM kv_value WHERE rev = " + rev(8));
        assertThatThrownBy(() -> MvccStore.open(file, FAST)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("kv_value holds 19 rows where 20 were written");
        assertThat(MvccStore.verify(file).damagedRecords()).singleElement()
                .satisfies(r -> assertThat(r.problem()).contains("has no value row"));
        Path second = store("novalue2.db");
        try (MvccStore store = MvccStore.open(second, FAST)) {
            sqlBehind(store, second, "DELETE FROM kv_value WHERE rev = " + rev(8));
            assertThatThrownBy(() -> store.get(b("k07"))).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining("key \"k07\"").hasMessageContaining("has no value row in kv_value");
        }
    }

    @Test
    void aValueRecordMovedToAnotherRevisionIsFound() {
        Path file = store("moved.db");
        sql(file, "UPDATE kv_value SET rev = " + rev(30) + " WHERE rev = " + rev(8));
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.damagedRecords()).extracting(VerifyReport.DamagedRecord::revision).containsExactly(rev(8));
        assertThat(report.problems()).anySatisfy(p -> assertThat(p).contains("1 kv_value rows have no kv_key row"));
    }

    @Test
    void everyReadChecksTheRecordItReturns() {
        Path file = store("read.db");
        try (MvccStore store = MvccStore.open(file, FAST)) {
            assertThat(s(store.get(b("k03")).value())).isEqualTo("v03");
            // damage behind the store's back, as a disk would: the next read of that record must not return it
            sqlBehind(store, file, "UPDATE kv_value SET value = " + valueSpliced("7878") + " WHERE rev = " + rev(4));
            assertThatThrownBy(() -> store.get(b("k03"))).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining(file.getFileName().toString()).hasMessageContaining("key \"k03\"")
                    .hasMessageContaining("revision 4.0");
            assertThatThrownBy(() -> store.range(b("k"), new byte[0])).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining("key \"k03\"");
            assertThatThrownBy(() -> store.get(b("k03"), 10)).isInstanceOf(StoreCorruptionException.class);
            // the other records still read, and writes go on
            assertThat(s(store.get(b("k04")).value())).isEqualTo("v04");
            assertThat(store.put(b("k03"), b("new"))).isEqualTo(21);
            assertThat(s(store.get(b("k03")).value())).isEqualTo("new");
        }
    }

    /**
     * A get reads the value record of the revision the index holds, and nothing else: the key record may go behind the
     * store's back and the get still answers, with the fields the index holds; a value record copied from another
     * change, checksum and all, is refused, since that checksum covers its own change's key and fields.
     */
    @Test
    void aGetReadsTheValueRecordAloneAndChecksItAgainstTheIndex() {
        Path file = store("one-row.db");
        try (MvccStore store = MvccStore.open(file, FAST)) {
            store.put(b("k03"), b("second"));
            KeyValue before = store.get(b("k03"));
            sqlBehind(store, file, "DELETE FROM kv_key WHERE rev = " + rev(21));
            assertThat(store.get(b("k03"))).isEqualTo(before);
            assertThat(before.createRevision()).isEqualTo(4);
            assertThat(before.modRevision()).isEqualTo(21);
            assertThat(before.version()).isEqualTo(2);
            assertThatThrownBy(() -> store.range(b("k03"), b("k04"))).isInstanceOf(StoreException.class);

            sqlBehind(store, file, "UPDATE kv_value SET value = (SELECT value FROM kv_value WHERE rev = " + rev(10)
                    + ") WHERE rev = " + rev(8));
            assertThatThrownBy(() -> store.get(b("k07"))).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining("key \"k07\"").hasMessageContaining("revision 8.0")
                    .hasMessageContaining("value that fails its checksum");
            assertThat(s(store.get(b("k09")).value())).isEqualTo("v09");
        }
    }

    /**
     * SQL for a kv_key entry ({@link KeyEntry}) with {@code length} bytes from byte {@code from} (0-based; negative
     * counts from the end) replaced by the bytes of {@code hex}.
     */
    private static String spliced(int from, int length, String hex) {
        String start = from >= 0 ? String.valueOf(from) : "length(entry) - " + -from;
        return "CAST(substr(entry, 1, " + start + ") || x'" + hex + "' || substr(entry, " + start + " + " + (length + 1)
                + ") AS BLOB)";
    }

    /**
     * SQL for a kv_value record ({@link ValueRecord}) whose value is replaced by the bytes of {@code hex}, its checksum
     * kept.
     */
    private static String valueSpliced(String hex) {
        return "CAST(substr(value, 1, " + RecordChecksum.BYTES + ") || x'" + hex + "' AS BLOB)";
    }

    @Test
    void aRecordOfOtherFieldsOrChecksumChangedIsRefused() {
        // the entry of k04's first put at revision 5: checksum (4 B), version 1, distance to create_rev 0, "k04"
        String[] damage = {
            "UPDATE kv_key SET entry = " + spliced(-3, 3, "6b3938") + " WHERE rev = " + rev(5), // another key
            "UPDATE kv_key SET entry = " + spliced(4, 1, "02") + " WHERE rev = " + rev(5),      // version 2
            "UPDATE kv_key SET entry = " + spliced(5, 1, "04") + " WHERE rev = " + rev(5),      // another create_rev
            "UPDATE kv_key SET entry = CAST(substr(entry, 1, 3) || CASE WHEN substr(entry, 4, 1) = x'00' THEN x'01'"
                    + " ELSE x'00' END || substr(entry, 5) AS BLOB) WHERE rev = " + rev(5),    // the checksum itself
            "UPDATE kv_key SET rev = " + rev(5) + " + 1 WHERE rev = " + rev(5), // moved to another revision
        };
        for (int i = 0; i < damage.length; i++) {
            Path file = store("col" + i + ".db");
            sql(file, damage[i]);
            assertThatThrownBy(() -> MvccStore.open(file, FAST)).as(damage[i])
                    .isInstanceOf(StoreCorruptionException.class).hasMessageContaining("fails its checksum");
        }
    }

    @Test
    void verifyReportsEveryDamagedRecordAndMissingRecords() {
        Path file = store("verify.db");
        VerifyReport clean = MvccStore.verify(file);
        assertThat(clean.ok()).as(clean.toString()).isTrue();
        assertThat(clean.recordsChecked()).isEqualTo(20);
        sql(file, "UPDATE kv_value SET value = " + valueSpliced("00") + " WHERE rev IN (" + rev(3) + ", " + rev(11) + ", "
                + rev(17) + ")",
                "DELETE FROM kv_key WHERE rev = " + rev(6), "DELETE FROM kv_value WHERE rev = " + rev(6));
        String hash = sha256(file);
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.ok()).isFalse();
        assertThat(report.recordsChecked()).isEqualTo(19);
        assertThat(report.damagedRecords()).extracting(VerifyReport.DamagedRecord::revision)
                .containsExactly(rev(3), rev(11), rev(17));
        assertThat(report.damagedRecords()).extracting(r -> s(r.key())).containsExactly("k02", "k10", "k16");
        assertThat(report.problems()).anySatisfy(p -> assertThat(p).contains("holds 19 rows where 20 were written"));
        assertThat(report.toString()).contains("revision 11.0, key \"k10\": has a value that fails its checksum");
        assertThat(sha256(file)).as("verify changes nothing").isEqualTo(hash);
        assertThat(Files.exists(SqliteConnections.sideFile(file, "-wal"))).isFalse();
    }

    @Test
    void recordsThatADamagedPageNoLongerReachesAreFoundByTheRecordCount() {
        Path file = store("count.db");
        sql(file, "DELETE FROM kv_key WHERE rev = " + rev(6), "DELETE FROM kv_value WHERE rev = " + rev(6));
        assertThatThrownBy(() -> MvccStore.open(file, FAST)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("holds 19 rows where 20 were written");
    }

    @Test
    void verifyOfAFileThatIsNoStoreReportsIt() throws IOException {
        Path file = dir.resolve("text.db");
        Files.writeString(file, "hello");
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.ok()).isFalse();
        assertThat(report.problems()).singleElement().asString().contains("not an SQLite database");
        assertThatThrownBy(() -> MvccStore.verify(dir.resolve("none.db"))).hasMessageContaining("no such file");
    }

    @Test
    void aLogDamagedBeforeItsLastCommitIsRefused() throws IOException {
        Path file = dir.resolve("wal.db");
        Path copy;
        try (MvccStore store = MvccStore.open(file, FAST)) {
            for (int i = 0; i < 10; i++) {
                store.put(b("w" + i), b("value " + i));
            }
            copy = StoreTestSupport.crashCopy(file, dir);
        }
        Path wal = SqliteConnections.sideFile(copy, "-wal");
        assertThat(Files.size(wal)).as("the copy has a log of several frames").isGreaterThan(4L * StoreSchema.PAGE_SIZE);
        Path intact = StoreTestSupport.crashCopy(copy, dir);
        try (RandomAccessFile raf = new RandomAccessFile(wal.toFile(), "rw")) {
            long at = 32 + 24 + 100; // inside the first frame's page
            raf.seek(at);
            int v = raf.read();
            raf.seek(at);
            raf.write(v ^ 0x10);
        }
        String hash = sha256(wal);
        assertThatThrownBy(() -> MvccStore.open(copy, FAST)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining(copy.toString()).hasMessageContaining("write-ahead log")
                .hasMessageContaining("frame 1 ").hasMessageContaining("would drop the committed transactions");
        assertThat(sha256(wal)).isEqualTo(hash);
        assertThat(MvccStore.verify(copy).problems()).anySatisfy(p -> assertThat(p).contains("frame 1 "));
        try (MvccStore store = MvccStore.open(intact, FAST)) {
            assertThat(store.currentRevision()).as("the undamaged copy recovers every commit").isEqualTo(10);
        }
        assertThat(queryLong(intact, "SELECT count(*) FROM kv_key")).isEqualTo(10);
    }
}
