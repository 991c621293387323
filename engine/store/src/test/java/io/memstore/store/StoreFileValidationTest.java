package io.memstore.store;

import static io.memstore.store.StoreTestSupport.FAST;
import static io.memstore.store.StoreTestSupport.b;
import static io.memstore.store.StoreTestSupport.sha256;
import static io.memstore.store.StoreTestSupport.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.memstore.store.internal.sqlite.KeyEntry;
import io.memstore.store.internal.sqlite.RecordChecksum;
import io.memstore.store.internal.sqlite.SqliteConnections;
import io.memstore.store.internal.sqlite.StoreSchema;
import io.memstore.store.internal.sqlite.ValueRecord;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Opening refuses files that are not stores of this version, says why and which file, and leaves the file
 * (and the directory) as it found them.
 */
class StoreFileValidationTest {
    @TempDir
    Path dir;

    private Path storeWithRecords(String name, int records, int valueSize) {
        Path file = dir.resolve(name);
        try (MvccStore store = MvccStore.open(file, FAST)) {
            try (WriteTxn txn = store.write()) {
                for (int i = 0; i < records; i++) {
                    txn.put(b(String.format("key%05d", i)), new byte[valueSize]);
                }
                txn.commit();
            }
            store.deleteRange(b("key00001"), null);
        }
        // without the index image the close wrote, so that the open reads every record, as these tests need
        // (an open from an image reads only the key records after it: IndexImageReopenTest)
        sql(file, "DELETE FROM index_image");
        return file;
    }

    /** Opening {@code file} fails with a StoreFormatException naming it; file and directory stay unchanged. */
    private AbstractThrowableAssert<?, ? extends Throwable> refusedUnchanged(Path file) {
        String hash = sha256(file);
        List<String> listing = listing();
        AbstractThrowableAssert<?, ? extends Throwable> a = assertThatThrownBy(() -> MvccStore.open(file, FAST))
                .isInstanceOf(StoreFormatException.class)
                .hasMessageContaining(file.toString());
        assertThat(sha256(file)).as("file bytes").isEqualTo(hash);
        assertThat(listing()).as("directory").isEqualTo(listing);
        return a;
    }

    private List<String> listing() {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void randomBytes() throws IOException {
        Path file = dir.resolve("random.bin");
        byte[] junk = new byte[10_000];
        new Random(1).nextBytes(junk);
        Files.write(file, junk);
        refusedUnchanged(file).hasMessageContaining("not an SQLite database");
    }

    @Test
    void shortTextFile() throws IOException {
        Path file = dir.resolve("notes.txt");
        Files.writeString(file, "hello");
        refusedUnchanged(file).hasMessageContaining("not an SQLite database").hasMessageContaining("5 B");
    }

    @Test
    void someoneElsesSqliteDatabase() {
        Path file = dir.resolve("people.db");
        sql(file, "CREATE TABLE people (name TEXT)", "INSERT INTO people VALUES ('ada')");
        refusedUnchanged(file).hasMessageContaining("application_id 0x00000000");
    }

    @Test
    void someoneElsesDatabaseInWalMode() {
        Path file = dir.resolve("wal.db");
        sql(file, "PRAGMA journal_mode = WAL", "CREATE TABLE t (x)", "INSERT INTO t VALUES (1)");
        refusedUnchanged(file).hasMessageContaining("not a memstore file");
    }

    /**
     * A real SQLite file with memstore's application_id and another user_version: refused, naming the file, both
     * versions and what to do, with its bytes unchanged. The tables are those of format version 4, as plain SQL
     * wrote them (the version is refused before any table is read).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4, 6})
    void anOlderPreReleaseFormatVersion(int version) {
        Path file = dir.resolve("v" + version + ".db");
        sql(file, "PRAGMA page_size = 16384", "PRAGMA application_id = " + StoreSchema.APPLICATION_ID,
                "PRAGMA user_version = " + version, "PRAGMA journal_mode = WAL",
                "CREATE TABLE kv_key (rev INTEGER PRIMARY KEY, key BLOB NOT NULL, create_rev INTEGER NOT NULL,"
                        + " version INTEGER NOT NULL, crc INTEGER NOT NULL)",
                "CREATE TABLE kv_value (rev INTEGER PRIMARY KEY, value BLOB NOT NULL)",
                "CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
                "INSERT INTO meta VALUES ('format_version', " + version + "), ('current_revision', 1),"
                        + " ('scheduled_compaction', 0), ('finished_compaction', 0), ('row_count', 1)",
                "INSERT INTO kv_key VALUES (" + Revision.pack(1, 0) + ", x'6b', " + Revision.pack(1, 0) + ", 1, 7)",
                "INSERT INTO kv_value VALUES (" + Revision.pack(1, 0) + ", x'76')");
        refusedUnchanged(file).hasMessage(file + " has format version " + version + ", a pre-release format; this"
                + " memstore reads format version " + StoreSchema.FORMAT_VERSION + " only: re-create the store, or copy"
                + " its data into a new one with the memstore that wrote it; the file was not modified");
        String hash = sha256(file);
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.ok()).isFalse();
        assertThat(report.problems()).singleElement().asString().contains("has format version " + version + ",");
        assertThat(sha256(file)).as("file bytes after verify").isEqualTo(hash);
    }

    @Test
    void aNewerFormatVersion() {
        Path file = storeWithRecords("newer.db", 10, 10);
        int newer = StoreSchema.FORMAT_VERSION + 1;
        sql(file, "PRAGMA user_version = " + newer);
        refusedUnchanged(file).hasMessage(file + " has format version " + newer + ", written by a newer memstore;"
                + " this memstore reads format version " + StoreSchema.FORMAT_VERSION + " only: open it with a"
                + " memstore that reads version " + newer + "; the file was not modified");
    }

    @Test
    void headerAndMetaDisagreeOnTheVersion() {
        Path file = storeWithRecords("meta-version.db", 10, 10);
        int other = StoreSchema.FORMAT_VERSION + 1;
        sql(file, "UPDATE meta SET value = " + other + " WHERE name = 'format_version'");
        refusedUnchanged(file).hasMessageContaining("meta format_version " + other + " but header user_version "
                + StoreSchema.FORMAT_VERSION);
    }

    @Test
    void ourMarkButAMissingTable() {
        Path file = storeWithRecords("nometa.db", 10, 10);
        sql(file, "DROP TABLE meta");
        refusedUnchanged(file).hasMessageContaining("no table meta");
    }

    @Test
    void ourMarkButOtherColumns() {
        Path file = dir.resolve("cols.db");
        sql(file, "PRAGMA application_id = " + StoreSchema.APPLICATION_ID,
                "PRAGMA user_version = " + StoreSchema.FORMAT_VERSION,
                "CREATE TABLE kv_key (rev INTEGER PRIMARY KEY, key TEXT, value BLOB)",
                "CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)");
        refusedUnchanged(file).hasMessageContaining("table kv_key has columns");
    }

    @Test
    void metaRevisionBehindTheRecords() {
        Path file = storeWithRecords("meta.db", 10, 10);
        sql(file, "UPDATE meta SET value = 1 WHERE name = 'current_revision'");
        refusedUnchanged(file).hasMessageContaining("newest row is at revision 2, beyond the current revision");
    }

    @Test
    void metaRecordMissing() {
        Path file = storeWithRecords("meta2.db", 10, 10);
        sql(file, "DELETE FROM meta WHERE name = 'finished_compaction'");
        refusedUnchanged(file).hasMessageContaining("meta row finished_compaction is missing");
    }

    @Test
    void tombstoneOfAKeyThatIsNotLive() {
        Path file = storeWithRecords("rows.db", 10, 10);
        long rev = Revision.pack(3, 0);
        sql(file, "INSERT INTO kv_key VALUES (" + rev + ", " + entry(rev, b("none"), 0, 0) + ")",
                "INSERT INTO kv_value VALUES (" + rev + ", " + valueRecord(rev, b("none"), 0, 0) + ")",
                "UPDATE meta SET value = 3 WHERE name = 'current_revision'",
                "UPDATE meta SET value = value + 1 WHERE name = 'row_count'");
        refusedUnchanged(file).hasMessageContaining("inconsistent at revision 3.0")
                .hasMessageContaining("tombstone of key \"none\", which is not live");
    }

    @Test
    void putRecordWithImpossibleVersion() {
        Path file = storeWithRecords("ver.db", 10, 10);
        long rev = Revision.pack(3, 0);
        sql(file, "INSERT INTO kv_key VALUES (" + rev + ", " + entry(rev, b("new"), rev, -1) + ")",
                "INSERT INTO kv_value VALUES (" + rev + ", " + valueRecord(rev, b("new"), rev, -1) + ")",
                "UPDATE meta SET value = 3 WHERE name = 'current_revision'",
                "UPDATE meta SET value = value + 1 WHERE name = 'row_count'");
        refusedUnchanged(file).hasMessageContaining("inconsistent at revision 3.0").hasMessageContaining("version -1");
        listedByVerify(file, rev, "passes its checksum but is inconsistent: put with create_rev 3.0, version -1");
    }

    /**
     * A row replaced by another of the same revision whose checksums pass (a key row and its value row as a writer
     * makes them): the count is right, the digest of the rows is not the one written; the open refuses the file and
     * verify says why.
     */
    @Test
    void aRowReplacedByAnotherThatPassesItsChecksum() {
        Path file = storeWithRecords("swapped.db", 10, 0);
        long rev = Revision.pack(1, 4);
        sql(file, "UPDATE kv_key SET entry = " + entry(rev, b("other"), rev, 1) + " WHERE rev = " + rev,
                "UPDATE kv_value SET value = " + valueRecord(rev, b("other"), rev, 1) + " WHERE rev = " + rev);
        refusedUnchanged(file).hasMessageContaining("is inconsistent: the digest of its rows is 0x")
                .hasMessageContaining("where that of the rows written is 0x");
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.damagedRecords()).as(report.toString()).isEmpty();
        assertThat(report.problems()).as(report.toString()).singleElement().asString()
                .startsWith("the digest of its rows is 0x");
    }

    /** A changed key_digest: the open refuses the file, from its image as from its rows. */
    @Test
    void aChangedKeyDigest() {
        Path file = dir.resolve("digest.db");
        try (MvccStore store = MvccStore.open(file, FAST)) {
            store.put(b("a"), b("1"));
            store.put(b("b"), b("2"));
        }
        assertThat(StoreTestSupport.queryLong(file, "SELECT count(*) FROM index_image")).isPositive();
        sql(file, "UPDATE meta SET value = value + 1 WHERE name = 'key_digest'");
        refusedUnchanged(file).hasMessageContaining("the digest of its rows is 0x");
        sql(file, "DELETE FROM index_image");
        refusedUnchanged(file).hasMessageContaining("the digest of its rows is 0x");
    }

    /** SQL for the {@link KeyEntry} of a change with an empty value: a blob literal. */
    private static String entry(long rev, byte[] key, long createRev, long version) {
        return "x'" + HexFormat.of().formatHex(KeyEntry.encode(rev, key, createRev, version)) + "'";
    }

    /** SQL for the {@link ValueRecord} of a change with an empty value: a blob literal. */
    private static String valueRecord(long rev, byte[] key, long createRev, long version) {
        byte[] record = new ValueRecord().encode(rev, key, createRev, version, new byte[0]);
        return "x'" + HexFormat.of().formatHex(record) + "'";
    }

    /**
     * An entry whose checksum holds but whose bytes do not decode (a varint cut off by the end), as only a writer
     * that broke the format could leave, is refused on open and listed by verify; so is an entry too short to hold
     * its checksum.
     */
    @Test
    void anEntryThatDoesNotDecodeOrIsTooShort() {
        long rev = Revision.pack(3, 0);
        byte[] cut = new byte[KeyEntry.CHECKSUM_BYTES + 1];
        cut[KeyEntry.CHECKSUM_BYTES] = (byte) 0x80; // a continuation bit with no byte after it
        RecordChecksum.store(cut, RecordChecksum.ofEntry(new CRC32C(), new byte[8], rev, cut));
        String[][] cases = {
            {HexFormat.of().formatHex(cut), "passes its checksum but its entry does not decode"},
            {"6b3031", "has an entry of 3 B, shorter than its 4 B checksum"},
        };
        for (String[] c : cases) {
            Path file = storeWithRecords("entry-" + c[0].length() + ".db", 10, 10);
            sql(file, "INSERT INTO kv_key VALUES (" + rev + ", x'" + c[0] + "')",
                    "INSERT INTO kv_value VALUES (" + rev + ", x'')",
                    "UPDATE meta SET value = 3 WHERE name = 'current_revision'",
                    "UPDATE meta SET value = value + 1 WHERE name = 'row_count'");
            refusedUnchanged(file).isInstanceOf(StoreCorruptionException.class)
                    .hasMessageContaining("at revision 3.0").hasMessageContaining(c[1]);
            listedByVerify(file, rev, c[1]);
        }
    }

    /** {@link MvccStore#verify} lists the record at {@code rev}, and no other, with {@code problem}. */
    private static void listedByVerify(Path file, long rev, String problem) {
        VerifyReport report = MvccStore.verify(file);
        assertThat(report.ok()).isFalse();
        assertThat(report.damagedRecords()).singleElement().satisfies(d -> {
            assertThat(d.revision()).isEqualTo(rev);
            assertThat(d.problem()).contains(problem);
        });
    }

    @Test
    void corruptPages() throws IOException {
        Path file = storeWithRecords("corrupt.db", 2000, 1000);
        long size = Files.size(file);
        assertThat(size).isGreaterThan(40L * StoreSchema.PAGE_SIZE);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            byte[] garbage = new byte[StoreSchema.PAGE_SIZE];
            new Random(2).nextBytes(garbage);
            raf.seek(20L * StoreSchema.PAGE_SIZE);
            raf.write(garbage);
        }
        refusedUnchanged(file).hasMessageContaining("corrupt");
    }

    @Test
    void leftoverLogWithoutItsDatabase() throws IOException {
        Path file = dir.resolve("gone.db");
        Files.write(SqliteConnections.sideFile(file, "-wal"), new byte[100]);
        assertThatThrownBy(() -> MvccStore.open(file, FAST)).isInstanceOf(StoreFormatException.class)
                .hasMessageContaining("write-ahead log without its database");
        assertThat(Files.exists(file)).isFalse();
    }

    @Test
    void emptyFileBecomesAStore() throws IOException {
        Path file = Files.createFile(dir.resolve("empty.db"));
        try (MvccStore store = MvccStore.open(file, FAST)) {
            assertThat(store.put(b("a"), b("1"))).isEqualTo(1);
        }
        try (MvccStore store = MvccStore.open(file, FAST)) {
            assertThat(store.get(b("a")).value()).isEqualTo(b("1"));
        }
    }

    @Test
    void badLocations() throws IOException {
        assertThatThrownBy(() -> MvccStore.open(dir.resolve("missing/s.db"))).isInstanceOf(StoreException.class)
                .hasMessageContaining("directory " + dir.resolve("missing") + " does not exist");
        assertThatThrownBy(() -> MvccStore.open(dir)).isInstanceOf(StoreException.class)
                .hasMessageContaining("is a directory");
        Path plain = Files.createFile(dir.resolve("plain"));
        assertThatThrownBy(() -> MvccStore.open(plain.resolve("s.db"))).isInstanceOf(StoreException.class)
                .hasMessageContaining("does not exist");
    }

    @Test
    void readOnlyDirectory() throws IOException {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Path existing = storeWithRecords("moved.db", 5, 5);
        Files.move(existing, ro.resolve("s.db"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeFalse(Files.isWritable(ro), "running as root: permissions do not stop writes");
            String hash = sha256(ro.resolve("s.db"));
            assertThatThrownBy(() -> MvccStore.open(ro.resolve("new.db"))).isInstanceOf(StoreException.class)
                    .hasMessageContaining("directory " + ro + " is not writable");
            assertThatThrownBy(() -> MvccStore.open(ro.resolve("s.db"))).isInstanceOf(StoreException.class)
                    .hasMessageContaining("is not writable");
            assertThat(sha256(ro.resolve("s.db"))).isEqualTo(hash);
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void unwritableFile() throws IOException {
        Path file = storeWithRecords("locked.db", 5, 5);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        assumeFalse(Files.isWritable(file), "running as root: permissions do not stop writes");
        assertThatThrownBy(() -> MvccStore.open(file)).isInstanceOf(StoreException.class)
                .hasMessageContaining("not readable and writable");
    }
}
